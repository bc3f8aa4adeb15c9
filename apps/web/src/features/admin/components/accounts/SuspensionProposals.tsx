import type { StaffAccountDetail, SuspensionProposalView } from '@freight/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { Section } from '../../../../components/Section';
import { useFormat } from '../../../../lib/useFormat';
import { afterAccountChange } from '../../api/adminApi';
import { suspensionActions } from '../../api/suspensionApi';

/**
 * The account's open suspension proposals, shown to every staff member: who asked, when and why.
 * Someone allowed to suspend (`canSuspend`) suspends from one (the suspend dialog, its reason
 * started from the note) or dismisses it.
 */
export function SuspensionProposals({
  account,
  canSuspend,
  onSuspend,
}: {
  account: StaffAccountDetail;
  canSuspend: boolean;
  onSuspend: (proposal: SuspensionProposalView) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const dismiss = useMutation({
    mutationFn: (proposalId: string) => suspensionActions.dismiss(account.id, proposalId),
    onSuccess: (next) => afterAccountChange(client, next),
  });
  if (!account.suspension_proposals.length) return null;
  return (
    <Section title={t('admin.suspension.title')}>
      <Stack gap="md">
        {dismiss.error && <ErrorAlert error={dismiss.error} />}
        {account.suspension_proposals.map((p) => (
          <Stack key={p.id} gap={4} data-testid="suspension-proposal">
            <Text size="xs" c="dimmed">
              {t('admin.suspension.proposed_by', { who: p.proposed_by ?? '—', when: fmt.dateTime(p.created_at) })}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {p.note}
            </Text>
            {canSuspend && (
              <Group gap="xs">
                <Button size="compact-sm" color="red" variant="light" onClick={() => onSuspend(p)}>
                  {t('admin.suspension.suspend')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  loading={dismiss.isPending && dismiss.variables === p.id}
                  onClick={() => dismiss.mutate(p.id)}
                >
                  {t('admin.suspension.dismiss')}
                </Button>
              </Group>
            )}
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}
