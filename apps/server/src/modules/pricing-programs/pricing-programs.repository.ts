import type { PricingImpact } from '@freight/contracts';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accounts, pricingPrograms, pricingProgramVersions, quotes, users } from '../../db/schema';

export type ProgramRow = typeof pricingPrograms.$inferSelect;
export type ProgramVersionRow = typeof pricingProgramVersions.$inferSelect;
export type ProgramVersionWithPeople = ProgramVersionRow & {
  createdByEmail: string | null;
  publishedByEmail: string | null;
  restoredFromNumber: number | null;
};
export type ProgramWithAccount = ProgramRow & { accountName: string | null };

const creator = alias(users, 'creator');
const publisher = alias(users, 'publisher');
const origin = alias(pricingProgramVersions, 'origin');

/** Which program: the default one (null) or an account's. */
const ofAccount = (accountId: string | null) =>
  accountId === null ? eq(pricingPrograms.isDefault, true) : eq(pricingPrograms.accountId, accountId);

/** Pricing programs, their versions, and the quotes a preview prices again. */
export function pricingProgramsRepository(db: Db) {
  return {
    async account(id: string): Promise<{ id: string; name: string } | undefined> {
      const [row] = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(eq(accounts.id, id));
      return row;
    },

    /** Every program, the default one first, then the accounts' by name. */
    all(): Promise<ProgramWithAccount[]> {
      return db
        .select({ program: pricingPrograms, accountName: accounts.name })
        .from(pricingPrograms)
        .leftJoin(accounts, eq(accounts.id, pricingPrograms.accountId))
        .orderBy(desc(pricingPrograms.isDefault), asc(accounts.name))
        .then((rows) => rows.map((r) => ({ ...r.program, accountName: r.accountName })));
    },

    async find(accountId: string | null, tx: Db = db, lock = false): Promise<ProgramRow | undefined> {
      const q = tx.select().from(pricingPrograms).where(ofAccount(accountId));
      const [row] = await (lock ? q.for('update') : q);
      return row;
    },

    /** The program, made when missing (its first draft makes it), locked for its versions' change. */
    async ensureLocked(tx: Db, accountId: string | null, at: Date): Promise<ProgramRow> {
      await tx
        .insert(pricingPrograms)
        .values({ accountId, isDefault: accountId === null, createdAt: at, updatedAt: at })
        .onConflictDoNothing();
      const [row] = await tx.select().from(pricingPrograms).where(ofAccount(accountId)).for('update');
      if (!row) throw new Error('pricing program vanished while being made');
      return row;
    },

    /**
     * What changes whenever a program version is published (or a program is touched): quoting
     * keeps the programs in force while this stays the same.
     */
    async inForceVersion(): Promise<string> {
      const [programs] = await db
        .select({ n: count(), latest: sql<string>`max(${pricingPrograms.updatedAt})::text` })
        .from(pricingPrograms);
      const [published] = await db.select({ n: count() }).from(pricingProgramVersions).where(eq(pricingProgramVersions.state, 'published'));
      return `${programs?.n ?? 0}|${programs?.latest ?? ''}|${published?.n ?? 0}`;
    },
    async touch(tx: Db, programId: string, at: Date) {
      await tx.update(pricingPrograms).set({ updatedAt: at }).where(eq(pricingPrograms.id, programId));
    },

    /** Every version of the programs (all programs when null), newest number first. */
    async versions(programIds: string[] | null, tx: Db = db): Promise<ProgramVersionWithPeople[]> {
      const where: SQL | undefined = programIds
        ? programIds.length
          ? inArray(pricingProgramVersions.programId, programIds)
          : sql`false`
        : undefined;
      const rows = await tx
        .select({
          version: pricingProgramVersions,
          createdByEmail: creator.email,
          publishedByEmail: publisher.email,
          restoredFromNumber: origin.number,
        })
        .from(pricingProgramVersions)
        .leftJoin(creator, eq(creator.id, pricingProgramVersions.createdBy))
        .leftJoin(publisher, eq(publisher.id, pricingProgramVersions.publishedBy))
        .leftJoin(origin, eq(origin.id, pricingProgramVersions.restoredFrom))
        .where(where)
        .orderBy(desc(pricingProgramVersions.number));
      return rows.map((r) => ({
        ...r.version,
        createdByEmail: r.createdByEmail,
        publishedByEmail: r.publishedByEmail,
        restoredFromNumber: r.restoredFromNumber,
      }));
    },

    /** The programs of these accounts (for a preview over several accounts' quotes). */
    programsOfAccounts(accountIds: string[]): Promise<ProgramRow[]> {
      if (!accountIds.length) return Promise.resolve([]);
      return db.select().from(pricingPrograms).where(inArray(pricingPrograms.accountId, accountIds));
    },

    async version(programId: string, number: number, tx: Db = db): Promise<ProgramVersionRow | undefined> {
      const [row] = await tx
        .select()
        .from(pricingProgramVersions)
        .where(and(eq(pricingProgramVersions.programId, programId), eq(pricingProgramVersions.number, number)));
      return row;
    },

    async draft(programId: string, tx: Db = db): Promise<ProgramVersionRow | undefined> {
      const [row] = await tx
        .select()
        .from(pricingProgramVersions)
        .where(and(eq(pricingProgramVersions.programId, programId), eq(pricingProgramVersions.state, 'draft')));
      return row;
    },

    /** The next version number; call with the program row locked. */
    async nextNumber(tx: Db, programId: string): Promise<number> {
      const [row] = await tx
        .select({ max: sql<number | null>`max(${pricingProgramVersions.number})` })
        .from(pricingProgramVersions)
        .where(eq(pricingProgramVersions.programId, programId));
      return Number(row?.max ?? 0) + 1;
    },

    async insertVersion(tx: Db, values: typeof pricingProgramVersions.$inferInsert) {
      await tx.insert(pricingProgramVersions).values(values);
    },

    /** Replaces the draft's program and note; a changed draft needs another preview. */
    async updateDraft(tx: Db, draftId: string, program: unknown, note: string) {
      await tx
        .update(pricingProgramVersions)
        .set({ program, note, previewedHash: null, previewImpact: null })
        .where(eq(pricingProgramVersions.id, draftId));
    },

    async deleteVersion(tx: Db, id: string) {
      await tx.delete(pricingProgramVersions).where(eq(pricingProgramVersions.id, id));
    },

    async publish(tx: Db, draftId: string, values: { number: number; effectiveDate: string; publishedBy: string; publishedAt: Date }) {
      await tx
        .update(pricingProgramVersions)
        .set({ ...values, state: 'published' })
        .where(eq(pricingProgramVersions.id, draftId));
    },

    /** Keeps what a preview of the draft found, with the hash of the program it previewed. */
    async markPreviewed(tx: Db, draftId: string, hash: string, impact: PricingImpact) {
      await tx
        .update(pricingProgramVersions)
        .set({ previewedHash: hash, previewImpact: impact })
        .where(and(eq(pricingProgramVersions.id, draftId), eq(pricingProgramVersions.state, 'draft')));
    },

    /** The newest quotes with rates (at most `limit`), of one account or of all, with the account's name. */
    recentQuotes(accountId: string | null, limit: number) {
      return db
        .select({
          id: quotes.id,
          number: quotes.number,
          accountId: quotes.accountId,
          accountName: accounts.name,
          mode: quotes.mode,
          currency: quotes.currency,
          input: quotes.input,
          result: quotes.result,
          costs: quotes.costs,
          createdAt: quotes.createdAt,
        })
        .from(quotes)
        .innerJoin(accounts, eq(accounts.id, quotes.accountId))
        .where(and(accountId === null ? undefined : eq(quotes.accountId, accountId), sql`${quotes.lowestTotalCents} is not null`))
        .orderBy(desc(quotes.createdAt))
        .limit(limit);
    },

    /** The default program's id, when there is one (for the seed, which makes it once). */
    async defaultProgram(tx: Db = db) {
      const [row] = await tx
        .select()
        .from(pricingPrograms)
        .where(and(eq(pricingPrograms.isDefault, true), isNull(pricingPrograms.accountId)));
      return row;
    },
  };
}
