import type { TariffImpact } from '@freight/contracts';
import { and, asc, count, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { apiIncidents, carriers, carrierTariffVersions, quotes, users } from '../../db/schema';

export type CarrierRow = typeof carriers.$inferSelect;
export type VersionRow = typeof carrierTariffVersions.$inferSelect;

/** Carrier figures of the last week as the staff list shows them. */
export interface CarrierWeek {
  quotesOfMode: Map<string, number>;
  won: Map<string, number>;
  openIncidents: Map<string, number>;
}

/** A version with the emails of who wrote and published it, and the number it was restored from. */
export type VersionWithPeople = VersionRow & {
  createdByEmail: string | null;
  publishedByEmail: string | null;
  restoredFromNumber: number | null;
};

const creator = alias(users, 'creator');
const publisher = alias(users, 'publisher');
const origin = alias(carrierTariffVersions, 'origin');

/** Carriers, their tariff versions and the quotes a preview re-rates, for the staff's carrier pages. */
export function staffCarriersRepository(db: Db) {
  return {
    all: () => db.select().from(carriers).orderBy(asc(carriers.mode), asc(carriers.name)),

    async find(id: string, tx: Db = db, lock = false): Promise<CarrierRow | undefined> {
      const q = tx.select().from(carriers).where(eq(carriers.id, id));
      const [row] = await (lock ? q.for('update') : q);
      return row;
    },

    /**
     * Last week's figures: quotes with rates per mode; per carrier, the quotes where its rate was
     * the lowest (the stored `lowest_total_cents` found again among the stored rates); open incident groups.
     */
    async week(since: Date): Promise<CarrierWeek> {
      const recent = and(gte(quotes.createdAt, since), sql`${quotes.lowestTotalCents} is not null`);
      const winner = sql<
        string | null
      >`jsonb_path_query_first(${quotes.result}, '$.rates[*] ? (@.total_cents == $x).carrier_id', jsonb_build_object('x', ${quotes.lowestTotalCents})) #>> '{}'`;
      const [byMode, byWinner, incidents] = await Promise.all([
        db.select({ mode: quotes.mode, n: count() }).from(quotes).where(recent).groupBy(quotes.mode),
        db.select({ carrierId: winner, n: count() }).from(quotes).where(recent).groupBy(winner),
        db
          .select({ carrierId: apiIncidents.carrierId, n: count() })
          .from(apiIncidents)
          .where(eq(apiIncidents.state, 'open'))
          .groupBy(apiIncidents.carrierId),
      ]);
      return {
        quotesOfMode: new Map(byMode.map((r) => [r.mode, r.n])),
        won: new Map(byWinner.filter((r) => r.carrierId).map((r) => [r.carrierId as string, r.n])),
        openIncidents: new Map(incidents.filter((r) => r.carrierId).map((r) => [r.carrierId as string, r.n])),
      };
    },

    /** Every version of the carriers, newest number first. */
    async versions(carrierIds: string[] | null, tx: Db = db): Promise<VersionWithPeople[]> {
      const where: SQL | undefined = carrierIds
        ? sql`${carrierTariffVersions.carrierId} in ${carrierIds.length ? carrierIds : ['00000000-0000-0000-0000-000000000000']}`
        : undefined;
      const rows = await tx
        .select({
          version: carrierTariffVersions,
          createdByEmail: creator.email,
          publishedByEmail: publisher.email,
          restoredFromNumber: origin.number,
        })
        .from(carrierTariffVersions)
        .leftJoin(creator, eq(creator.id, carrierTariffVersions.createdBy))
        .leftJoin(publisher, eq(publisher.id, carrierTariffVersions.publishedBy))
        .leftJoin(origin, eq(origin.id, carrierTariffVersions.restoredFrom))
        .where(where)
        .orderBy(desc(carrierTariffVersions.number));
      return rows.map((r) => ({
        ...r.version,
        createdByEmail: r.createdByEmail,
        publishedByEmail: r.publishedByEmail,
        restoredFromNumber: r.restoredFromNumber,
      }));
    },

    async version(carrierId: string, number: number, tx: Db = db): Promise<VersionRow | undefined> {
      const [row] = await tx
        .select()
        .from(carrierTariffVersions)
        .where(and(eq(carrierTariffVersions.carrierId, carrierId), eq(carrierTariffVersions.number, number)));
      return row;
    },

    async draft(carrierId: string, tx: Db = db): Promise<VersionRow | undefined> {
      const [row] = await tx
        .select()
        .from(carrierTariffVersions)
        .where(and(eq(carrierTariffVersions.carrierId, carrierId), eq(carrierTariffVersions.state, 'draft')));
      return row;
    },

    /** Keeps what a preview of the draft found, with the hash of the tariff it previewed. */
    async markPreviewed(tx: Db, draftId: string, hash: string, impact: TariffImpact) {
      await tx
        .update(carrierTariffVersions)
        .set({ previewedHash: hash, previewImpact: impact })
        .where(and(eq(carrierTariffVersions.id, draftId), eq(carrierTariffVersions.state, 'draft')));
    },

    /** Writes a version's changed fields (a draft saved again, a draft published). */
    async updateVersion(tx: Db, id: string, values: Partial<typeof carrierTariffVersions.$inferInsert>) {
      await tx.update(carrierTariffVersions).set(values).where(eq(carrierTariffVersions.id, id));
    },

    /** A new version (a draft), answering its id. */
    async insertVersion(tx: Db, values: typeof carrierTariffVersions.$inferInsert) {
      const [created] = await tx.insert(carrierTariffVersions).values(values).returning({ id: carrierTariffVersions.id });
      return created!.id;
    },

    async deleteVersion(tx: Db, id: string) {
      await tx.delete(carrierTariffVersions).where(eq(carrierTariffVersions.id, id));
    },

    /** Writes the carrier's own fields (active, the tariff in force today, when it changed). */
    async updateCarrier(tx: Db, id: string, values: Partial<Pick<CarrierRow, 'active' | 'tariff' | 'fuelBp' | 'updatedAt'>>) {
      await tx.update(carriers).set(values).where(eq(carriers.id, id));
    },

    /** The next version number; call with the carrier row locked. */
    async nextNumber(tx: Db, carrierId: string): Promise<number> {
      const [row] = await tx
        .select({ max: sql<number | null>`max(${carrierTariffVersions.number})` })
        .from(carrierTariffVersions)
        .where(eq(carrierTariffVersions.carrierId, carrierId));
      return Number(row?.max ?? 0) + 1;
    },

    /**
     * The newest quotes the carrier rated (at most `limit`). Walks the global `created_at` index
     * from the newest, keeping the quotes of its mode whose stored rates name it; most recent
     * quotes of a mode carry every active carrier, so this stops after little more than `limit`.
     */
    recentQuotesRatedBy(carrier: CarrierRow, limit: number) {
      return db
        .select({ id: quotes.id, input: quotes.input, result: quotes.result, createdAt: quotes.createdAt })
        .from(quotes)
        .where(
          and(eq(quotes.mode, carrier.mode), sql`${quotes.result} -> 'rates' @> ${JSON.stringify([{ carrier_id: carrier.id }])}::jsonb`),
        )
        .orderBy(desc(quotes.createdAt))
        .limit(limit);
    },
  };
}
