import { and, asc, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { carriers, userCarrierPreferences, userSettings } from '../../db/schema';

/** A user's carrier visibility as rating uses it: sets of carrier ids. */
export interface CarrierChoices {
  hidden: Set<string>;
  preferred: Set<string>;
}

export interface CarrierChoice {
  id: string;
  name: string;
  scac: string;
  mode: (typeof carriers.$inferSelect)['mode'];
  hidden: boolean;
  preferred: boolean;
}

/** Active carriers and one user's visibility choices (hidden / preferred). */
export function carriersRepository(db: Db) {
  // Every quote asks this: prepared (named on PostgreSQL), so it is built once and planned once per connection.
  const choicesQuery = db
    .select()
    .from(userCarrierPreferences)
    .where(eq(userCarrierPreferences.userId, sql.placeholder('userId')))
    .prepare('carrier_choices_of_user');
  /**
   * Choices read, by user, with the version they were read at (`user_settings.carrier_choices_version`,
   * which every request's session brings): most quotes then need no query of their own.
   */
  const choicesRead = new LRUCache<string, { version: number; choices: CarrierChoices }>({ max: 10_000 });
  return {
    /** Every active carrier with the user's choice (none recorded: visible, not preferred). */
    async listFor(userId: string): Promise<CarrierChoice[]> {
      const rows = await db
        .select({
          id: carriers.id,
          name: carriers.name,
          scac: carriers.scac,
          mode: carriers.mode,
          hidden: userCarrierPreferences.hidden,
          preferred: userCarrierPreferences.preferred,
        })
        .from(carriers)
        .leftJoin(userCarrierPreferences, and(eq(userCarrierPreferences.carrierId, carriers.id), eq(userCarrierPreferences.userId, userId)))
        .where(eq(carriers.active, true))
        .orderBy(asc(carriers.mode), asc(carriers.name));
      return rows.map((r) => ({ ...r, hidden: r.hidden ?? false, preferred: r.preferred ?? false }));
    },

    async activeIds(): Promise<Set<string>> {
      const rows = await db.select({ id: carriers.id }).from(carriers).where(eq(carriers.active, true));
      return new Set(rows.map((r) => r.id));
    },

    /** The user's choices, replaced as a whole in one transaction that also bumps their version. */
    async replace(userId: string, hidden: string[], preferred: string[]) {
      await db.transaction(async (tx) => {
        await tx
          .update(userSettings)
          .set({ carrierChoicesVersion: sql`${userSettings.carrierChoicesVersion} + 1` })
          .where(eq(userSettings.userId, userId));
        await tx.delete(userCarrierPreferences).where(eq(userCarrierPreferences.userId, userId));
        const rows = [
          ...hidden.map((carrierId) => ({ userId, carrierId, hidden: true, preferred: false })),
          ...preferred.map((carrierId) => ({ userId, carrierId, hidden: false, preferred: true })),
        ];
        if (rows.length) await tx.insert(userCarrierPreferences).values(rows);
      });
    },

    /**
     * The user's choices for rating, as of `version` (their settings' `carrierChoicesVersion`, read
     * with the session): read again only when a change has bumped it since this process last read
     * them. A change made between the two reads is kept under the older version and read again
     * next time, never the other way round.
     */
    async choicesOf(userId: string, version: number): Promise<CarrierChoices> {
      const known = choicesRead.get(userId);
      if (known?.version === version) return known.choices;
      const rows = await choicesQuery.execute({ userId });
      const choices = {
        hidden: new Set(rows.filter((r) => r.hidden).map((r) => r.carrierId)),
        preferred: new Set(rows.filter((r) => r.preferred).map((r) => r.carrierId)),
      };
      choicesRead.set(userId, { version, choices });
      return choices;
    },
  };
}
