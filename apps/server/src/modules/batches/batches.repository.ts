import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { inBulkLane } from '../../db/bulk-lane';
import type { Db } from '../../db/client';
import { addressBook, batches, batchRows, bookingApprovals, shipments, users } from '../../db/schema';

export type BatchRow = typeof batches.$inferSelect;
export type BatchLineRow = typeof batchRows.$inferSelect;
export type NewBatch = typeof batches.$inferInsert;
export type NewBatchLine = typeof batchRows.$inferInsert;

/** Batch rows written or read by one statement. */
export const ROWS_PER_STATEMENT = 50;

/** A batch's rows past line `after` (all of them when undefined). */
const rowsAfter = (batchId: string, after: number | undefined) =>
  and(eq(batchRows.batchId, batchId), after === undefined ? undefined : gt(batchRows.line, after));

/**
 * Every row `readPage` gives, page by page (each page the rows past the last line read) until a
 * page is not full. In the bulk lane: on the embedded database a thousand rows read back to back
 * held the server's thread 140 ms; each page now waits its turn.
 */
function inPages<R extends { line: number }>(readPage: (after: number | undefined) => Promise<R[]>): Promise<R[]> {
  return inBulkLane(async () => {
    const all: R[] = [];
    for (;;) {
      const page = await readPage(all.at(-1)?.line);
      all.push(...page);
      if (page.length < ROWS_PER_STATEMENT) return all;
    }
  });
}

/** Rows with a shipment, counted beside each batch (the history's booked count). */
const rowsBooked =
  sql<number>`(select count(*) from ${batchRows} where ${batchRows.batchId} = ${batches.id} and ${batchRows.shipmentId} is not null)`
    .mapWith(Number)
    .as('rows_booked');

/** Batches and their rows, always through the owning account. */
export function batchesRepository(db: Db) {
  return {
    /**
     * A new batch, hidden from every read (`writingRows`) until `showWritten`: its rows go in
     * between, ROWS_PER_STATEMENT at a time, each statement on its own. One transaction of a
     * thousand rows held the embedded database (and everyone else's statements) for a quarter of a second.
     */
    async begin(batch: NewBatch) {
      const [made] = await db
        .insert(batches)
        .values({ ...batch, writingRows: true })
        .returning();
      if (!made) throw new Error('batch insert returned nothing');
      return made;
    },

    /** Some of a hidden batch's rows (at most ROWS_PER_STATEMENT: one statement). */
    async addRows(batchId: string, rows: Omit<NewBatchLine, 'batchId'>[]) {
      if (rows.length) await db.insert(batchRows).values(rows.map((r) => ({ ...r, batchId })));
    },

    /** The batch with all its rows written: shown from now on. */
    async showWritten(batchId: string) {
      await db.update(batches).set({ writingRows: false }).where(eq(batches.id, batchId));
    },

    /** A batch whose rows could not all be written, with those that were (they go with it). */
    async discard(batchId: string) {
      await db.delete(batches).where(eq(batches.id, batchId));
    },

    /** Batches left hidden since before `before` (their upload stopped with its process): deleted with their rows. */
    async purgeUnwritten(before: Date) {
      const gone = await db
        .delete(batches)
        .where(and(eq(batches.writingRows, true), lt(batches.createdAt, before)))
        .returning({ id: batches.id });
      return gone.length;
    },

    async find(accountId: string, id: string) {
      const [row] = await db
        .select({ batch: batches, creatorFirst: users.firstName, creatorLast: users.lastName, rowsBooked })
        .from(batches)
        .leftJoin(users, eq(users.id, batches.createdBy))
        .where(and(eq(batches.accountId, accountId), eq(batches.id, id), eq(batches.writingRows, false)));
      return row;
    },

    row: async (batchId: string, line: number) =>
      (
        await db
          .select()
          .from(batchRows)
          .where(and(eq(batchRows.batchId, batchId), eq(batchRows.line, line)))
      )[0],

    /**
     * A row's new cells and check, and the batch's count of good rows, together. Its quote and
     * choice are dropped unless `keepRating` (only booking's columns changed).
     */
    async updateRow(
      batchId: string,
      line: number,
      values: Pick<NewBatchLine, 'cells' | 'errors' | 'status' | 'moreItems'>,
      at: Date,
      keepRating = false,
    ) {
      await db.transaction(async (tx) => {
        const rating = keepRating ? {} : { quoteId: null, rateId: null, result: null, ratedRound: null };
        await tx
          .update(batchRows)
          .set({ ...values, ...rating, bookingError: null, updatedAt: at })
          .where(and(eq(batchRows.batchId, batchId), eq(batchRows.line, line)));
        const [valid] = await tx
          .select({ n: count() })
          .from(batchRows)
          .where(and(eq(batchRows.batchId, batchId), ne(batchRows.status, 'invalid')));
        await tx
          .update(batches)
          .set({ rowsValid: valid?.n ?? 0, updatedAt: at })
          .where(eq(batches.id, batchId));
      });
    },

    /** A row's rating outcome: its quote, the chosen rate and what the carriers answered. */
    async rated(rowId: string, values: Pick<NewBatchLine, 'status' | 'quoteId' | 'rateId' | 'result' | 'ratedRound'>, at: Date) {
      // A failed booking's problems go with its quote.
      await db
        .update(batchRows)
        .set({ ...values, errors: [], bookingError: null, updatedAt: at })
        .where(eq(batchRows.id, rowId));
    },

    /** The user's choice among a rated row's rates. */
    async choose(rowId: string, rateId: string, at: Date) {
      await db.update(batchRows).set({ rateId, updatedAt: at }).where(eq(batchRows.id, rowId));
    },

    /** A new rating round of the batch: its number (the first is 1). */
    async startRatingRound(batchId: string, at: Date): Promise<number> {
      const [started] = await db
        .update(batches)
        .set({ ratingRound: sql`${batches.ratingRound} + 1`, updatedAt: at })
        .where(eq(batches.id, batchId))
        .returning({ round: batches.ratingRound });
      return started?.round ?? 0;
    },

    async setStatus(batchId: string, status: BatchRow['status'], at: Date) {
      await db.update(batches).set({ status, updatedAt: at }).where(eq(batches.id, batchId));
    },

    /**
     * The batch's rows in line order, ROWS_PER_STATEMENT per statement: on the embedded database
     * each statement holds the server's thread, and a thousand rows in one held it for tens of milliseconds.
     */
    rows: (batchId: string) =>
      inPages((after) =>
        db.select().from(batchRows).where(rowsAfter(batchId, after)).orderBy(asc(batchRows.line)).limit(ROWS_PER_STATEMENT),
      ),

    /** The rows (as `rows`) each with its shipment's BOL number, read in the same statement (null until booked). */
    rowsWithBolNumbers: (accountId: string, batchId: string) =>
      inPages(async (after) =>
        (
          await db
            .select({ row: batchRows, bolNumber: shipments.bolNumber })
            .from(batchRows)
            .leftJoin(shipments, and(eq(shipments.id, batchRows.shipmentId), eq(shipments.accountId, accountId)))
            .where(rowsAfter(batchId, after))
            .orderBy(asc(batchRows.line))
            .limit(ROWS_PER_STATEMENT)
        ).map(({ row, bolNumber }) => ({ ...row, bolNumber })),
      ),

    /** Whether any of the batch's rows is booked or held for approval. */
    anyBookedOrHeld: async (batchId: string) =>
      (
        await db
          .select({ line: batchRows.line })
          .from(batchRows)
          .where(and(eq(batchRows.batchId, batchId), or(isNotNull(batchRows.shipmentId), isNotNull(batchRows.approvalId))))
          .limit(1)
      ).length > 0,

    /** The batch's rows counted by status, and of each status those with a chosen rate and those rated in round `round`. */
    statusCounts: (batchId: string, round: number) =>
      db
        .select({
          status: batchRows.status,
          rows: count(),
          chosen: count(batchRows.rateId),
          ratedInRound: sql<number>`count(*) filter (where ${batchRows.ratedRound} = ${round})`.mapWith(Number),
        })
        .from(batchRows)
        .where(eq(batchRows.batchId, batchId))
        .groupBy(batchRows.status),

    /**
     * The booked rows in line order: their line, shipment and client reference only. A batch's files
     * read a thousand of them while other people are served; the whole rows are twenty times as long.
     */
    bookedRows: (batchId: string) =>
      db
        .select({
          line: batchRows.line,
          shipmentId: batchRows.shipmentId,
          clientRef: sql<string | null>`${batchRows.cells}->>'client_ref'`,
        })
        .from(batchRows)
        .where(and(eq(batchRows.batchId, batchId), isNotNull(batchRows.shipmentId)))
        .orderBy(asc(batchRows.line)),

    /** What a manifest lists of the booked rows' shipments, by shipment id, and when each last changed. */
    async bookedShipments(accountId: string, shipmentIds: string[]) {
      if (!shipmentIds.length) return [];
      return db
        .select({
          id: shipments.id,
          bolNumber: shipments.bolNumber,
          carrierName: shipments.carrierName,
          scac: shipments.scac,
          service: shipments.service,
          mode: shipments.mode,
          pickupDate: shipments.pickupDate,
          destinationCity: shipments.destinationCity,
          destinationState: shipments.destinationState,
          destinationPostalCode: shipments.destinationPostalCode,
          destinationCountry: shipments.destinationCountry,
          currency: shipments.currency,
          totalCents: shipments.totalCents,
          updatedAt: shipments.updatedAt,
        })
        .from(shipments)
        .where(and(eq(shipments.accountId, accountId), inArray(shipments.id, shipmentIds)));
    },

    /** Rows held for approval whose booking an account admin has since approved become booked. */
    async settleApproved(batchId: string, at: Date) {
      await db
        .update(batchRows)
        .set({ status: 'booked', shipmentId: sql`${bookingApprovals.shipmentId}`, bookingError: null, updatedAt: at })
        .from(bookingApprovals)
        .where(
          and(
            eq(batchRows.batchId, batchId),
            isNull(batchRows.shipmentId),
            eq(bookingApprovals.id, batchRows.approvalId),
            isNotNull(bookingApprovals.shipmentId),
          ),
        );
    },

    /**
     * Rows held for approval whose approval an account admin declined or the booker withdrew (and
     * that no shipment came of): who decided, why, and the language of the booker who asked.
     */
    async heldUndone(batchId: string) {
      return db
        .select({
          rowId: batchRows.id,
          approvalId: bookingApprovals.id,
          status: bookingApprovals.status,
          reason: bookingApprovals.declineReason,
          deciderFirst: users.firstName,
          deciderLast: users.lastName,
        })
        .from(batchRows)
        .innerJoin(bookingApprovals, eq(bookingApprovals.id, batchRows.approvalId))
        .leftJoin(users, eq(users.id, bookingApprovals.decidedBy))
        .where(
          and(
            eq(batchRows.batchId, batchId),
            isNull(batchRows.shipmentId),
            isNull(bookingApprovals.shipmentId),
            inArray(bookingApprovals.status, ['declined', 'withdrawn']),
          ),
        )
        .orderBy(asc(batchRows.line));
    },

    /**
     * A held row whose approval was declined or withdrawn is free to be booked again: failed with
     * why, its approval let go and its attempt counted, so its next booking has a key of its own.
     * Only while it still holds that approval: two readers at once count one attempt.
     */
    async releaseHeld(rowId: string, approvalId: string, bookingError: string, at: Date) {
      await db
        .update(batchRows)
        .set({
          status: 'booking_failed',
          approvalId: null,
          errors: [],
          bookingError,
          bookingAttempt: sql`${batchRows.bookingAttempt} + 1`,
          updatedAt: at,
        })
        .where(and(eq(batchRows.id, rowId), eq(batchRows.approvalId, approvalId), isNull(batchRows.shipmentId)));
    },

    /** A row's booking outcome: booked, held for approval, or failed with why (never over a row already booked). */
    async booked(rowId: string, values: Pick<NewBatchLine, 'status' | 'shipmentId' | 'approvalId' | 'errors' | 'bookingError'>, at: Date) {
      const failed = values.status === 'booking_failed';
      await db
        .update(batchRows)
        .set({ ...values, updatedAt: at })
        .where(failed ? and(eq(batchRows.id, rowId), isNull(batchRows.shipmentId), isNull(batchRows.approvalId)) : eq(batchRows.id, rowId));
    },

    /** The account's shipment booked under this idempotency key, if any. */
    async shipmentByKey(accountId: string, key: string) {
      const [found] = await db
        .select({ id: shipments.id })
        .from(shipments)
        .where(and(eq(shipments.accountId, accountId), eq(shipments.idempotencyKey, key)));
      return found?.id;
    },

    /** The account's address book entry of this company name (any case), for a row's place. */
    async addressByName(accountId: string, name: string) {
      const [found] = await db
        .select()
        .from(addressBook)
        .where(and(eq(addressBook.accountId, accountId), sql`lower(${addressBook.company}) = lower(${name})`))
        .orderBy(asc(addressBook.createdAt), asc(addressBook.id))
        .limit(1);
      return found;
    },

    async page(accountId: string, page: number, perPage: number) {
      const where = and(eq(batches.accountId, accountId), eq(batches.writingRows, false));
      const [counted] = await db.select({ n: count() }).from(batches).where(where);
      const rows = await db
        .select({ batch: batches, creatorFirst: users.firstName, creatorLast: users.lastName, rowsBooked })
        .from(batches)
        .leftJoin(users, eq(users.id, batches.createdBy))
        .where(where)
        .orderBy(desc(batches.createdAt), desc(batches.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { rows, total: counted?.n ?? 0 };
    },
  };
}
