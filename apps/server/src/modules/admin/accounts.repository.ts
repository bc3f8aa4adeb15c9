import type { AccountSearchQuery, AccountState } from '@freight/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { keysetBatches } from '../../db/keyset';
import { escapeLike } from '../../db/like';
import { accountSalesReps, accountSuspensionProposals, accounts, quotes, sessions, shipments, userSettings, users } from '../../db/schema';
import { announceAccessChange } from '../support/access-changes.service';

export type AccountRow = typeof accounts.$inferSelect;
/** The list's search without its page (what an export reads). */
export type AccountListFilter = Omit<AccountSearchQuery, 'page' | 'per_page'>;

/** Whether any user of the account has confirmed their email. */
const verifiedUserExists = sql`exists (select 1 from ${users} where ${users.accountId} = ${accounts.id} and ${users.emailVerifiedAt} is not null)`;

/** The state staff see: suspended first, then credit hold, then awaiting verification. */
export function accountState(a: Pick<AccountRow, 'status' | 'suspendedAt'>, verified: boolean): AccountState {
  if (a.suspendedAt) return 'suspended';
  if (a.status === 'credit_hold') return 'credit_hold';
  return verified ? 'active' : 'unverified';
}

/** Each state as a condition: the accounts list's filter, and the dashboard's figures that open it. */
export const STATE_WHERE: Record<AccountState, SQL> = {
  suspended: isNotNull(accounts.suspendedAt),
  credit_hold: and(isNull(accounts.suspendedAt), eq(accounts.status, 'credit_hold')) as SQL,
  unverified: and(isNull(accounts.suspendedAt), eq(accounts.status, 'active'), sql`not ${verifiedUserExists}`) as SQL,
  active: and(isNull(accounts.suspendedAt), eq(accounts.status, 'active'), verifiedUserExists) as SQL,
};

/** The accounts whose rep is `repId`, or that have none (null). */
const repWhere = (repId: string | null) =>
  repId === null
    ? sql`not exists (select 1 from ${accountSalesReps} where ${accountSalesReps.accountId} = ${accounts.id})`
    : sql`exists (select 1 from ${accountSalesReps} where ${accountSalesReps.accountId} = ${accounts.id} and ${accountSalesReps.repId} = ${repId})`;

/** Staff's reads and writes of customer accounts (no account scoping: the admin door decides who gets here). */
export function staffAccountsRepository(db: Db) {
  /** Accounts whose users match a name, email or phone, or that booked a BOL number. */
  async function matchingIds(q: string): Promise<SQL> {
    const like = `%${escapeLike(q)}%`;
    const digits = q.replace(/\D/g, '');
    const [byUser, byBol] = await Promise.all([
      db
        .selectDistinct({ id: users.accountId })
        .from(users)
        .where(
          and(
            isNotNull(users.accountId),
            or(
              ilike(users.email, like),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
              digits.length >= 4 ? sql`regexp_replace(${users.phone}, '\\D', '', 'g') like ${`%${digits}%`}` : undefined,
            ),
          ),
        )
        .limit(500),
      db.select({ id: shipments.accountId }).from(shipments).where(eq(shipments.bolNumber, q.trim())).limit(1),
    ]);
    const ids = [...byUser, ...byBol].map((r) => r.id).filter((id): id is string => Boolean(id));
    return or(ilike(accounts.name, like), ids.length ? inArray(accounts.id, ids) : undefined) as SQL;
  }

  /** The list's filter and order (the sign-up queue is newest first whatever the sort says). */
  async function listOf(q: AccountListFilter, signedUpSince: Date | undefined, repId?: string | null) {
    const conditions: SQL[] = [];
    if (q.q) conditions.push(await matchingIds(q.q));
    if (q.status) conditions.push(STATE_WHERE[q.status]);
    if (q.payment_terms) conditions.push(eq(accounts.paymentTerms, q.payment_terms));
    if (q.signed_up_days && signedUpSince) conditions.push(gte(accounts.createdAt, signedUpSince));
    if (repId !== undefined) conditions.push(repWhere(repId));
    const descending = Boolean(q.signed_up_days) || q.dir === 'desc';
    const dir = descending ? desc : asc;
    const column = q.signed_up_days || q.sort === 'created_at' ? accounts.createdAt : accounts.name;
    return { where: conditions.length ? and(...conditions) : undefined, column, descending, order: [dir(column), dir(accounts.id)] };
  }

  /** The users of these accounts, oldest first (the first is the list's contact). */
  async function membersOf(rows: readonly { account: AccountRow }[]) {
    const ids = rows.map((r) => r.account.id);
    return ids.length ? db.select().from(users).where(inArray(users.accountId, ids)).orderBy(asc(users.createdAt)) : [];
  }

  return {
    /**
     * `signedUpSince`: where the sign-up queue (`signed_up_days`) begins, a business day's start.
     * `repId`: the `sales_rep` filter with 'mine' made the caller's id (undefined: any rep).
     */
    async search(q: AccountSearchQuery, signedUpSince: Date | undefined, repId?: string | null) {
      const { where, order } = await listOf(q, signedUpSince, repId);
      const [rows, [total]] = await Promise.all([
        db
          .select({ account: accounts, verified: sql<boolean>`${verifiedUserExists}` })
          .from(accounts)
          .where(where)
          .orderBy(...order)
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: count() }).from(accounts).where(where),
      ]);
      return { rows, members: await membersOf(rows), total: total?.n ?? 0 };
    },

    /** How many accounts the list's filter selects (an export's row count). */
    async count(q: AccountListFilter, signedUpSince: Date | undefined, repId?: string | null) {
      const { where } = await listOf(q, signedUpSince, repId);
      const [total] = await db.select({ n: count() }).from(accounts).where(where);
      return total?.n ?? 0;
    },

    /** Every account the list's filter selects, in its order, by keyset batches (its sort column and id), with their users. */
    async *batches(q: AccountListFilter, signedUpSince: Date | undefined, repId?: string | null, size = 1_000) {
      const { where, column, descending, order } = await listOf(q, signedUpSince, repId);
      type Row = { account: AccountRow; verified: boolean };
      const read = (after: SQL | undefined, limit: number) =>
        db
          .select({ account: accounts, verified: sql<boolean>`${verifiedUserExists}` })
          .from(accounts)
          .where(and(where, after))
          .orderBy(...order)
          .limit(limit);
      const past = ({ account }: Row) => {
        const key = column === accounts.name ? sql`${account.name}` : sql`${account.createdAt.toISOString()}::timestamptz`;
        return descending
          ? sql`(${column}, ${accounts.id}) < (${key}, ${account.id}::uuid)`
          : sql`(${column}, ${accounts.id}) > (${key}, ${account.id}::uuid)`;
      };
      for await (const rows of keysetBatches<Row>(read, past, size)) yield { rows, members: await membersOf(rows) };
    },

    async find(id: string) {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
      return row;
    },

    /** The account row locked to change it (its key stays: rows pointing at it are not held up). */
    async lock(tx: Db, id: string) {
      const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('no key update');
      return row;
    },

    /** Writes the account's changed fields, answering the row as it now is. */
    async update(tx: Db, id: string, values: Partial<typeof accounts.$inferInsert>) {
      const [row] = await tx.update(accounts).set(values).where(eq(accounts.id, id)).returning();
      return row!;
    },

    /** A user with the language of their settings (null when they never chose one). */
    async userWithLanguage(userId: string) {
      const [row] = await db
        .select({ user: users, language: userSettings.language })
        .from(users)
        .leftJoin(userSettings, eq(userSettings.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

    /** What the detail shows beside the account: its users, latest quotes and shipments. */
    async context(id: string) {
      const [members, recentQuotes, recentShipments] = await Promise.all([
        db.select().from(users).where(eq(users.accountId, id)).orderBy(asc(users.createdAt)),
        db.select().from(quotes).where(eq(quotes.accountId, id)).orderBy(desc(quotes.createdAt)).limit(10),
        db
          .select({
            id: shipments.id,
            bolNumber: shipments.bolNumber,
            status: shipments.status,
            createdAt: shipments.createdAt,
            carrierName: shipments.carrierName,
            totalCents: shipments.totalCents,
            currency: shipments.currency,
          })
          .from(shipments)
          .where(eq(shipments.accountId, id))
          .orderBy(desc(shipments.createdAt))
          .limit(10),
      ]);
      return { members, recentQuotes, recentShipments };
    },

    /** The account's open suspension proposals with who made them, oldest first. */
    async openProposals(accountId: string) {
      return db
        .select({ proposal: accountSuspensionProposals, proposedBy: users.email })
        .from(accountSuspensionProposals)
        .leftJoin(users, eq(users.id, accountSuspensionProposals.proposedBy))
        .where(and(eq(accountSuspensionProposals.accountId, accountId), isNull(accountSuspensionProposals.outcome)))
        .orderBy(asc(accountSuspensionProposals.createdAt), asc(accountSuspensionProposals.id));
    },

    async insertProposal(tx: Db, values: { accountId: string; proposedBy: string; note: string; createdAt: Date }) {
      const [row] = await tx.insert(accountSuspensionProposals).values(values).returning();
      return row!;
    },

    async lockProposal(tx: Db, id: string) {
      const [row] = await tx.select().from(accountSuspensionProposals).where(eq(accountSuspensionProposals.id, id)).for('update');
      return row;
    },

    /** Closes the account's open proposals (or the one `only`) with an outcome; answers those closed. */
    async resolveProposals(tx: Db, accountId: string, change: { outcome: 'suspended' | 'dismissed'; by: string; at: Date }, only?: string) {
      return tx
        .update(accountSuspensionProposals)
        .set({ outcome: change.outcome, resolvedBy: change.by, resolvedAt: change.at })
        .where(
          and(
            eq(accountSuspensionProposals.accountId, accountId),
            isNull(accountSuspensionProposals.outcome),
            only ? eq(accountSuspensionProposals.id, only) : undefined,
          ),
        )
        .returning();
    },

    /** Signs every user of the account out (a suspension). */
    async endSessions(tx: Db, accountId: string) {
      await tx
        .delete(sessions)
        .where(inArray(sessions.userId, tx.select({ id: users.id }).from(users).where(eq(users.accountId, accountId))));
      await announceAccessChange(tx);
    },
  };
}
