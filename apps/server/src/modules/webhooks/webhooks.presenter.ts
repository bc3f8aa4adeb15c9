import type { WebhookDeliveryView, WebhookView } from '@freight/contracts';
import { type People, personOf } from '../../people';
import type { DeliveryRow, SubscriptionRow } from './webhooks.repository';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * A subscription as lists show it, naming who of the account made it (`people`:
 * usersService.people); its secret only in the answer that makes one (`secret`).
 */
export function presentWebhook(row: SubscriptionRow, people: People, secret?: string): WebhookView {
  return {
    id: row.id,
    created_by: personOf(people, row.createdBy, row.accountId),
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    created_at: row.createdAt.toISOString(),
    last_success_at: iso(row.lastSuccessAt),
    last_failure_at: iso(row.lastFailureAt),
    ...(secret ? { secret } : {}),
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    last_duration_ms: row.lastDurationMs,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    delivered_at: iso(row.deliveredAt),
    replay_of: row.replayOf,
    payload: row.payload,
  };
}
