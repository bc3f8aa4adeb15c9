import {
  alertListResponse,
  alertPreferencesView,
  alertUnreadResponse,
  exceptionAcknowledgeResponse,
  exceptionQueueResponse,
} from '@freight/contracts';
import { type Answer, body } from './openapi-answers';

/**
 * What the routes of alerts answer on success (web-answers.ts explains the checks). Each carries
 * the caller's unread count beside or instead of the usual `data` envelope, for the bell, and the
 * exceptions queue its counts per kind: so their schemas are the whole bodies'.
 */
export const ALERT_ANSWERS: Record<string, Answer> = {
  'GET /api/alerts': body("A page of the account's alerts, newest first, and the caller's unread count.", alertListResponse),
  'GET /api/alerts/unread-count': body("The caller's unread alerts.", alertUnreadResponse),
  'POST /api/alerts/:id/read': body("The caller's unread alerts after this one was read.", alertUnreadResponse),
  'POST /api/alerts/read-all': body("The caller's unread alerts after all were read: none.", alertUnreadResponse),
  'GET /api/settings/alerts': body("The caller's channels for every kind of alert, and whether SMS can reach them.", alertPreferencesView),
  'PUT /api/settings/alerts': body("The caller's channels for every kind of alert after the change.", alertPreferencesView),
  'GET /api/admin/exceptions': body(
    'A page of the open, unacknowledged alerts of every account, oldest first, and how many there are of each kind.',
    exceptionQueueResponse,
  ),
  'POST /api/admin/exceptions/acknowledge': body(
    'How many of the alerts were open and are now acknowledged.',
    exceptionAcknowledgeResponse,
  ),
};
