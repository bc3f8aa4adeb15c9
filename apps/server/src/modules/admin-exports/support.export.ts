import type { InboxConversation } from '@freight/contracts';
import { type Language, zonedDateTime } from '@freight/domain';
import type { ExportColumn } from '../../exports/export';
import { exportWord } from '../../exports/words';

/** The support inbox's columns: each conversation's row as the inbox shows it (no message bodies). */
export function adminSupportExportColumns(language: Language, timeZone: string): ExportColumn<InboxConversation>[] {
  const at = (iso: string | null) => (iso ? zonedDateTime(new Date(iso), timeZone) : null);
  return [
    { key: 'conversation_reference', value: (c) => c.reference },
    { key: 'subject', value: (c) => c.subject },
    { key: 'support_category', value: (c) => exportWord(language, `values.support_categories.${c.category}`) },
    { key: 'support_state', value: (c) => exportWord(language, `values.support_states.${c.state}`) },
    { key: 'account', value: (c) => c.account.name },
    { key: 'customer', value: (c) => c.customer.name },
    { key: 'customer_email', value: (c) => c.customer.email },
    { key: 'assignee', value: (c) => c.assignee?.name },
    { key: 'bol_number', value: (c) => c.shipment?.bol_number },
    { key: 'invoice_number', value: (c) => c.invoice?.number },
    { key: 'unread', kind: 'number', value: (c) => c.unread },
    { key: 'opened_at', kind: 'datetime', value: (c) => at(c.created_at) },
    { key: 'last_message_at', kind: 'datetime', value: (c) => at(c.last_message_at) },
    { key: 'first_response_at', kind: 'datetime', value: (c) => at(c.first_response_at) },
    { key: 'resolved_at', kind: 'datetime', value: (c) => at(c.resolved_at) },
  ];
}
