import type { InvoiceStatus } from '@freight/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<InvoiceStatus, string> = { open: 'blue', past_due: 'red', processing: 'violet', disputed: 'orange', paid: 'green' };

export function InvoiceStatusBadge({ status, size = 'sm' }: { status: InvoiceStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" size={size}>
      {t(`invoices.status.${status}`)}
    </Badge>
  );
}
