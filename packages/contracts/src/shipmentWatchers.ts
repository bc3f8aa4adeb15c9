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
export interface ShipmentWatcher {
  user_id: string;
  name: string;
  /** The caller themselves. */
  you: boolean;
  added_at: string;
}

/** GET /api/shipments/:id/watchers, and the answer of every change to them. */
export interface ShipmentWatchersView {
  /** The caller watches this shipment. */
  watching: boolean;
  /** The caller booked it: its mails come to them anyway, so there is nothing to watch. */
  booked_by_you: boolean;
  /** The active watchers, by name. */
  watchers: ShipmentWatcher[];
}

/** GET /api/shipments/:id/watchers/colleagues: who may still be added (active, not the booker, not watching yet). */
export interface WatcherColleague {
  user_id: string;
  name: string;
}
