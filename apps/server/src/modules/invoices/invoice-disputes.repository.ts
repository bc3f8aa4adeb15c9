import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoiceDisputeMessages, invoiceDisputes, users } from '../../db/schema';
import { DISPUTE_QUEUE_ORDER, openDisputesWhere } from './dispute-queue.repository';

/** An invoice's disputes and their messages, for invoicesRepository (which spreads them in). */
export function invoiceDisputesQueries(db: Db) {
  return {
    async disputesOf(invoiceId: string) {
      return db.select().from(invoiceDisputes).where(eq(invoiceDisputes.invoiceId, invoiceId)).orderBy(asc(invoiceDisputes.createdAt));
    },

    async messagesOf(disputeIds: string[]) {
      if (!disputeIds.length) return [];
      return db
        .select({ message: invoiceDisputeMessages, firstName: users.firstName, lastName: users.lastName })
        .from(invoiceDisputeMessages)
        .leftJoin(users, eq(users.id, invoiceDisputeMessages.authorId))
        .where(inArray(invoiceDisputeMessages.disputeId, disputeIds))
        .orderBy(asc(invoiceDisputeMessages.createdAt));
    },

    /** Open disputes of every account (the accounting staff's queue), or of one. */
    async openDisputes(accountId?: string) {
      return db
        .select()
        .from(invoiceDisputes)
        .where(openDisputesWhere(accountId))
        .orderBy(...DISPUTE_QUEUE_ORDER)
        .limit(200);
    },

    async findDispute(id: string) {
      const [row] = await db.select().from(invoiceDisputes).where(eq(invoiceDisputes.id, id));
      return row;
    },

    async lockDispute(id: string) {
      const [row] = await db.select().from(invoiceDisputes).where(eq(invoiceDisputes.id, id)).for('update');
      return row;
    },

    async insertDispute(row: typeof invoiceDisputes.$inferInsert) {
      const [inserted] = await db.insert(invoiceDisputes).values(row).returning();
      if (!inserted) throw new Error('dispute not recorded');
      return inserted;
    },

    async updateDispute(id: string, set: Partial<typeof invoiceDisputes.$inferInsert>) {
      await db.update(invoiceDisputes).set(set).where(eq(invoiceDisputes.id, id));
    },

    async insertMessage(row: typeof invoiceDisputeMessages.$inferInsert) {
      await db.insert(invoiceDisputeMessages).values(row);
    },
  };
}
