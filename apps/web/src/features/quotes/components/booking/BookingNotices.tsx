import { AWAITING_PAYMENT_MINUTES } from '@freight/domain';
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthUser } from '../../../../lib/auth';
import { paths } from '../../../../lib/paths';
import { can } from '../../../../lib/permissions';

/** An account on credit hold is told before it fills the form that booking is blocked, with more on why. */
export function CreditHoldNotice({ onMore }: { onMore: () => void }) {
  const { t } = useTranslation();
  const user = useAuthUser();
  if (user?.account?.status !== 'credit_hold') return null;
  return (
    <Alert color="red" variant="light">
      <Group gap="sm" justify="space-between">
        <Text size="sm">{t('quotes.booking.credit_hold_notice')}</Text>
        <Button size="xs" variant="white" color="red" onClick={onMore}>
          {t('quotes.booking.credit_hold_more')}
        </Button>
      </Group>
    </Alert>
  );
}

/** Said before the click, not after: a prepaid booking is only held until it is paid. */
export function PrepaidNotice() {
  const { t } = useTranslation();
  const user = useAuthUser();
  if (user?.account?.payment_terms !== 'prepaid') return null;
  return (
    <Alert color="blue" variant="light" role="note" data-testid="prepaid-notice" title={t('quotes.booking.prepaid.title')}>
      {t('quotes.booking.prepaid.body', { minutes: AWAITING_PAYMENT_MINUTES })}{' '}
      {/* Where a shipper paying by card looks for another way to pay: credit terms, applied for
          by whoever's role may; anyone else is told whom to ask, never led to a refusal. */}
      {can(user, 'credit.apply') ? (
        <Anchor component={Link} to={paths.creditSettings} inherit>
          {t('quotes.booking.prepaid.apply')}
        </Anchor>
      ) : (
        t('quotes.booking.prepaid.ask_admin')
      )}
    </Alert>
  );
}
