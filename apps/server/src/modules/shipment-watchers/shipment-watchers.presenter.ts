import type { ShipmentWatchersView, WatcherColleague } from '@freight/contracts';
import type { ColleagueRow, WatcherRow } from './shipment-watchers.repository';

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** The watchers as the caller reads them: names only, the caller marked. */
export function presentWatchers(rows: WatcherRow[], callerId: string, bookerId: string): ShipmentWatchersView {
  return {
    watching: rows.some((r) => r.userId === callerId),
    booked_by_you: bookerId === callerId,
    watchers: rows.map((r) => ({ user_id: r.userId, name: fullName(r), you: r.userId === callerId, added_at: r.addedAt.toISOString() })),
  };
}

export const presentColleague = (row: ColleagueRow): WatcherColleague => ({ user_id: row.id, name: fullName(row) });
