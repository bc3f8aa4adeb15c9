import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, carriers } from '../../db/schema';

/** The statements behind a carrier's tracking-event signing key (tracking-keys.routes.ts). */
export function trackingKeysRepository(db: Db) {
  return {
    /** The carrier, locked for the caller's transaction when `lock` (a rotation reads, then replaces its key). */
    async carrier(id: string, lock = false) {
      const query = db.select().from(carriers).where(eq(carriers.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** When the action `action` last happened to the carrier: the audit log's word (the carriers table keeps no date of its own). */
    async lastAudited(carrierId: string, action: string) {
      const [row] = await db
        .select({ at: auditLog.createdAt })
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'carrier'), eq(auditLog.entityId, carrierId), eq(auditLog.action, action)))
        .orderBy(desc(auditLog.createdAt))
        .limit(1);
      return row?.at ?? null;
    },

    /** The carrier's new key, the one it replaces and until when that one still counts. */
    async setKey(carrierId: string, keys: { key: string; previous: string | null; previousUntil: Date | null }, at: Date) {
      await db
        .update(carriers)
        .set({
          trackingSecret: keys.key,
          trackingSecretPrevious: keys.previous,
          trackingSecretPreviousUntil: keys.previousUntil,
          updatedAt: at,
        })
        .where(eq(carriers.id, carrierId));
    },
  };
}
