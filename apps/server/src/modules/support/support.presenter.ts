import type {
  AccountConversationSummary,
  ConversationSummary,
  ConversationView,
  InboxConversation,
  SupportAttachmentView,
  SupportLiveEvent,
  SupportMessageView,
} from '@freight/contracts';
import type { Language } from '@freight/domain';
import { businessMinutesBetween, type SupportHours } from '@freight/domain/support-hours';
import { nameOfParts, type People, personOf } from '../../people';
import type { AttachmentRow, Audience, ConversationRow, EventRow, SupportRepository } from './support.repository';

type MessageRows = Awaited<ReturnType<SupportRepository['messages']>>;
type InboxRow = Awaited<ReturnType<SupportRepository['inboxPage']>>['rows'][number];

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const attachmentUrl = (id: string, staff: boolean) =>
  staff ? `/api/admin/support/attachments/${id}` : `/api/support/attachments/${id}`;

export const presentAttachment = (a: AttachmentRow, staff: boolean): SupportAttachmentView => ({
  id: a.id,
  file_name: a.fileName,
  /** Stored as text, but only ever one of the types the upload's sniffer tells (attachments.ts). */
  content_type: a.contentType as SupportAttachmentView['content_type'],
  size: a.size,
  url: attachmentUrl(a.id, staff),
});

/** A message as `audience` reads it: customers see a staff author by first name only. */
export function presentMessages(rows: MessageRows, audience: Audience): SupportMessageView[] {
  return rows.map(({ message, firstName, lastName, attachments }) => ({
    id: message.id,
    conversation_id: message.conversationId,
    from_staff: message.fromStaff,
    internal: message.internal,
    author: message.fromStaff && !audience.staff ? (firstName ?? '') : nameOfParts(firstName, lastName),
    body: message.body,
    created_at: message.createdAt.toISOString(),
    attachments: attachments.map((a) => presentAttachment(a, audience.staff)),
  }));
}

export const presentSummary = (c: ConversationRow, unread: number): ConversationSummary => ({
  id: c.id,
  category: c.category,
  state: c.state,
  reference: c.reference,
  subject: c.subject,
  last_message_at: c.lastMessageAt.toISOString(),
  created_at: c.createdAt.toISOString(),
  unread,
});

/** A conversation in the account's list, naming who of the team opened it (`people`: usersService.people). */
export const presentAccountSummary = (c: ConversationRow, unread: number, people: People): AccountConversationSummary => ({
  ...presentSummary(c, unread),
  opened_by: personOf(people, c.userId, c.accountId),
});

export const presentConversation = (c: ConversationRow, unread: number, messages: SupportMessageView[]): ConversationView => ({
  ...presentSummary(c, unread),
  shipment_id: c.shipmentId,
  invoice_id: c.invoiceId,
  other_side_read_at: iso(c.staffReadAt),
  messages,
});

/** A row of the staff inbox, with its clocks in staffed minutes. */
export function presentInboxRow(row: InboxRow, hours: SupportHours, now: Date): InboxConversation {
  const c = row.conversation;
  return {
    ...presentSummary(c, row.unread),
    account: { id: c.accountId, name: row.accountName },
    customer: {
      id: row.customer.id,
      name: `${row.customer.firstName} ${row.customer.lastName}`.trim(),
      email: row.customer.email,
      /** Stored as text; settings only ever write a language of LANGUAGES. */
      language: (row.language ?? 'en') as Language,
    },
    assignee: row.assignee?.id ? { id: row.assignee.id, name: `${row.assignee.firstName} ${row.assignee.lastName}`.trim() } : null,
    shipment: c.shipmentId && row.bolNumber ? { id: c.shipmentId, bol_number: row.bolNumber } : null,
    invoice: c.invoiceId && row.invoiceNumber ? { id: c.invoiceId, number: row.invoiceNumber } : null,
    first_response_at: iso(c.firstResponseAt),
    resolved_at: iso(c.resolvedAt),
    first_response_minutes: businessMinutesBetween(c.createdAt, c.firstResponseAt ?? now, hours),
    resolution_minutes: c.resolvedAt ? businessMinutesBetween(c.createdAt, c.resolvedAt, hours) : null,
  };
}

/** The live events of `rows` as `audience` receives them (rows it may not see are already left out). */
export async function presentEvents(repo: SupportRepository, rows: EventRow[], audience: Audience): Promise<SupportLiveEvent[]> {
  const messageIds = rows.filter((e) => e.kind === 'message' && e.messageId).map((e) => e.messageId!);
  const conversationIds = [...new Set(rows.filter((e) => e.kind !== 'message').map((e) => e.conversationId))];
  const [messages, conversations] = await Promise.all([
    repo.messages({ ids: messageIds }, audience.staff),
    repo.conversations(conversationIds),
  ]);
  const messageById = new Map(presentMessages(messages, audience).map((m) => [m.id, m]));
  const conversationById = new Map(conversations.map((c) => [c.id, c]));
  const events: SupportLiveEvent[] = [];
  for (const e of rows) {
    const base = { seq: e.seq, conversation_id: e.conversationId };
    if (e.kind === 'message') {
      const message = e.messageId ? messageById.get(e.messageId) : undefined;
      if (message) events.push({ ...base, kind: 'message', message });
      continue;
    }
    const c = conversationById.get(e.conversationId);
    if (!c) continue;
    if (e.kind === 'conversation')
      events.push({ ...base, kind: 'conversation', state: c.state, assignee_id: audience.staff ? c.assigneeId : null });
    else {
      const readAt = e.kind === 'staff_read' ? c.staffReadAt : c.customerReadAt;
      if (readAt) events.push({ ...base, kind: e.kind, read_at: readAt.toISOString() });
    }
  }
  return events;
}
