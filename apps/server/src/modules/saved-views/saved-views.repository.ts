import type { SavedViewList } from '@freight/contracts';
import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { savedViews, users } from '../../db/schema';

export type SavedViewRow = typeof savedViews.$inferSelect;

/** A staff user's saved views; every read and write is of the owner's own (another's id is not found). */
export function savedViewsRepository(db: Db) {
  const own = (userId: string, id: string) => and(eq(savedViews.userId, userId), eq(savedViews.id, id));
  return {
    async list(userId: string, list: SavedViewList) {
      return db
        .select()
        .from(savedViews)
        .where(and(eq(savedViews.userId, userId), eq(savedViews.list, list)))
        .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
    },

    async find(userId: string, id: string, forUpdate = false) {
      const query = db.select().from(savedViews).where(own(userId, id));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    /** Holds the user's row until the transaction ends: two saves at once count each other's view. */
    async lockUser(userId: string) {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async count(userId: string, list: SavedViewList) {
      const [row] = await db
        .select({ n: count() })
        .from(savedViews)
        .where(and(eq(savedViews.userId, userId), eq(savedViews.list, list)));
      return row?.n ?? 0;
    },

    /** Whether the user has another view of the list by this name, in any case. */
    async nameTaken(userId: string, list: SavedViewList, name: string, exceptId?: string) {
      const conditions: SQL[] = [eq(savedViews.userId, userId), eq(savedViews.list, list), sql`lower(${savedViews.name}) = lower(${name})`];
      if (exceptId) conditions.push(ne(savedViews.id, exceptId));
      const [row] = await db
        .select({ id: savedViews.id })
        .from(savedViews)
        .where(and(...conditions))
        .limit(1);
      return Boolean(row);
    },

    async insert(row: typeof savedViews.$inferInsert) {
      const [inserted] = await db.insert(savedViews).values(row).returning();
      if (!inserted) throw new Error('saved view not inserted');
      return inserted;
    },

    async update(userId: string, id: string, set: Partial<Pick<SavedViewRow, 'name' | 'filters' | 'updatedAt'>>) {
      const [updated] = await db.update(savedViews).set(set).where(own(userId, id)).returning();
      return updated;
    },

    async remove(userId: string, id: string) {
      await db.delete(savedViews).where(own(userId, id));
    },
  };
}
