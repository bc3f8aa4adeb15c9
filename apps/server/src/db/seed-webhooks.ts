import { randomBytes } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES } from '@freight/contracts';
import { desc, eq } from 'drizzle-orm';
import { documentEvent, shipmentEvent, type WebhookEvent } from '../modules/webhooks/webhook-events';
import type { Db } from './client';
import { shipments, users, webhookDeliveries, webhookSubscriptions } from './schema';

/**
 * The secret of the seeded subscription until the app starts: the seed knows neither APP_KEY (to
 * seal one) nor APP_URL (where the demo receiver is), so webhooks.routes.ts fills both in, once,
 * and switches it on. Until then (and for good in production, which has no demo receiver) it is off.
 */
export const DEMO_WEBHOOK_UNSEALED = 'demo-unsealed';

const HOUR = 3_600_000;

/**
 * A webhook of the demo shipper to the demo receiver (/webhook-sim/receive), with a short history
 * of deliveries of its recent shipments: delivered at once, delivered after a retry, and one that
 * failed for 72 hours (the Settings page's replay button and the staff Integrations page's health
 * have something to show). New events are delivered live once the app runs.
 */
export async function seedDemoWebhooks(tx: Db, now: Date) {
  const [user] = await tx.select().from(users).where(eq(users.email, 'shipper@demo.test'));
  if (!user?.accountId) return;
  const accountId = user.accountId;
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const [sub] = await tx
    .insert(webhookSubscriptions)
    .values({
      accountId,
      url: 'http://127.0.0.1:3000/webhook-sim/receive',
      description: 'Demo receiver on this server',
      events: [...WEBHOOK_EVENT_TYPES],
      secretEnc: DEMO_WEBHOOK_UNSEALED,
      enabled: false,
      disabledReason: 'manual',
      disabledAt: now,
      createdBy: user.id,
      createdAt: ago(100),
      lastSuccessAt: ago(2),
      lastFailureAt: ago(24),
    })
    .returning();
  if (!sub) return;
  const recent = await tx.select().from(shipments).where(eq(shipments.accountId, accountId)).orderBy(desc(shipments.createdAt)).limit(3);

  const history: { event: WebhookEvent; at: Date; outcome: 'delivered' | 'retried' | 'failed' }[] = [];
  recent.forEach((s, n) => {
    history.push({ event: shipmentEvent('shipment.booked', { ...s, status: 'pending' }, null), at: ago(10 - n), outcome: 'delivered' });
    history.push({ event: documentEvent(s, 'bol'), at: ago(10 - n), outcome: 'delivered' });
    if (s.status !== 'pending') {
      const changed = shipmentEvent('shipment.status_changed', s, 'pending');
      history.push({ event: changed, at: ago(4 - n), outcome: n === 0 ? 'retried' : 'delivered' });
    }
  });
  const oldest = recent.at(-1);
  if (oldest) history.unshift({ event: shipmentEvent('shipment.status_changed', oldest, 'pending'), at: ago(96), outcome: 'failed' });

  await tx.insert(webhookDeliveries).values(
    history.map(({ event, at, outcome }, n) => {
      const settledAt =
        outcome === 'failed' ? new Date(at.getTime() + 72 * HOUR) : new Date(at.getTime() + (outcome === 'retried' ? 35_000 : 400));
      return {
        eventId: `msg_${randomBytes(16).toString('hex')}`,
        subscriptionId: sub.id,
        accountId,
        shipmentId: event.shipmentId ?? null,
        orderingKey: event.orderingKey,
        eventType: event.type,
        payload: { type: event.type, timestamp: at.toISOString(), data: event.data },
        status: outcome === 'failed' ? ('failed' as const) : ('delivered' as const),
        attempts: outcome === 'failed' ? 24 : outcome === 'retried' ? 3 : 1,
        nextAttemptAt: settledAt,
        lastAttemptAt: settledAt,
        lastStatusCode: outcome === 'failed' ? 503 : 200,
        lastError: outcome === 'failed' ? 'HTTP 503' : null,
        lastDurationMs: outcome === 'failed' ? 12 : 38 + n,
        deliveredAt: outcome === 'failed' ? null : settledAt,
        createdAt: at,
      };
    }),
  );
}
