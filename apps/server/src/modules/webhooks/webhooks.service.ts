import type { WebhookDeliveryView, WebhookRequest, WebhookView } from '@freight/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { type AuditActor, audit, changedFields } from '../audit/audit';
import { usersService } from '../users/users.service';
import { scheduleLane } from './webhook-events';

/** How deliveries go out, and the repository, for the test seeding's receiver that stays down. */
export { RETRY_WINDOW_MS, webhookDelivery } from './webhook-delivery';
/** The events other modules record in their own transactions (an invoice paid...). */
export {
  type WebhookSubscriberReader,
  webhookEvents,
  webhookSubscribersOf,
  webhookSubscribersReadEachSecond,
} from './webhook-events';
export { webhooksRepository } from './webhooks.repository';

import { newWebhookSecret, webhookSecretBox } from './webhook-signing';
import { targetProblem } from './webhook-target';
import { presentDelivery, presentWebhook } from './webhooks.presenter';
import { type SubscriptionRow, type WebhookOwner, webhooksRepository } from './webhooks.repository';

/** The previous secret keeps signing this long after a rotation, so receivers can switch over. */
const ROTATION_OVERLAP_MS = 24 * 3600_000;
/** Subscriptions an account or partner may have: each event is sent once per subscription. */
const MAX_SUBSCRIPTIONS = 20;

const snapshot = (s: SubscriptionRow) => ({ url: s.url, description: s.description, events: s.events, enabled: s.enabled });

/** The staff member behind a change of a partner's subscription (audited), or none for an account's own. */
export type Actor = AuditActor | null;

/**
 * Webhook subscriptions of an account (its admin in Settings, or its program through
 * the API with webhooks:manage) or of a partner (staff, audited): the target checked against
 * server-side request forgery, the signing secret shown once, rotation, the delivery log, replay.
 * Another owner's subscription is a 404.
 */
export function webhooksService(ctx: AppContext) {
  const repo = webhooksRepository(ctx.db);
  const secrets = webhookSecretBox(ctx.appKey);
  const production = ctx.config.NODE_ENV === 'production';

  async function checkTarget(url: string) {
    if (await targetProblem(url, production)) throw AppError.field('url', 'validation.webhook_target');
  }

  async function owned(owner: WebhookOwner, id: string) {
    const row = isUuid(id) ? await repo.find(owner, id) : undefined;
    if (!row) throw AppError.notFound();
    return row;
  }

  /** Runs a change in a transaction with its audit entry when staff make it. */
  async function write<T>(actor: Actor, action: string, change: (tx: Db) => Promise<{ result: T; entityId: string; record: object }>) {
    return ctx.db.transaction(async (tx) => {
      const { result, entityId, record } = await change(tx as Db);
      if (actor) await audit(tx as Db, actor, { action, entityType: 'webhook_subscription', entityId, ...record }, ctx.now());
      return result;
    });
  }

  /**
   * Switches a subscription on or off; on again, its waiting deliveries go out (their lanes are
   * scheduled). Staff's Integrations switch uses this too.
   */
  async function setEnabled(tx: Db, sub: SubscriptionRow, enabled: boolean) {
    if (enabled === sub.enabled) return sub;
    const now = ctx.now();
    const row = await webhooksRepository(tx).update(
      sub.id,
      enabled ? { enabled: true, disabledReason: null, disabledAt: null } : { enabled: false, disabledReason: 'manual', disabledAt: now },
    );
    if (enabled) for (const lane of await webhooksRepository(tx).pendingLanesOf(sub.id)) await scheduleLane(ctx, tx, lane, now);
    return row ?? sub;
  }

  /** Subscriptions as lists show them, each naming its maker. */
  async function presented(rows: SubscriptionRow[]) {
    const people = await usersService(ctx.db).people(rows.map((row) => row.createdBy));
    return rows.map((row) => presentWebhook(row, people));
  }
  const presentOne = async (row: SubscriptionRow, secret?: string) =>
    presentWebhook(row, await usersService(ctx.db).people([row.createdBy]), secret);

  return {
    setEnabled,

    list: async (owner: WebhookOwner): Promise<WebhookView[]> => presented(await repo.list(owner)),

    async create(owner: WebhookOwner, createdBy: string, body: WebhookRequest, actor: Actor = null): Promise<WebhookView> {
      await checkTarget(body.url);
      if ((await repo.count(owner)) >= MAX_SUBSCRIPTIONS) throw AppError.field('url', 'validation.too_many');
      const secret = newWebhookSecret();
      const now = ctx.now();
      const row = await write(actor, 'webhook.create', async (tx) => {
        const created = await webhooksRepository(tx).insert({
          ...owner,
          url: body.url,
          description: body.description,
          events: body.events,
          enabled: body.enabled,
          disabledReason: body.enabled ? null : 'manual',
          disabledAt: body.enabled ? null : now,
          secretEnc: secrets.seal(secret),
          createdBy,
          createdAt: now,
        });
        return { result: created, entityId: created.id, record: { after: { partner_id: created.partnerId, ...snapshot(created) } } };
      });
      return presentOne(row, secret);
    },

    async update(owner: WebhookOwner, id: string, body: WebhookRequest, actor: Actor = null): Promise<WebhookView> {
      const before = await owned(owner, id);
      if (body.url !== before.url) await checkTarget(body.url);
      const row = await write(actor, 'webhook.update', async (tx) => {
        const updated = await webhooksRepository(tx).update(id, { url: body.url, description: body.description, events: body.events });
        const after = await setEnabled(tx, updated ?? before, body.enabled);
        return { result: after, entityId: id, record: changedFields(snapshot(before), snapshot(after)) };
      });
      return presentOne(row);
    },

    async remove(owner: WebhookOwner, id: string, actor: Actor = null) {
      const before = await owned(owner, id);
      await write(actor, 'webhook.delete', async (tx) => {
        await webhooksRepository(tx).remove(id);
        return { result: undefined, entityId: id, record: { before: snapshot(before) } };
      });
    },

    /** A new secret, shown this once; the previous one keeps signing for 24 hours (deliveries carry both signatures). */
    async rotate(owner: WebhookOwner, id: string, actor: Actor = null): Promise<WebhookView> {
      const before = await owned(owner, id);
      const secret = newWebhookSecret();
      const now = ctx.now();
      const row = await write(actor, 'webhook.rotate_secret', async (tx) => {
        const updated = await webhooksRepository(tx).update(id, {
          secretEnc: secrets.seal(secret),
          previousSecretEnc: before.secretEnc,
          previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS),
        });
        return { result: updated ?? before, entityId: id, record: { after: { overlap_hours: ROTATION_OVERLAP_MS / 3600_000 } } };
      });
      return presentOne(row, secret);
    },

    async deliveries(owner: WebhookOwner, id: string): Promise<WebhookDeliveryView[]> {
      const sub = await owned(owner, id);
      return (await repo.deliveries(sub.id)).map(presentDelivery);
    },

    /**
     * Sends an event again: a new delivery with the same event id (receivers de-duplicate on it),
     * at the end of its lane, pointing at the one it repeats.
     */
    async replay(owner: WebhookOwner, id: string, deliveryId: number, actor: Actor = null): Promise<WebhookDeliveryView> {
      const sub = await owned(owner, id);
      const original = await repo.delivery(sub.id, deliveryId);
      if (!original) throw AppError.notFound();
      if (!sub.enabled) throw new AppError(409, 'conflict', 'errors.webhook_disabled');
      const now = ctx.now();
      const copy = await write(actor, 'webhook.replay', async (tx) => {
        const row = await webhooksRepository(tx).insertDelivery({
          eventId: original.eventId,
          subscriptionId: sub.id,
          accountId: original.accountId,
          shipmentId: original.shipmentId,
          orderingKey: original.orderingKey,
          eventType: original.eventType,
          payload: original.payload,
          nextAttemptAt: now,
          replayOf: original.id,
          createdAt: now,
        });
        if (!row) throw new Error('replay insert returned no row');
        await scheduleLane(ctx, tx, row, now);
        return {
          result: row,
          entityId: sub.id,
          record: { after: { delivery: row.id, replay_of: original.id, event_id: original.eventId } },
        };
      });
      return presentDelivery(copy);
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;
