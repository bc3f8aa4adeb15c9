import type { StaffAccountRow } from '@freight/contracts';
import { type Language, zonedDateTime } from '@freight/domain';
import type { ExportColumn } from '../../exports/export';
import { exportWord } from '../../exports/words';

/** Account Management's columns: what the list shows, the contact's name, email and phone apart. */
export function adminAccountExportColumns(language: Language, timeZone: string): ExportColumn<StaffAccountRow>[] {
  return [
    { key: 'account_name', value: (a) => a.name },
    { key: 'account_status', value: (a) => exportWord(language, `values.account_states.${a.state}`) },
    { key: 'payment_terms', value: (a) => exportWord(language, `values.payment_terms.${a.payment_terms}`) },
    { key: 'users_count', kind: 'number', value: (a) => a.users_count },
    { key: 'contact_name', value: (a) => a.contact?.name },
    { key: 'contact_email', value: (a) => a.contact?.email },
    { key: 'contact_phone', value: (a) => a.contact?.phone },
    { key: 'sales_rep', value: (a) => a.sales_rep?.name },
    { key: 'signed_up', kind: 'datetime', value: (a) => zonedDateTime(new Date(a.created_at), timeZone) },
  ];
}
