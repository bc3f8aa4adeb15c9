import { z } from 'zod';
import { requiredChoice, requiredText } from './fields';
import { mineParam, type TeamPerson } from './team';

/**
 * Chat with support: a customer's conversations with the support desk, the staff
 * inbox, and the live events both sides receive. Messages are plain text: no side renders them
 * as HTML.
 */
export const SUPPORT_CATEGORIES = ['shipping', 'quoting', 'billing', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
/** open: waiting for support; waiting: support answered and waits for the customer; resolved. */
export const SUPPORT_STATES = ['open', 'waiting', 'resolved'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];

export const SUPPORT_MESSAGE_MAX = 4000;
/** Images and PDFs up to 10 MB, at most 5 per message. */
export const SUPPORT_ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export const SUPPORT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const SUPPORT_ATTACHMENTS_PER_MESSAGE = 5;

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

export const INBOX_SORTS = ['newest', 'oldest', 'waiting_longest'] as const;
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

export interface SupportAttachmentView {
  id: string;
  file_name: string;
  content_type: string;
  size: number;
  /** Where the file is read: the caller's own route (the customer's or staff's). */
  url: string;
}

export interface SupportMessageView {
  id: string;
  conversation_id: string;
  from_staff: boolean;
  internal: boolean;
  /** The author as the reader should see them: staff's first name to customers, full names to staff. */
  author: string;
  body: string;
  created_at: string;
  attachments: SupportAttachmentView[];
}

export interface ConversationSummary {
  id: string;
  category: SupportCategory;
  state: SupportState;
  reference: string | null;
  /** The first message, cut short: what the conversation is about. */
  subject: string;
  last_message_at: string;
  created_at: string;
  /** Messages from the other side the reader has not read. */
  unread: number;
}

/** A conversation in the account's list (GET /api/support/conversations), naming who of the team opened it. */
export interface AccountConversationSummary extends ConversationSummary {
  opened_by: TeamPerson | null;
}

export interface ConversationView extends ConversationSummary {
  shipment_id: string | null;
  invoice_id: string | null;
  /** When the other side last read the thread: messages up to then show a read mark. */
  other_side_read_at: string | null;
  messages: SupportMessageView[];
}

export interface InboxConversation extends ConversationSummary {
  account: { id: string; name: string };
  customer: { id: string; name: string; email: string; language: string };
  assignee: { id: string; name: string } | null;
  shipment: { id: string; bol_number: string } | null;
  invoice: { id: string; number: string } | null;
  first_response_at: string | null;
  resolved_at: string | null;
  /** Staffed minutes to the first reply (so far, while unanswered) and to the resolution. */
  first_response_minutes: number;
  resolution_minutes: number | null;
}

export interface InboxConversationView extends InboxConversation {
  other_side_read_at: string | null;
  messages: SupportMessageView[];
}

export interface InboxSummary {
  /** Conversations waiting for support with unread customer messages: all, and those assigned to the reader. */
  unread: number;
  unread_mine: number;
  unassigned: number;
}

export interface CannedAnswerView {
  id: string;
  title: string;
  body_en: string;
  body_es: string;
}

export interface SupportHoursView {
  open_now: boolean;
  /** When support next opens (now, when open). */
  next_open_at: string;
  time_zone: string;
  opens_at: string;
  closes_at: string;
  phone: string;
  phone_tel: string;
  email: string;
}

/** A live event as the stream sends it (`data:` of an SSE event; its `id:` is `seq`). */
export type SupportLiveEvent =
  | { kind: 'message'; seq: number; conversation_id: string; message: SupportMessageView }
  | { kind: 'staff_read' | 'customer_read'; seq: number; conversation_id: string; read_at: string }
  | { kind: 'conversation'; seq: number; conversation_id: string; state: SupportState; assignee_id: string | null };
