import type { Db } from '../../db/client';
import { salesRequests } from '../../db/schema';

export type SalesRequestRow = typeof salesRequests.$inferSelect;
export type NewSalesRequest = typeof salesRequests.$inferInsert;

/** Shippers' requests to the sales desk; always written with the caller's account. */
export function salesRequestsRepository(db: Db) {
  return {
    async insert(row: NewSalesRequest) {
      const [saved] = await db.insert(salesRequests).values(row).returning();
      return saved!;
    },
  };
}
