import { LANGUAGES } from '@freight/domain';
import { z } from 'zod';
import { requiredChoice, requiredText } from './fields';
import { INBOX_SORTS } from './listSorts';
import {
  SUPPORT_ATTACHMENT_TYPES,
  SUPPORT_ATTACHMENTS_PER_MESSAGE,
  SUPPORT_CATEGORIES,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_STATES,
  type SupportState,
} from './supportChoices';
import { mineParam, teamPerson } from './team';

/**
 * Chat with support: a customer's conversations with the support desk, the staff
 * inbox, and the live events both sides receive. Messages are plain text: no side renders them
 * as HTML.
 */
const attachmentIds = z
  .array(z.uuid({ error: 'validation.choice' }))
  .max(SUPPORT_ATTACHMENTS_PER_MESSAGE, { error: 'validation.too_many' });

export const messageBody = requiredText('validation.required', SUPPORT_MESSAGE_MAX);

export const newConversationRequest = z.object({
  category: requiredChoice(SUPPORT_CATEGORIES, 'validation.chat_category'),
  /** A BOL or invoice number of the caller's account; empty for none. */
  reference: z.string().trim().max(40, { error: 'validation.too_long' }).optional().default(''),
  message: messageBody,
  attachment_ids: attachmentIds.optional().default([]),
});
export type NewConversationRequest = z.input<typeof newConversationRequest>;

export const messageRequest = z.object({
  body: messageBody,
  attachment_ids: attachmentIds.optional().default([]),
});
export type MessageRequest = z.input<typeof messageRequest>;

export const staffMessageRequest = messageRequest.extend({
  /** An internal note: staff only, never shown to the customer. */
  internal: z.boolean().optional().default(false),
});
export type StaffMessageRequest = z.input<typeof staffMessageRequest>;

export const assignRequest = z.object({ assignee_id: z.uuid({ error: 'validation.choice' }).nullable() });

export const conversationListQuery = z.object({
  state: z.enum(SUPPORT_STATES, { error: 'validation.choice' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/support/conversations: the account's conversations, or with `mine` the caller's own. */
export const accountConversationListQuery = conversationListQuery.extend({ mine: mineParam });

export const inboxQuery = conversationListQuery.extend({
  category: z.enum(SUPPORT_CATEGORIES, { error: 'validation.choice' }).optional(),
  /** 'me', 'unassigned' or a staff user's id. */
  assignee: z.union([z.literal('me'), z.literal('unassigned'), z.uuid()], { error: 'validation.choice' }).optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(INBOX_SORTS, { error: 'validation.choice' }).default('newest'),
});
export type InboxQuery = z.input<typeof inboxQuery>;

export const cannedAnswerRequest = z.object({
  title: requiredText('validation.required', 80),
  body_en: requiredText('validation.required', SUPPORT_MESSAGE_MAX),
  body_es: requiredText('validation.required', SUPPORT_MESSAGE_MAX),
});
export type CannedAnswerRequest = z.input<typeof cannedAnswerRequest>;

export const supportAttachmentView = z.strictObject({
  id: z.string(),
  file_name: z.string(),
  content_type: z.enum(SUPPORT_ATTACHMENT_TYPES),
  size: z.number().int(),
  /** Where the file is read: the caller's own route (the customer's or staff's). */
  url: z.string(),
});
export type SupportAttachmentView = z.output<typeof supportAttachmentView>;

/** A file just uploaded, not yet sent with a message (POST /api/support/attachments, staff's too). */
export const supportUploadView = supportAttachmentView.omit({ url: true });
export type SupportUploadView = z.output<typeof supportUploadView>;

export const supportMessageView = z.strictObject({
  id: z.string(),
  conversation_id: z.string(),
  from_staff: z.boolean(),
  internal: z.boolean(),
  /** The author as the reader should see them: staff's first name to customers, full names to staff. */
  author: z.string(),
  body: z.string(),
  created_at: z.string(),
  attachments: z.array(supportAttachmentView),
});
export type SupportMessageView = z.output<typeof supportMessageView>;

export const conversationSummary = z.strictObject({
  id: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  state: z.enum(SUPPORT_STATES),
  reference: z.string().nullable(),
  /** The first message, cut short: what the conversation is about. */
  subject: z.string(),
  last_message_at: z.string(),
  created_at: z.string(),
  /** Messages from the other side the reader has not read. */
  unread: z.number().int(),
});
export type ConversationSummary = z.output<typeof conversationSummary>;

/** A conversation in the account's list (GET /api/support/conversations), naming who of the team opened it. */
export const accountConversationSummary = conversationSummary.extend({ opened_by: teamPerson.nullable() });
export type AccountConversationSummary = z.output<typeof accountConversationSummary>;

/** The thread: the reader's messages and when the other side last read them. */
const thread = {
  /** When the other side last read the thread: messages up to then show a read mark. */
  other_side_read_at: z.string().nullable(),
  messages: z.array(supportMessageView),
};

export const conversationView = conversationSummary.extend({
  shipment_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  ...thread,
});
export type ConversationView = z.output<typeof conversationView>;

export const inboxConversation = conversationSummary.extend({
  account: z.strictObject({ id: z.string(), name: z.string() }),
  customer: z.strictObject({ id: z.string(), name: z.string(), email: z.string(), language: z.enum(LANGUAGES) }),
  assignee: teamPerson.nullable(),
  shipment: z.strictObject({ id: z.string(), bol_number: z.string() }).nullable(),
  invoice: z.strictObject({ id: z.string(), number: z.string() }).nullable(),
  first_response_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  /** Staffed minutes to the first reply (so far, while unanswered) and to the resolution. */
  first_response_minutes: z.number().int(),
  resolution_minutes: z.number().int().nullable(),
});
export type InboxConversation = z.output<typeof inboxConversation>;

export const inboxConversationView = inboxConversation.extend(thread);
export type InboxConversationView = z.output<typeof inboxConversationView>;

export const inboxSummary = z.strictObject({
  /** Conversations waiting for support with unread customer messages: all, and those assigned to the reader. */
  unread: z.number().int(),
  unread_mine: z.number().int(),
  unassigned: z.number().int(),
});
export type InboxSummary = z.output<typeof inboxSummary>;

export const cannedAnswerView = z.strictObject({
  id: z.string(),
  title: z.string(),
  body_en: z.string(),
  body_es: z.string(),
});
export type CannedAnswerView = z.output<typeof cannedAnswerView>;

export const supportHoursView = z.strictObject({
  open_now: z.boolean(),
  /** When support next opens (now, when open). */
  next_open_at: z.string(),
  time_zone: z.string(),
  opens_at: z.string(),
  closes_at: z.string(),
  phone: z.string(),
  phone_tel: z.string(),
  email: z.string(),
});
export type SupportHoursView = z.output<typeof supportHoursView>;

/** A live event as the stream sends it (`data:` of an SSE event; its `id:` is `seq`). */
export type SupportLiveEvent =
  | { kind: 'message'; seq: number; conversation_id: string; message: SupportMessageView }
  | { kind: 'staff_read' | 'customer_read'; seq: number; conversation_id: string; read_at: string }
  | { kind: 'conversation'; seq: number; conversation_id: string; state: SupportState; assignee_id: string | null };
