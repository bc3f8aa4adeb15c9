import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countAhead } from '../../db/count-ahead';
import { escapeLike } from '../../db/like';
import {
  accounts,
  auditLog,
  carriers,
  equipmentTypes,
  integrationPartners,
  oauthClients,
  partCatalog,
  scacAliases,
  shipments,
  siteNotifications,
  users,
} from '../../db/schema';
import { isUuid } from '../../ids';
import { type AuditRow, presentAuditEntry, userLabel } from './audit.presenter';

export interface AuditFilter {
  /** Part of the action, the staff user's email or the record's name (its label), or a record's id. */
  q?: string;
  entityType?: string;
  accountId?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

export interface AuditSearch extends AuditFilter {
  page: number;
  perPage: number;
}

/** Rows read per statement by the export. */
const EXPORT_BATCH = 1_000;

/**
 * The current name of records whose entries carry no label (written before entries had one, or
 * by a caller that gives none), for the kinds of record that have a name; read-only (the log itself refuses UPDATE), one statement per
 * kind present on the page.
 */
const CURRENT_NAMES: Record<string, (db: Db, ids: string[]) => Promise<{ id: string; label: string }[]>> = {
  user: async (db, ids) =>
    (
      await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, ids))
    ).map((u) => ({ id: u.id, label: userLabel(`${u.firstName} ${u.lastName}`, u.email) })),
  account: (db, ids) => db.select({ id: accounts.id, label: accounts.name }).from(accounts).where(inArray(accounts.id, ids)),
  carrier: (db, ids) => db.select({ id: carriers.id, label: carriers.name }).from(carriers).where(inArray(carriers.id, ids)),
  shipment: (db, ids) => db.select({ id: shipments.id, label: shipments.bolNumber }).from(shipments).where(inArray(shipments.id, ids)),
  oauth_client: (db, ids) =>
    db.select({ id: oauthClients.id, label: oauthClients.name }).from(oauthClients).where(inArray(oauthClients.id, ids)),
  integration_partner: (db, ids) =>
    db
      .select({ id: integrationPartners.id, label: integrationPartners.name })
      .from(integrationPartners)
      .where(inArray(integrationPartners.id, ids)),
  scac_alias: (db, ids) =>
    db.select({ id: scacAliases.id, label: scacAliases.alias }).from(scacAliases).where(inArray(scacAliases.id, ids)),
  // Records named in both languages: the English name, as staff search the log.
  equipment_type: (db, ids) =>
    db.select({ id: equipmentTypes.id, label: equipmentTypes.nameEn }).from(equipmentTypes).where(inArray(equipmentTypes.id, ids)),
  part: (db, ids) =>
    db.select({ id: partCatalog.id, label: partCatalog.descriptionEn }).from(partCatalog).where(inArray(partCatalog.id, ids)),
  site_notification: (db, ids) =>
    db
      .select({ id: siteNotifications.id, label: siteNotifications.titleEn })
      .from(siteNotifications)
      .where(inArray(siteNotifications.id, ids)),
};

async function presentAll(db: Db, rows: AuditRow[]) {
  const missing = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.targetLabel || !CURRENT_NAMES[row.entityType] || !isUuid(row.entityId)) continue;
    const ids = missing.get(row.entityType) ?? new Set<string>();
    ids.add(row.entityId);
    missing.set(row.entityType, ids);
  }
  const labels = new Map<string, string>();
  await Promise.all(
    [...missing].map(async ([type, ids]) => {
      for (const found of await CURRENT_NAMES[type]!(db, [...ids])) labels.set(`${type}:${found.id}`, found.label);
    }),
  );
  return rows.map((row) => presentAuditEntry(row, labels.get(`${row.entityType}:${row.entityId}`) ?? null));
}

function whereOf(opts: AuditFilter) {
  const conditions: SQL[] = [];
  if (opts.q) {
    const like = `%${escapeLike(opts.q)}%`;
    conditions.push(
      or(
        ilike(auditLog.action, like),
        ilike(auditLog.actorEmail, like),
        ilike(auditLog.targetLabel, like),
        eq(auditLog.entityId, opts.q),
      ) as SQL,
    );
  }
  if (opts.entityType) conditions.push(eq(auditLog.entityType, opts.entityType));
  if (opts.accountId) conditions.push(eq(auditLog.accountId, opts.accountId));
  if (opts.from) conditions.push(gte(auditLog.createdAt, opts.from));
  if (opts.to) conditions.push(lt(auditLog.createdAt, opts.to));
  return conditions.length ? and(...conditions) : undefined;
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
      return presentAll(db, rows);
    },

    /** The latest entries about an account and everything of it (its users, shipments, notes). */
    async ofAccount(accountId: string, limit = 50) {
      const rows = await db.select().from(auditLog).where(eq(auditLog.accountId, accountId)).orderBy(desc(auditLog.createdAt)).limit(limit);
      return presentAll(db, rows);
    },

    async search(opts: AuditSearch) {
      const where = whereOf(opts);
      const offset = (opts.page - 1) * opts.perPage;
      const [rows, counted] = await Promise.all([
        db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(opts.perPage).offset(offset),
        countAhead(db, auditLog, where, offset),
      ]);
      return { rows: await presentAll(db, rows), ...counted };
    },

    /**
     * Every entry the filter matches, newest first, a thousand at a time: each batch continues
     * after the last one read (keyset on the log's time index), so a long export never pages by offset.
     */
    async *batches(filter: AuditFilter) {
      let after: { createdAt: Date; id: string } | undefined;
      for (;;) {
        const keyset = after
          ? or(lt(auditLog.createdAt, after.createdAt), and(eq(auditLog.createdAt, after.createdAt), lt(auditLog.id, after.id)))
          : undefined;
        const rows = await db
          .select()
          .from(auditLog)
          .where(and(whereOf(filter), keyset))
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(EXPORT_BATCH);
        if (rows.length) yield await presentAll(db, rows);
        if (rows.length < EXPORT_BATCH) return;
        const last = rows[rows.length - 1]!;
        after = { createdAt: last.createdAt, id: last.id };
      }
    },
  };
}
