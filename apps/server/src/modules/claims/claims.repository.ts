import type { ClaimStatus } from '@freight/domain';
import { and, asc, desc, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accounts,
  claimAttachments,
  claimLines,
  claimMessages,
  claims,
  invoices,
  shipments,
  supportAttachments,
  users,
} from '../../db/schema';

export type ClaimRow = typeof claims.$inferSelect;
export type ClaimLineRow = typeof claimLines.$inferSelect;

/** What the staff queue is narrowed to. */
export type ClaimQueueFilter = { status?: ClaimStatus; overdue?: boolean; shipmentId?: string };

/** A page of the staff queue and of the shipper's list. */
export const CLAIM_QUEUE_PAGE = 50;

/** The claim's row with what its lists show of its shipment, account and assignee. */
const listed = {
  claim: claims,
  bolNumber: shipments.bolNumber,
  carrierName: shipments.carrierName,
  accountName: accounts.name,
  assigneeFirstName: users.firstName,
  assigneeLastName: users.lastName,
};
export type ListedClaim = {
  claim: ClaimRow;
  bolNumber: string;
  carrierName: string;
  accountName: string;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
};

/**
 * A claim's carrier clock past its last day, on the claim's own day (its delivery place's): the
 * acknowledgement while neither acknowledged nor decided, the decision while undecided.
 */
const overdueAt = (now: Date): SQL => {
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${claims.timeZone})::date`;
  return sql`((${claims.acknowledgedAt} is null and ${claims.decidedAt} is null and ${claims.acknowledgementDueOn} < ${today})
    or (${claims.decidedAt} is null and ${claims.decisionDueOn} < ${today}))`;
};

export function claimsRepository(db: Db) {
  const select = () =>
    db
      .select(listed)
      .from(claims)
      .innerJoin(shipments, eq(shipments.id, claims.shipmentId))
      .innerJoin(accounts, eq(accounts.id, claims.accountId))
      .leftJoin(users, eq(users.id, claims.assigneeId));

  return {
    /** What filing reads of the account's own shipment (another account's is not found). */
    async shipmentOf(accountId: string, id: string) {
      const [row] = await db
        .select({
          id: shipments.id,
          status: shipments.status,
          currency: shipments.currency,
          totalCents: shipments.totalCents,
          declaredValueCents: shipments.declaredValueCents,
          insurance: shipments.insurance,
          items: shipments.items,
          deliveredAt: shipments.deliveredAt,
          deliveryDate: shipments.deliveryDate,
          expectedDelivery: shipments.shownEstimatedDelivery,
          destinationState: shipments.destinationState,
          destinationCountry: shipments.destinationCountry,
        })
        .from(shipments)
        .where(and(eq(shipments.id, id), eq(shipments.accountId, accountId)));
      return row;
    },

    async insert(row: Omit<typeof claims.$inferInsert, 'number'>, lines: Omit<typeof claimLines.$inferInsert, 'claimId'>[]) {
      const [claim] = await db
        .insert(claims)
        .values({ ...row, number: sql`'CL-' || lpad(nextval('claims_number_seq')::text, 6, '0')` })
        .returning();
      if (!claim) throw new Error('claim not inserted');
      await db.insert(claimLines).values(lines.map((l) => ({ ...l, claimId: claim.id })));
      return claim;
    },

    /** A page of the account's claims, newest first, with one more row to tell whether another page follows. */
    listOfAccount: (accountId: string, page: number) =>
      select()
        .where(eq(claims.accountId, accountId))
        .orderBy(desc(claims.filedAt), desc(claims.id))
        .limit(CLAIM_QUEUE_PAGE + 1)
        .offset((page - 1) * CLAIM_QUEUE_PAGE),

    /** One claim with its list facts; of the account when one is given. */
    async find(id: string, accountId?: string): Promise<ListedClaim | undefined> {
      const [row] = await select().where(accountId ? and(eq(claims.id, id), eq(claims.accountId, accountId)) : eq(claims.id, id));
      return row;
    },

    /** Holds the claim's row until the transaction ends, so two staff steps at once see each other's. */
    async lock(id: string) {
      const [row] = await db.select().from(claims).where(eq(claims.id, id)).for('update');
      return row;
    },

    /**
     * Open claims (not closed), oldest first; only those with an overdue carrier clock when asked.
     * Of one shipment when asked, closed ones too (its page lists them all) unless a status is.
     */
    queue(filter: ClaimQueueFilter, now: Date, page: number) {
      const where: SQL[] = [];
      if (filter.status) where.push(eq(claims.status, filter.status));
      else if (!filter.shipmentId) where.push(ne(claims.status, 'closed'));
      if (filter.shipmentId) where.push(eq(claims.shipmentId, filter.shipmentId));
      if (filter.overdue) where.push(overdueAt(now));
      return select()
        .where(and(...where))
        .orderBy(asc(claims.filedAt), asc(claims.id))
        .limit(CLAIM_QUEUE_PAGE + 1)
        .offset((page - 1) * CLAIM_QUEUE_PAGE);
    },

    /** The credit memo a paid claim links to. */
    async creditMemo(id: string) {
      const [row] = await db
        .select({ id: invoices.id, number: invoices.number, totalCents: invoices.totalCents, currency: invoices.currency })
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.type, 'credit_memo')));
      return row;
    },

    lines: (claimId: string) => db.select().from(claimLines).where(eq(claimLines.claimId, claimId)).orderBy(asc(claimLines.position)),

    /** The thread, oldest first, with who wrote each message. */
    messages: (claimId: string) =>
      db
        .select({ message: claimMessages, firstName: users.firstName, lastName: users.lastName })
        .from(claimMessages)
        .leftJoin(users, eq(users.id, claimMessages.userId))
        .where(eq(claimMessages.claimId, claimId))
        .orderBy(asc(claimMessages.createdAt), asc(claimMessages.id)),

    async insertMessage(row: typeof claimMessages.$inferInsert) {
      const [inserted] = await db.insert(claimMessages).values(row).returning();
      if (!inserted) throw new Error('claim message not inserted');
      return inserted;
    },

    /**
     * Ties the uploader's own finished uploads (of the support uploads, sent in no conversation nor
     * claim yet) to a claim's message; false, tying none, unless every one of them is.
     */
    async attach(ids: string[], uploaderId: string, claimId: string, messageId: string, at: Date) {
      if (ids.length === 0) return true;
      const free = await db
        .select({ id: supportAttachments.id })
        .from(supportAttachments)
        .where(
          and(
            inArray(supportAttachments.id, ids),
            eq(supportAttachments.uploadedBy, uploaderId),
            isNull(supportAttachments.messageId),
            gt(supportAttachments.size, 0),
            sql`not exists (select 1 from ${claimAttachments} where ${claimAttachments.attachmentId} = ${supportAttachments.id})`,
          ),
        )
        .for('update');
      if (free.length !== ids.length) return false;
      await db.insert(claimAttachments).values(free.map((f) => ({ claimId, messageId, attachmentId: f.id, createdAt: at })));
      return true;
    },

    /** The files of a claim's messages. */
    attachments: (claimId: string) =>
      db
        .select({ messageId: claimAttachments.messageId, file: supportAttachments })
        .from(claimAttachments)
        .innerJoin(supportAttachments, eq(supportAttachments.id, claimAttachments.attachmentId))
        .where(eq(claimAttachments.claimId, claimId))
        .orderBy(asc(claimAttachments.createdAt), asc(supportAttachments.fileName)),

    /** One file of a claim, if it is the claim's. */
    async attachmentOf(claimId: string, attachmentId: string) {
      const [row] = await db
        .select({ file: supportAttachments })
        .from(claimAttachments)
        .innerJoin(supportAttachments, eq(supportAttachments.id, claimAttachments.attachmentId))
        .where(and(eq(claimAttachments.claimId, claimId), eq(claimAttachments.attachmentId, attachmentId)));
      return row?.file;
    },

    async update(id: string, set: Partial<typeof claims.$inferInsert>) {
      const [row] = await db.update(claims).set(set).where(eq(claims.id, id)).returning();
      if (!row) throw new Error('claim not updated');
      return row;
    },

    async claim(id: string) {
      const [row] = await db.select().from(claims).where(eq(claims.id, id));
      return row;
    },

    /** Notes a reminder as sent; false when it was already (another run of the job sent it). */
    async markReminded(id: string, reminder: string) {
      const rows = await db
        .update(claims)
        .set({ remindersSent: sql`${claims.remindersSent} || ${JSON.stringify([reminder])}::jsonb` })
        .where(and(eq(claims.id, id), sql`not (${claims.remindersSent} @> ${JSON.stringify([reminder])}::jsonb)`))
        .returning({ id: claims.id });
      return rows.length > 0;
    },

    /** An active user by id with their roles and name (an assignee must be able to handle claims). */
    async activeUser(id: string) {
      const [row] = await db
        .select({ id: users.id, roles: users.roles, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deactivatedAt)));
      return row;
    },
  };
}
