import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cardSetups, users } from '../../db/schema';

export type CardSetupRow = typeof cardSetups.$inferSelect;
export type CardSetupEnd = 'saved' | 'failed' | 'canceled';

/** Cards being saved that wait for the payer's 3-D Secure challenge. Pass a transaction as `db` to take part in it. */
export function cardSetupsRepository(db: Db) {
  return {
    /** The set-up's record, made once (the same set-up answered again keeps its first). */
    async record(row: { accountId: string; userId: string | null; setupIntentRef: string; createdAt: Date }) {
      await db.insert(cardSetups).values(row).onConflictDoNothing({ target: cardSetups.setupIntentRef });
    },

    /** Who began a set-up, as the activity log names them (none once their user is gone). */
    async starter(row: CardSetupRow) {
      if (!row.userId) return undefined;
      const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, row.userId));
      return user;
    },

    /** The record of a set-up (seti_...), whichever account's: the processor's webhooks name only the set-up. */
    async ofSetupIntent(ref: string) {
      const [row] = await db.select().from(cardSetups).where(eq(cardSetups.setupIntentRef, ref));
      return row;
    },

    /** The record, locked for the rest of the transaction: one settler at a time. */
    async lock(id: string) {
      const [row] = await db.select().from(cardSetups).where(eq(cardSetups.id, id)).for('update');
      return row;
    },

    /** Set-ups still waiting that began at `before` or earlier, oldest first. */
    waitingSince(before: Date) {
      return db
        .select()
        .from(cardSetups)
        .where(and(eq(cardSetups.status, 'requires_action'), lte(cardSetups.createdAt, before)))
        .orderBy(asc(cardSetups.createdAt), asc(cardSetups.id));
    },

    /** How a waiting set-up ended, only while it still waits (one writer wins): the row, or none. */
    async settle(id: string, status: CardSetupEnd, at: Date) {
      const [row] = await db
        .update(cardSetups)
        .set({ status, settledAt: at })
        .where(and(eq(cardSetups.id, id), eq(cardSetups.status, 'requires_action')))
        .returning();
      return row;
    },
  };
}
