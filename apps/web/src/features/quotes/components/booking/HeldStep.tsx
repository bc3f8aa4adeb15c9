import type { BookingApproval } from '@freight/contracts';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAnnounce } from '../../../../components/a11y/useAnnounce';
import { useFormat } from '../../../../lib/useFormat';
import { WithdrawRequest } from '../../../approvals';

/**
 * The booking went beyond what its booker may book alone: it waits for an account admin, nothing
 * sent to the carrier. Says why, what waits, and where to follow it; the booker may withdraw it.
 */
export function HeldStep({ approval, onNewQuote }: { approval: BookingApproval; onNewQuote: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [withdrawn, setWithdrawn] = useState(false);
  useAnnounce(t('approvals.held.title'), approval.id);
  // On arrival, and once withdrawn (the button that was pressed is gone with its dialog).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the step changes to withdrawn.
  useEffect(() => {
    headingRef.current?.focus();
  }, [withdrawn]);
  const reasons = approval.reasons.map((r) => t(`approvals.reasons.${r}`).toLowerCase()).join(', ');
  return (
    <Stack gap="md" data-testid="held-for-approval">
      <Title order={2} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        {t(withdrawn ? 'approvals.held.withdrawn_title' : 'approvals.held.title')}
      </Title>
      {withdrawn ? (
        <Alert color="blue" role="status">
          {t('approvals.withdraw.done')}
        </Alert>
      ) : (
        <Alert color="orange" variant="light">
          <Stack gap="xs">
            <Text size="sm">{t('approvals.held.body', { reasons })}</Text>
            <Text size="sm" fw={600}>
              {t('approvals.held.summary', {
                carrier: approval.carrier_name,
                total: fmt.money(approval.total_cents / 100, approval.currency),
                origin: approval.origin,
                destination: approval.destination,
              })}
            </Text>
          </Stack>
        </Alert>
      )}
      <Group gap="sm">
        <Button component={Link} to={`/approvals/${approval.id}`}>
          {t('approvals.held.see')}
        </Button>
        {!withdrawn && <WithdrawRequest approval={approval} onWithdrawn={() => setWithdrawn(true)} />}
        <Button variant="default" onClick={onNewQuote}>
          {t('approvals.held.new_quote')}
        </Button>
      </Group>
    </Stack>
  );
}
