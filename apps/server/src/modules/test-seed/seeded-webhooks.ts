import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { RETRY_WINDOW_MS, webhookDelivery, webhooksRepository } from '../webhooks/webhooks.service';

/**
 * A seeded account's webhooks as time makes them, when a scenario cannot wait: a receiver that
 * stays down for a delivery's whole retry window (72 hours).
 */
export function seededWebhooks(ctx: AppContext) {
  const repo = webhooksRepository(ctx.db);

  return {
    /**
     * The account's webhook `id` after its receiver stayed down for the retry window: each lane
     * with deliveries waiting runs as its job runs it, by a clock that window later, so each head
     * makes its last attempt and, failing, the product does what it does then (the delivery failed
     * for good, the webhook switched off, its admin told). Answers the webhook's deliveries that
     * failed; 404 for another account's webhook.
     */
    async lapse(accountId: string, id: string) {
      const sub = isUuid(id) ? await repo.find({ accountId }, id) : undefined;
      if (!sub) throw AppError.notFound();
      const later = new Date(ctx.now().getTime() + RETRY_WINDOW_MS);
      const delivery = webhookDelivery({ ...ctx, now: () => later });
      for (const lane of await repo.pendingLanesOf(sub.id)) await delivery.runLane(lane);
      const deliveries = await repo.deliveries(sub.id);
      return { failed: deliveries.filter((d) => d.status === 'failed').length, enabled: (await repo.byId(sub.id))?.enabled ?? false };
    },
  };
}
