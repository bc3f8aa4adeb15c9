import type { CarrierInvoiceSummaryView } from '@freight/contracts';
import type { CarrierInvoiceStatus, VarianceReasonCode } from '@freight/domain';
import { Badge, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { major } from '../../../../components/shipment/format';
import { useFormat } from '../../../../lib/useFormat';

const STATUS_COLORS: Record<CarrierInvoiceStatus, string> = {
  unmatched: 'orange',
  pending_audit: 'yellow',
  disputed: 'red',
  approved: 'green',
  short_paid: 'teal',
  paid: 'gray',
  duplicate: 'gray',
};

export function CarrierInvoiceStatusBadge({ status, size = 'md' }: { status: CarrierInvoiceStatus; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size={size}>
      {t(`admin.carrier_invoices.statuses.${status}`)}
    </Badge>
  );
}

/** Marks an invoice approved without a person (its variance within the tolerance), apart from those a person approved. */
export function AutoApprovedBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="blue" variant="outline" size="sm" title={t('admin.carrier_invoices.auto_badge_hint')}>
      {t('admin.carrier_invoices.auto_badge')}
    </Badge>
  );
}

/** Cents in the invoice's currency, by the reader's settings. */
export function useCents() {
  const fmt = useFormat();
  return (cents: number, currency: string) => fmt.money(major(cents), currency);
}

/** A variance with its sign ('+$12.00' over what was expected, '-$3.00' under), red when billed over. */
export function Variance({ cents, currency, size = 'sm' }: { cents: number | null; currency: string; size?: 'xs' | 'sm' }) {
  const money = useCents();
  if (cents === null) return <Text size={size}>—</Text>;
  return (
    <Text size={size} c={cents > 0 ? 'red.8' : undefined} fw={cents === 0 ? undefined : 600}>
      {cents > 0 ? `+${money(cents, currency)}` : money(cents, currency)}
    </Text>
  );
}

/** The reasons an invoice waits, in words ("Reweigh, accessorial not ordered"), or none. */
export function ReasonWords({ reasons, size = 'sm' }: { reasons: readonly VarianceReasonCode[]; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return <Text size={size}>{t('admin.carrier_invoices.no_reason')}</Text>;
  return <Text size={size}>{reasons.map((r) => t(`admin.carrier_invoices.reasons.${r}`)).join(', ')}</Text>;
}

/** The invoice's references as the carrier gave them. */
export function referencesOf(invoice: Pick<CarrierInvoiceSummaryView, 'pro_number' | 'bol_number'>, t: TFunction) {
  return [
    invoice.bol_number && t('admin.carrier_invoices.bol', { number: invoice.bol_number }),
    invoice.pro_number && t('admin.carrier_invoices.pro', { number: invoice.pro_number }),
  ].filter(Boolean) as string[];
}
