import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

/** The mail outbox's statements: every message is kept there first, then marked sent or failed. */
export function mailOutboxRepository(db: Db) {
  return {
    async add(message: { to: string; subject: string; text: string; html: string }): Promise<string> {
      const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
      if (!row) throw new Error('outbox insert returned no row');
      return row.id;
    },
    markSent: (id: string, at: Date) => db.update(mailOutbox).set({ sentAt: at }).where(eq(mailOutbox.id, id)),
    markFailed: (id: string, reason: string) =>
      db
        .update(mailOutbox)
        .set({ error: reason.slice(0, 500) })
        .where(eq(mailOutbox.id, id)),
    purge: (createdBefore: Date) => db.delete(mailOutbox).where(lt(mailOutbox.createdAt, createdBefore)),
  };
}
