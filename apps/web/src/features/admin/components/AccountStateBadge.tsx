import type { AccountState } from '@freight/contracts';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WHOLE_LABEL } from '../../../components/tracking/StatusBadge';

const COLORS: Record<AccountState, string> = { active: 'green', credit_hold: 'red', suspended: 'dark', unverified: 'yellow' };

export function AccountStateBadge({ state, size = 'md' }: { state: AccountState; size?: BadgeProps['size'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[state]} variant="light" size={size} styles={WHOLE_LABEL}>
      {t(`account_status.${state}`)}
    </Badge>
  );
}
