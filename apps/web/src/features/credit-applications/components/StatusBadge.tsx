import type { CreditApplicationStatus } from '@freight/contracts';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<CreditApplicationStatus, string> = { pending: 'yellow', approved: 'green', declined: 'red' };

/** An application's state, in words and colour. */
export function ApplicationStatusBadge({ status, ...props }: { status: CreditApplicationStatus } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" {...props}>
      {t(`credit_applications.status.${status}`)}
    </Badge>
  );
}
