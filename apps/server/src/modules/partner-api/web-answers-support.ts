import {
  accountConversationSummary,
  activeNotice,
  cannedAnswerView,
  conversationView,
  inboxConversation,
  inboxConversationView,
  inboxSummary,
  SUPPORT_ATTACHMENT_TYPES,
  siteNotificationView,
  supportHoursView,
  supportMessageView,
  supportUploadView,
  teamPerson,
} from '@freight/contracts';
import { z } from 'zod';
import { type Answer, created, empty, file, list, page, record, stream } from './openapi-answers';

/** A conversation's file, to its reader: images and PDFs, as they were uploaded. */
const attachment = file('The file, as it was uploaded.', [...SUPPORT_ATTACHMENT_TYPES]);
const uploaded = created('The stored file, to send with a message by its id.', supportUploadView);

/** Each staff step on a conversation answers the conversation as staff read it after the step. */
const STAFF_CONVERSATION = '/api/admin/support/conversations/:id';

/**
 * What the routes of support: the shipper's conversations with support, staff's support desk, and
 * the site notices answer on success (web-answers.ts explains the checks). The live streams (SSE)
 * and the read marks and dismissal (an empty 204 that deletes nothing) are no answer kind, so they
 * are not here.
 */
export const SUPPORT_ANSWERS: Record<string, Answer> = {
  'GET /api/support/hours': record("Support's hours, whether it is open now, and its phone and email.", supportHoursView),
  'GET /api/support/conversations': page(
    "The account's conversations (or the caller's own), newest message first.",
    accountConversationSummary,
    { unread: z.number().int().meta({ description: "Support's replies the account has not read, in all its conversations" }) },
  ),
  'POST /api/support/conversations': created('The new conversation with its first message.', conversationView),
  'GET /api/support/conversations/:id': record('The conversation with its messages, as the customer reads them.', conversationView),
  'POST /api/support/conversations/:id/messages': created('The new message.', supportMessageView),
  'POST /api/support/conversations/:id/reopen': record('The reopened conversation.', conversationView),
  'POST /api/support/attachments': uploaded,
  'GET /api/support/attachments/:id': attachment,
  'GET /api/admin/support/conversations': page('The support inbox, by the filters and order asked.', inboxConversation),
  'GET /api/admin/support/summary': record("The inbox's counts: unread, unread and the reader's, unassigned.", inboxSummary),
  [`GET ${STAFF_CONVERSATION}`]: record(
    'The conversation as staff read it: its account, customer, clocks, and every message and note.',
    inboxConversationView,
  ),
  [`POST ${STAFF_CONVERSATION}/messages`]: created('The new message or internal note.', supportMessageView),
  [`POST ${STAFF_CONVERSATION}/resolve`]: record('The resolved conversation.', inboxConversationView),
  [`POST ${STAFF_CONVERSATION}/reopen`]: record('The reopened conversation.', inboxConversationView),
  [`POST ${STAFF_CONVERSATION}/assign`]: record('The conversation with its new assignee.', inboxConversationView),
  'GET /api/admin/support/assignees': list('The staff a conversation can be assigned to, by name.', teamPerson),
  'GET /api/admin/support/canned-answers': list('The canned answers staff pick from, by title.', cannedAnswerView),
  'POST /api/admin/support/canned-answers': created('The new canned answer.', cannedAnswerView),
  'POST /api/admin/support/attachments': uploaded,
  'GET /api/admin/support/attachments/:id': attachment,
  'GET /api/admin/notifications': page('The site notices, latest start first, by the state asked.', siteNotificationView),
  'POST /api/admin/notifications': created('The new notice.', siteNotificationView),
  'GET /api/admin/notifications/:id': record('The notice as staff edit it.', siteNotificationView),
  'PUT /api/admin/notifications/:id': record('The changed notice.', siteNotificationView),
  'POST /api/admin/notifications/:id/retire': record('The retired notice.', siteNotificationView),
  'GET /api/notifications/active': list(
    "The notices shown to the signed-in reader now, most severe first, in the reader's language.",
    activeNotice,
  ),
  'POST /api/notifications/:id/dismiss': empty('The information notice is closed for this user for good.'),
  'GET /api/public/notices': list("The outages shown on the public tracking page, in the visitor's language.", activeNotice),
  'POST /api/support/conversations/:id/read': empty("The conversation is marked read up to its latest message, on the shipper's side."),
  'POST /api/admin/support/conversations/:id/read': empty("The conversation is marked read up to its latest message, on support's side."),
  'GET /api/support/stream': stream(
    "The caller's conversations as they change: each new message, read mark and change of state or assignee, after a `ready` event.",
  ),
  'GET /api/admin/support/stream': stream(
    'Every conversation as it changes, for the support inbox: each new message, read mark and change of state or assignee, after a `ready` event.',
  ),
};
