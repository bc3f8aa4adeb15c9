import type { SupportCategory, SupportState } from '@freight/contracts';
import { and, asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { keysetBatches, pastKeys } from '../../db/keyset';
import { escapeLike } from '../../db/like';
import { accounts, invoices, shipments, supportConversations, supportMessages, userSettings, users } from '../../db/schema';

/** Who reads: a customer of an account (their own conversations, no internal notes), or staff. */
export type Audience = { staff: false; accountId: string } | { staff: true };

export const never = sql`'-infinity'::timestamptz`;

/** Messages from the other side the reader has not read, per conversation. */
export const unreadFor = (audience: Audience) =>
  audience.staff
    ? sql<number>`(select count(*) from ${supportMessages} m where m.conversation_id = ${supportConversations.id} and not m.from_staff and m.created_at > coalesce(${supportConversations.staffReadAt}, ${never}))`.mapWith(
        Number,
      )
    : sql<number>`(select count(*) from ${supportMessages} m where m.conversation_id = ${supportConversations.id} and m.from_staff and not m.internal and m.created_at > coalesce(${supportConversations.customerReadAt}, ${never}))`.mapWith(
        Number,
      );

/** The inbox's filter and order (what an export reads: the page left out). */
export interface InboxListFilter {
  state?: SupportState;
  category?: SupportCategory;
  assignee?: string;
  q?: string;
  sort: 'newest' | 'oldest' | 'waiting_longest';
}

export interface InboxFilter extends InboxListFilter {
  page: number;
  perPage: number;
}

const customer = alias(users, 'customer');
const assignee = alias(users, 'assignee');

/** The inbox's sort keys, each with its direction; the id last, so the order is total. */
function sortKeys(sort: InboxListFilter['sort']): { expr: SQL | typeof supportConversations.id; desc: boolean }[] {
  const keys =
    sort === 'oldest'
      ? [{ expr: sql`${supportConversations.createdAt}`, desc: false }]
      : sort === 'waiting_longest'
        ? // Unanswered customer messages first, the longest waiting first.
          [
            { expr: sql`(${supportConversations.state} = 'open')`, desc: true },
            { expr: sql`${supportConversations.lastMessageAt}`, desc: false },
          ]
        : [{ expr: sql`${supportConversations.lastMessageAt}`, desc: true }];
  return [...keys, { expr: supportConversations.id, desc: true }];
}

/** The staff inbox's reads: every account's conversations, filtered and sorted, with what the rows show. */
export function supportInboxRepository(db: Db) {
  function whereOf(f: InboxListFilter, staffId: string) {
    const conditions: SQL[] = [];
    if (f.state) conditions.push(eq(supportConversations.state, f.state));
    if (f.category) conditions.push(eq(supportConversations.category, f.category));
    if (f.assignee === 'me') conditions.push(eq(supportConversations.assigneeId, staffId));
    else if (f.assignee === 'unassigned') conditions.push(isNull(supportConversations.assigneeId));
    else if (f.assignee) conditions.push(eq(supportConversations.assigneeId, f.assignee));
    if (f.q) {
      const like = `%${escapeLike(f.q.toLowerCase())}%`;
      conditions.push(
        or(
          sql`lower(${accounts.name}) like ${like}`,
          sql`lower(${customer.email}) like ${like}`,
          sql`lower(${supportConversations.reference}) like ${like}`,
          sql`lower(${supportConversations.subject}) like ${like}`,
        )!,
      );
    }
    return conditions.length ? and(...conditions) : undefined;
  }

  const base = () =>
    db
      .select({
        conversation: supportConversations,
        unread: unreadFor({ staff: true }),
        accountName: accounts.name,
        customer: { id: customer.id, firstName: customer.firstName, lastName: customer.lastName, email: customer.email },
        language: userSettings.language,
        assignee: { id: assignee.id, firstName: assignee.firstName, lastName: assignee.lastName },
        bolNumber: shipments.bolNumber,
        invoiceNumber: invoices.number,
        // The sort keys as the database holds them (a time as text keeps its microseconds), for the next batch.
        keys: sql<
          string[]
        >`array[${supportConversations.createdAt}::text, ${supportConversations.lastMessageAt}::text, (${supportConversations.state} = 'open')::text]`,
      })
      .from(supportConversations)
      .innerJoin(accounts, eq(accounts.id, supportConversations.accountId))
      .innerJoin(customer, eq(customer.id, supportConversations.userId))
      .leftJoin(userSettings, eq(userSettings.userId, supportConversations.userId))
      .leftJoin(assignee, eq(assignee.id, supportConversations.assigneeId))
      .leftJoin(shipments, eq(shipments.id, supportConversations.shipmentId))
      .leftJoin(invoices, eq(invoices.id, supportConversations.invoiceId));
  type Row = Awaited<ReturnType<typeof base>>[number];

  const orderOf = (sort: InboxListFilter['sort']) => sortKeys(sort).map((k) => (k.desc ? desc(k.expr) : asc(k.expr)));

  async function count(f: InboxListFilter, staffId: string) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(supportConversations)
      .innerJoin(accounts, eq(accounts.id, supportConversations.accountId))
      .innerJoin(customer, eq(customer.id, supportConversations.userId))
      .where(whereOf(f, staffId));
    return counted?.n ?? 0;
  }

  return {
    async inboxPage(f: InboxFilter, staffId: string) {
      const [rows, total] = await Promise.all([
        base()
          .where(whereOf(f, staffId))
          .orderBy(...orderOf(f.sort))
          .limit(f.perPage)
          .offset((f.page - 1) * f.perPage),
        count(f, staffId),
      ]);
      return { rows, total, one: (id: string) => base().where(eq(supportConversations.id, id)) };
    },

    /** How many conversations the inbox's filter selects (an export's row count). */
    inboxCount: count,

    /** Every conversation the inbox's filter selects, in its order, by keyset batches. */
    async *inboxBatches(f: InboxListFilter, staffId: string, size = 1_000) {
      const where = whereOf(f, staffId);
      const read = (after: SQL | undefined, limit: number) =>
        base()
          .where(and(where, after))
          .orderBy(...orderOf(f.sort))
          .limit(limit);
      const past = (last: Row) => {
        const [createdAt, lastMessageAt, open] = last.keys;
        const values =
          f.sort === 'oldest'
            ? [sql`${createdAt}::timestamptz`]
            : f.sort === 'waiting_longest'
              ? [sql`${open}::boolean`, sql`${lastMessageAt}::timestamptz`]
              : [sql`${lastMessageAt}::timestamptz`];
        values.push(sql`${last.conversation.id}::uuid`);
        return pastKeys(sortKeys(f.sort).map((k, i) => ({ ...k, value: values[i] ?? sql`null` })));
      };
      yield* keysetBatches<Row>(read, past, size);
    },
  };
}
