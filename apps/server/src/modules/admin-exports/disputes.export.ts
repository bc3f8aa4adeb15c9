import type { DisputeView } from '@freight/contracts';
import { type Language, zonedDateTime } from '@freight/domain';
import type { ExportColumn } from '../../exports/export';
import { exportWord } from '../../exports/words';

/** The dispute queue's columns: the invoice and account, who opened it, the charge, the amount, when and why. */
export function adminDisputeExportColumns(language: Language, timeZone: string): ExportColumn<DisputeView>[] {
  return [
    { key: 'invoice_number', value: (d) => d.invoice_number },
    { key: 'account', value: (d) => d.account_name },
    { key: 'opened_by', value: (d) => d.opened_by?.name },
    { key: 'disputed_charge', value: (d) => d.charge_label ?? exportWord(language, 'values.whole_invoice') },
    { key: 'dispute_amount', kind: 'money', value: (d) => d.amount_cents },
    { key: 'currency', value: (d) => d.currency },
    { key: 'opened_at', kind: 'datetime', value: (d) => zonedDateTime(new Date(d.created_at), timeZone) },
    { key: 'reason', value: (d) => d.reason },
  ];
}
