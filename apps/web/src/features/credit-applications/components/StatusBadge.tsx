import type { CreditApplicationStatus } from '@freight/contracts';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<CreditApplicationStatus, string> = { pending: 'yellow', approved: 'green', declined: 'red' };

/** An application's state, in words and colour. */
export function ApplicationStatusBadge({ status, ...props }: { status: CreditApplicationStatus } & BadgeProps) {
  const { t } = useTranslation();
  return (
    // Never cut to an ellipsis when a table column is narrow: the state is the point of the badge.
    <Badge color={COLORS[status]} variant="light" miw="max-content" {...props}>
      {t(`credit_applications.status.${status}`)}
    </Badge>
  );
}
