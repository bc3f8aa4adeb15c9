import { and, asc, eq, inArray, isNull, ne, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shipments, shipmentWatchers, userSettings, users } from '../../db/schema';

export type WatcherRow = Awaited<ReturnType<ReturnType<typeof shipmentWatchersRepository>['watchers']>>[number];
export type ColleagueRow = NonNullable<Awaited<ReturnType<ReturnType<typeof shipmentWatchersRepository>['colleague']>>>;
export type MailPersonRow = Awaited<ReturnType<ReturnType<typeof shipmentWatchersRepository>['mailPeople']>>[number];

const colleagueColumns = {
  id: users.id,
  accountId: users.accountId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  accountRole: users.accountRole,
  deactivatedAt: users.deactivatedAt,
};

/** A shipment's watchers and the colleagues who could be; pass a transaction as `db` to take part in it. */
export function shipmentWatchersRepository(db: Db) {
  const watcherIds = (shipmentId: string) =>
    db.select({ id: shipmentWatchers.userId }).from(shipmentWatchers).where(eq(shipmentWatchers.shipmentId, shipmentId));

  return {
    /** The shipment of this account (undefined for another account's), with its booker. */
    async shipmentOf(accountId: string, id: string) {
      const [row] = await db
        .select({ id: shipments.id, accountId: shipments.accountId, bolNumber: shipments.bolNumber, bookerId: shipments.userId })
        .from(shipments)
        .where(and(eq(shipments.id, id), eq(shipments.accountId, accountId)));
      return row;
    },

    /** The shipment's active watchers of its own account, by name. */
    watchers: (shipmentId: string, accountId: string) =>
      db
        .select({
          userId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          accountRole: users.accountRole,
          addedAt: shipmentWatchers.createdAt,
        })
        .from(shipmentWatchers)
        .innerJoin(users, eq(users.id, shipmentWatchers.userId))
        .where(and(eq(shipmentWatchers.shipmentId, shipmentId), eq(users.accountId, accountId), isNull(users.deactivatedAt)))
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),

    /** A user of the account, active or not (undefined for anyone else). */
    async colleague(accountId: string, userId: string) {
      const [row] = await db
        .select(colleagueColumns)
        .from(users)
        .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
      return row;
    },

    /** The account's active users but the booker and those already watching, by name. */
    colleagues: (accountId: string, shipmentId: string, bookerId: string) =>
      db
        .select(colleagueColumns)
        .from(users)
        .where(
          and(
            eq(users.accountId, accountId),
            isNull(users.deactivatedAt),
            ne(users.id, bookerId),
            notInArray(users.id, watcherIds(shipmentId)),
          ),
        )
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),

    /** Adds a watcher; answers whether they were not one already. */
    async add(shipmentId: string, userId: string, addedBy: string, at: Date) {
      const added = await db
        .insert(shipmentWatchers)
        .values({ shipmentId, userId, addedBy, createdAt: at })
        .onConflictDoNothing()
        .returning({ userId: shipmentWatchers.userId });
      return added.length > 0;
    },

    /** Removes a watcher; answers whether they were one. */
    async remove(shipmentId: string, userId: string) {
      const removed = await db
        .delete(shipmentWatchers)
        .where(and(eq(shipmentWatchers.shipmentId, shipmentId), eq(shipmentWatchers.userId, userId)))
        .returning({ userId: shipmentWatchers.userId });
      return removed.length > 0;
    },

    /**
     * Who a tracking mail of the shipment may go to: its booker, and its watchers of its own
     * account, each with their settings (whether they are still active is the caller's to judge).
     */
    mailPeople: (shipment: { id: string; accountId: string; bookerId: string }) =>
      db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          accountRole: users.accountRole,
          deactivatedAt: users.deactivatedAt,
          language: userSettings.language,
          subscriptions: userSettings.subscriptions,
        })
        .from(users)
        .innerJoin(userSettings, eq(userSettings.userId, users.id))
        .where(
          or(eq(users.id, shipment.bookerId), and(eq(users.accountId, shipment.accountId), inArray(users.id, watcherIds(shipment.id)))),
        ),
  };
}
