import type { CarrierPauseReason } from '@freight/contracts';
import { and, arrayContains, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carriers, userSettings, users } from '../../db/schema';

/** A carrier's pause as every process reads it from its row. */
export interface PausedCarrier {
  id: string;
  name: string;
  scac: string;
  pausedAt: Date;
  reason: CarrierPauseReason | null;
}

const pausedColumns = {
  id: carriers.id,
  name: carriers.name,
  scac: carriers.scac,
  pausedAt: carriers.quotingPausedAt,
  reason: carriers.quotingPauseReason,
};

/**
 * The breaker's writes touch only the two pause columns, never `updated_at`: the rating cache
 * (quotes.repository.ts) reads every carrier's tariffs again when `updated_at` moves, and a pause
 * changes no tariff. The breaker reads the pauses on its own instead.
 */
export function carrierBreakerRepository(db: Db) {
  return {
    /** The carriers paused now, the longest paused first. */
    paused: () =>
      db.select(pausedColumns).from(carriers).where(isNotNull(carriers.quotingPausedAt)).orderBy(asc(carriers.quotingPausedAt)) as Promise<
        PausedCarrier[]
      >,

    async find(id: string, tx: Db = db) {
      const [row] = await tx.select(pausedColumns).from(carriers).where(eq(carriers.id, id));
      return row;
    },

    /** Pauses the carrier unless it already is; answers whether this call paused it (the one that mails). */
    async pause(tx: Db, id: string, at: Date, reason: CarrierPauseReason) {
      const rows = await tx
        .update(carriers)
        .set({ quotingPausedAt: at, quotingPauseReason: reason })
        .where(and(eq(carriers.id, id), isNull(carriers.quotingPausedAt)))
        .returning({ id: carriers.id });
      return rows.length > 0;
    },

    /** Ends the pause that began at `pausedAt` (not a later one another process started); answers whether it did. */
    async resume(tx: Db, id: string, pausedAt: Date) {
      const rows = await tx
        .update(carriers)
        .set({ quotingPausedAt: null, quotingPauseReason: null })
        .where(and(eq(carriers.id, id), eq(carriers.quotingPausedAt, pausedAt)))
        .returning({ id: carriers.id });
      return rows.length > 0;
    },

    /** Every super_admin with their language: who hears of a pause. */
    superAdmins: (tx: Db = db) =>
      tx
        .select({ id: users.id, email: users.email, firstName: users.firstName, language: userSettings.language })
        .from(users)
        .innerJoin(userSettings, eq(userSettings.userId, users.id))
        .where(arrayContains(users.roles, ['super_admin'])),

    async superAdmin(id: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, language: userSettings.language, roles: users.roles })
        .from(users)
        .innerJoin(userSettings, eq(userSettings.userId, users.id))
        .where(eq(users.id, id));
      return row?.roles.includes('super_admin') ? row : undefined;
    },
  };
}
