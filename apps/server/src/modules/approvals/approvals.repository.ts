import type { ApprovalStatus } from '@freight/contracts';
import { aliasedTable, and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, approvalLinks, bookingApprovals, userSettings, users } from '../../db/schema';

export type ApprovalRow = typeof bookingApprovals.$inferSelect;
export type NewApprovalRow = typeof bookingApprovals.$inferInsert;
export type ApprovalLinkRow = typeof approvalLinks.$inferSelect;

/** An approval with the names of who asked and who decided, as lists and mails show it. */
export interface ApprovalWithPeople {
  approval: ApprovalRow;
  requester: { id: string; firstName: string; lastName: string; email: string } | null;
  decider: { id: string; firstName: string; lastName: string } | null;
}

const requester = aliasedTable(users, 'requester');
const decider = aliasedTable(users, 'decider');

export const APPROVALS_PER_PAGE = 25;

export function approvalsRepository(db: Db) {
  const withPeople = () =>
    db
      .select({
        approval: bookingApprovals,
        requester: { id: requester.id, firstName: requester.firstName, lastName: requester.lastName, email: requester.email },
        decider: { id: decider.id, firstName: decider.firstName, lastName: decider.lastName },
      })
      .from(bookingApprovals)
      .leftJoin(requester, eq(requester.id, bookingApprovals.requestedBy))
      .leftJoin(decider, eq(decider.id, bookingApprovals.decidedBy));

  return {
    /** Holds a booking; the same key twice (concurrent retries) keeps the first. */
    async insertOnce(values: NewApprovalRow) {
      const [row] = await db.insert(bookingApprovals).values(values).onConflictDoNothing().returning();
      return row;
    },
    /** Whether a booking is held under the account's key: its id only (every booking asks; the whole row is wide). */
    async idUnderKey(accountId: string, key: string) {
      const [row] = await db
        .select({ id: bookingApprovals.id })
        .from(bookingApprovals)
        .where(and(eq(bookingApprovals.accountId, accountId), eq(bookingApprovals.idempotencyKey, key)));
      return row?.id;
    },
    async byIdempotencyKey(accountId: string, key: string) {
      const [row] = await db
        .select()
        .from(bookingApprovals)
        .where(and(eq(bookingApprovals.accountId, accountId), eq(bookingApprovals.idempotencyKey, key)));
      return row;
    },
    /** One of the account's approvals; a requester who is not an admin passes `requestedBy` and sees only their own. */
    async find(accountId: string, id: string, requestedBy?: string): Promise<ApprovalWithPeople | undefined> {
      const where = [eq(bookingApprovals.accountId, accountId), eq(bookingApprovals.id, id)];
      if (requestedBy) where.push(eq(bookingApprovals.requestedBy, requestedBy));
      const [row] = await withPeople().where(and(...where));
      return row;
    },
    /** How many of the account's bookings wait for a decision (the account index answers it). */
    async pendingCount(accountId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(bookingApprovals)
        .where(and(eq(bookingApprovals.accountId, accountId), eq(bookingApprovals.status, 'pending')));
      return row?.n ?? 0;
    },
    /** Locks an approval for a decision or a withdrawal, whatever its status (the caller reads it). */
    async lock(accountId: string, id: string) {
      const [row] = await db
        .select()
        .from(bookingApprovals)
        .where(and(eq(bookingApprovals.accountId, accountId), eq(bookingApprovals.id, id)))
        .for('update');
      return row;
    },
    async update(id: string, values: Partial<NewApprovalRow>) {
      const [row] = await db.update(bookingApprovals).set(values).where(eq(bookingApprovals.id, id)).returning();
      return row;
    },
    async page(accountId: string, opts: { status?: ApprovalStatus; requestedBy?: string; page: number; perPage: number }) {
      const where: SQL[] = [eq(bookingApprovals.accountId, accountId)];
      if (opts.status) where.push(eq(bookingApprovals.status, opts.status));
      if (opts.requestedBy) where.push(eq(bookingApprovals.requestedBy, opts.requestedBy));
      const pendingWhere = [eq(bookingApprovals.accountId, accountId), eq(bookingApprovals.status, 'pending')];
      if (opts.requestedBy) pendingWhere.push(eq(bookingApprovals.requestedBy, opts.requestedBy));
      const [rows, [total], [pending]] = await Promise.all([
        withPeople()
          .where(and(...where))
          .orderBy(desc(bookingApprovals.createdAt), desc(bookingApprovals.id))
          .limit(opts.perPage)
          .offset((opts.page - 1) * opts.perPage),
        db
          .select({ n: count() })
          .from(bookingApprovals)
          .where(and(...where)),
        db
          .select({ n: count() })
          .from(bookingApprovals)
          .where(and(...pendingWhere)),
      ]);
      return { rows, total: total?.n ?? 0, pending: pending?.n ?? 0 };
    },
    /** The account's active admins, who decide approvals, with the language their mail is in. */
    async deciders(accountId: string) {
      return db
        .select({ id: users.id, email: users.email, firstName: users.firstName, language: userSettings.language })
        .from(users)
        .innerJoin(userSettings, eq(userSettings.userId, users.id))
        .where(and(eq(users.accountId, accountId), eq(users.accountRole, 'account_admin'), isNull(users.deactivatedAt)));
    },
    /** The booker of a held booking, as it is booked in their name: their account's terms and carrier choices. */
    async bookerOf(userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          accountId: accounts.id,
          paymentTerms: accounts.paymentTerms,
          carrierChoicesVersion: userSettings.carrierChoicesVersion,
        })
        .from(users)
        .innerJoin(accounts, eq(accounts.id, users.accountId))
        .innerJoin(userSettings, eq(userSettings.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },
    async userMailOf(userId: string) {
      const [row] = await db
        .select({ email: users.email, firstName: users.firstName, language: userSettings.language })
        .from(users)
        .innerJoin(userSettings, eq(userSettings.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },
    async insertLinks(rows: (typeof approvalLinks.$inferInsert)[]) {
      if (rows.length) await db.insert(approvalLinks).values(rows);
    },
    /** A mailed link with where its approval stands. */
    async linkByToken(tokenHash: string) {
      const [row] = await db
        .select({ link: approvalLinks, status: bookingApprovals.status })
        .from(approvalLinks)
        .innerJoin(bookingApprovals, eq(bookingApprovals.id, approvalLinks.approvalId))
        .where(eq(approvalLinks.tokenHash, tokenHash));
      return row;
    },
    /** Spends a link; false when it was spent already (or concurrently). */
    async spendLink(id: string, at: Date) {
      const rows = await db
        .update(approvalLinks)
        .set({ usedAt: at })
        .where(and(eq(approvalLinks.id, id), isNull(approvalLinks.usedAt)))
        .returning({ id: approvalLinks.id });
      return rows.length > 0;
    },
    /** Once decided, every link of the approval is spent: none decides it again. */
    async spendLinksOf(approvalIds: string[], at: Date) {
      if (!approvalIds.length) return;
      await db
        .update(approvalLinks)
        .set({ usedAt: at })
        .where(and(inArray(approvalLinks.approvalId, approvalIds), isNull(approvalLinks.usedAt)));
    },
  };
}
