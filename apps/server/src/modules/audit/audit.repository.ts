import type { AuditEntryView } from '@freight/contracts';
import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { auditLog } from '../../db/schema';
import { countAhead } from '../../paging';

type AuditRow = typeof auditLog.$inferSelect;

export function presentAuditEntry(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    account_id: row.accountId,
    actor_email: row.actorEmail,
    ip: row.ip,
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface AuditSearch {
  /** Part of the action, the staff user's email, or a record's id. */
  q?: string;
  entityType?: string;
  accountId?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  page: number;
  perPage: number;
}

/** Reads of the audit log; it is written only by `audit()` and never changed. */
export function auditRepository(db: Db) {
  return {
    /** The latest entries about one record. */
    async of(entityType: string, entityId: string, limit = 50) {
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
        .orderBy(desc(auditLog.createdAt))
        .limit(limit);
      return rows.map(presentAuditEntry);
    },

    /** The latest entries about an account and everything of it (its users, shipments, notes). */
    async ofAccount(accountId: string, limit = 50) {
      const rows = await db.select().from(auditLog).where(eq(auditLog.accountId, accountId)).orderBy(desc(auditLog.createdAt)).limit(limit);
      return rows.map(presentAuditEntry);
    },

    async search(opts: AuditSearch) {
      const conditions: SQL[] = [];
      if (opts.q) {
        const like = `%${escapeLike(opts.q)}%`;
        conditions.push(or(ilike(auditLog.action, like), ilike(auditLog.actorEmail, like), eq(auditLog.entityId, opts.q)) as SQL);
      }
      if (opts.entityType) conditions.push(eq(auditLog.entityType, opts.entityType));
      if (opts.accountId) conditions.push(eq(auditLog.accountId, opts.accountId));
      if (opts.from) conditions.push(gte(auditLog.createdAt, opts.from));
      if (opts.to) conditions.push(lt(auditLog.createdAt, opts.to));
      const where = conditions.length ? and(...conditions) : undefined;
      const offset = (opts.page - 1) * opts.perPage;
      const [rows, counted] = await Promise.all([
        db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(opts.perPage).offset(offset),
        countAhead(db, auditLog, where, offset),
      ]);
      return { rows: rows.map(presentAuditEntry), ...counted };
    },
  };
}
