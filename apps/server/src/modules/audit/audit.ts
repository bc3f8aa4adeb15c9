import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { signedIn } from '../../plugins/guards';
import { userLabel } from './audit.presenter';

/** The user behind a write (staff, or an account admin changing the team), and the address it came from. */
export interface AuditActor {
  id: string;
  email: string;
  ip: string;
}

/** What a staff write did: the action (`account.suspend`), the record it concerns, and that record before and after. */
export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string;
  /**
   * What the record is, in words at the time (a user's name and email, a carrier's name), so the
   * log names it and finds it by name after the record changed or went away. Optional: entries
   * without one are shown by type and id, or by the record's current name where the log can read it.
   */
  targetLabel?: string | null;
  /** The customer account concerned, if any: its page lists what was done to it and its records. */
  accountId?: string | null;
  /** Also shown in the account's own activity log (team changes, approval decisions). */
  shownToAccount?: boolean;
  before?: unknown;
  after?: unknown;
}

export function auditActor(request: FastifyRequest): AuditActor {
  const { user } = signedIn(request);
  return { id: user.id, email: user.email, ip: request.ip };
}

/**
 * Records a staff write. Call it with the transaction that makes the change, so a change is
 * never committed without its entry (nor an entry without its change).
 */
export async function audit(db: Db, actor: AuditActor, entry: AuditEntry, at: Date) {
  await auditEach(db, actor, [entry], at);
}

/**
 * Records several writes of one request (a CSV import's rows) in one statement; the same rule as
 * `audit`: the transaction that makes the changes. Callers keep a batch to about a thousand
 * entries (eleven parameters each, well under PostgreSQL's 65,535).
 */
export async function auditEach(db: Db, actor: AuditActor, entries: AuditEntry[], at: Date) {
  if (!entries.length) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: actor.id,
      actorEmail: actor.email,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      targetLabel: entry.targetLabel ?? null,
      accountId: entry.accountId ?? null,
      shownToAccount: entry.shownToAccount ?? false,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: actor.ip,
      createdAt: at,
    })),
  );
}

/** The fields that make a user the record of an entry: named as the log shows them, on their account's page. */
export function userRecord(user: { id: string; firstName: string; lastName: string; email: string; accountId: string | null }) {
  return {
    entityType: 'user',
    entityId: user.id,
    targetLabel: userLabel(`${user.firstName} ${user.lastName}`, user.email),
    accountId: user.accountId,
  } satisfies Partial<AuditEntry>;
}

/** Only the fields a change touched, before and after: what an audit entry of an edit keeps. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

export { userLabel } from './audit.presenter';
/** The Audit Log's filter, its reads and its export's extra door, for its export (admin-exports). */
export { auditFilterOf, auditFilterQuery, superAdminOnly } from './audit.query';
export { auditRepository } from './audit.repository';
