import { z } from 'zod';

/**
 * Colleagues who watch a shipment: besides its booker, they get its tracking mails, each by their
 * own settings and in their own language. Anyone of the account who may see shipments watches or
 * stops watching for themselves; a user who may book adds or removes a colleague.
 */

/** POST /api/shipments/:id/watchers: the colleague to add, an active user of the caller's account. */
export const shipmentWatcherAddRequest = z.object({
  user_id: z.uuid({ error: 'validation.choice' }),
});
export type ShipmentWatcherAddRequest = z.input<typeof shipmentWatcherAddRequest>;

/** One watcher of a shipment. */
export const shipmentWatcher = z.strictObject({
  user_id: z.string(),
  name: z.string(),
  you: z.boolean().meta({ description: 'The caller themselves' }),
  added_at: z.string().meta({ description: 'When they began watching (ISO 8601, UTC)' }),
});
export type ShipmentWatcher = z.output<typeof shipmentWatcher>;

/** GET /api/shipments/:id/watchers, and the answer of every change to them. */
export const shipmentWatchersView = z.strictObject({
  watching: z.boolean().meta({ description: 'The caller watches this shipment' }),
  booked_by_you: z.boolean().meta({ description: 'The caller booked it: its mails come to them anyway, so there is nothing to watch' }),
  watchers: z.array(shipmentWatcher).meta({ description: 'The active watchers, by name' }),
});
export type ShipmentWatchersView = z.output<typeof shipmentWatchersView>;

/** GET /api/shipments/:id/watchers/colleagues: who may still be added (active, not the booker, not watching yet). */
export const watcherColleague = z.strictObject({ user_id: z.string(), name: z.string() });
export type WatcherColleague = z.output<typeof watcherColleague>;
