import type { ScacAliasView } from '@freight/contracts';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { carriers, scacAliases } from '../../db/schema';

export type AliasRow = typeof scacAliases.$inferSelect;
export type CarrierRow = typeof carriers.$inferSelect;
type CarrierRef = ScacAliasView['carrier'];

const carrierRef = { id: carriers.id, name: carriers.name, scac: carriers.scac, mode: carriers.mode };

export function presentAlias(a: AliasRow, carrier: CarrierRef): ScacAliasView {
  return {
    id: a.id,
    kind: a.kind,
    alias: a.alias,
    carrier,
    note: a.note,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

export function scacAliasesRepository(db: Db) {
  return {
    /** By carrier name, then kind and alias; q matches the alias, the carrier's name or SCAC. */
    async search(opts: { q?: string; carrierId?: string; kind?: 'scac' | 'name'; page: number; perPage: number }) {
      const conditions: SQL[] = [];
      if (opts.q) {
        const like = `%${escapeLike(opts.q)}%`;
        conditions.push(or(ilike(scacAliases.alias, like), ilike(carriers.name, like), ilike(carriers.scac, like)) as SQL);
      }
      if (opts.carrierId) conditions.push(eq(scacAliases.carrierId, opts.carrierId));
      if (opts.kind) conditions.push(eq(scacAliases.kind, opts.kind));
      const where = conditions.length ? and(...conditions) : undefined;
      const offset = (opts.page - 1) * opts.perPage;
      const [rows, [counted]] = await Promise.all([
        db
          .select({ alias: scacAliases, carrier: carrierRef })
          .from(scacAliases)
          .innerJoin(carriers, eq(carriers.id, scacAliases.carrierId))
          .where(where)
          .orderBy(asc(carriers.name), asc(scacAliases.kind), asc(scacAliases.alias))
          .limit(opts.perPage)
          .offset(offset),
        // Aliases are tens, not millions: an exact count (the join is needed for q).
        db.select({ n: count() }).from(scacAliases).innerJoin(carriers, eq(carriers.id, scacAliases.carrierId)).where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    async find(id: string, lock = false) {
      const query = db.select().from(scacAliases).where(eq(scacAliases.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async carrier(id: string) {
      const [row] = await db.select(carrierRef).from(carriers).where(eq(carriers.id, id));
      return row;
    },

    /** Every carrier, for the editor's picker and the incidents' filter (a few dozen). */
    carriers() {
      return db.select(carrierRef).from(carriers).orderBy(asc(carriers.name), asc(carriers.mode));
    },

    /** Whether a carrier has this SCAC as its own (an alias of it would be pointless, and shadowed). */
    async isOwnScac(scac: string) {
      const [row] = await db.select({ id: carriers.id }).from(carriers).where(eq(carriers.scac, scac)).limit(1);
      return Boolean(row);
    },

    async taken(kind: 'scac' | 'name', alias: string, exceptId?: string) {
      const [row] = await db
        .select({ id: scacAliases.id })
        .from(scacAliases)
        .where(and(eq(scacAliases.kind, kind), eq(scacAliases.alias, alias)));
      return Boolean(row && row.id !== exceptId);
    },

    async insert(values: typeof scacAliases.$inferInsert): Promise<AliasRow> {
      const [row] = await db.insert(scacAliases).values(values).returning();
      if (!row) throw new Error('scac alias insert returned nothing');
      return row;
    },

    async update(id: string, values: Partial<typeof scacAliases.$inferInsert>): Promise<AliasRow> {
      const [row] = await db.update(scacAliases).set(values).where(eq(scacAliases.id, id)).returning();
      if (!row) throw new Error('scac alias update found nothing');
      return row;
    },

    async remove(id: string) {
      await db.delete(scacAliases).where(eq(scacAliases.id, id));
    },

    /** The carriers whose own SCAC this is (one per mode may share it). */
    carriersWithScac: (scac: string) => db.select().from(carriers).where(eq(carriers.scac, scac)),

    /** The carriers of this name, compared as normaliseCarrierName writes it (trimmed, lower case, single spaces). */
    carriersNamed: (name: string) =>
      db.select().from(carriers).where(sql`regexp_replace(lower(trim(${carriers.name})), '\\s+', ' ', 'g') = ${name}`),

    /** The carriers an alias of this kind stands for. */
    async carriersAliased(kind: 'scac' | 'name', alias: string): Promise<CarrierRow[]> {
      const rows = await db
        .select({ carrier: carriers })
        .from(scacAliases)
        .innerJoin(carriers, eq(carriers.id, scacAliases.carrierId))
        .where(and(eq(scacAliases.kind, kind), eq(scacAliases.alias, alias)));
      return rows.map((r) => r.carrier);
    },
  };
}
