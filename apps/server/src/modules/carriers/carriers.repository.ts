import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carriers, userCarrierPreferences } from '../../db/schema';

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

    /** The user's choices, replaced as a whole in one transaction. */
    async replace(userId: string, hidden: string[], preferred: string[]) {
      await db.transaction(async (tx) => {
        await tx.delete(userCarrierPreferences).where(eq(userCarrierPreferences.userId, userId));
        const rows = [
          ...hidden.map((carrierId) => ({ userId, carrierId, hidden: true, preferred: false })),
          ...preferred.map((carrierId) => ({ userId, carrierId, hidden: false, preferred: true })),
        ];
        if (rows.length) await tx.insert(userCarrierPreferences).values(rows);
      });
    },

    /** The user's choices as sets of carrier ids, for rating. */
    async choicesOf(userId: string) {
      const rows = await choicesQuery.execute({ userId });
      return {
        hidden: new Set(rows.filter((r) => r.hidden).map((r) => r.carrierId)),
        preferred: new Set(rows.filter((r) => r.preferred).map((r) => r.carrierId)),
      };
    },
  };
}
