import type { SupportState } from '@freight/contracts';
import { isStaff } from '@freight/domain';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  invoices,
  shipments,
  supportAttachmentChunks,
  supportAttachments,
  supportCannedAnswers,
  supportConversations,
  supportEvents,
  supportMessages,
  users,
} from '../../db/schema';
import { SUPPORT_CHANNEL } from './live-access.repository';
import { type Audience, never, supportInboxRepository, unreadFor } from './support-inbox.repository';

/** One advisory lock orders the events: a later `seq` never commits before an earlier one. */
const EVENT_ORDER_LOCK = 727019;

export type ConversationRow = typeof supportConversations.$inferSelect;
export type EventRow = typeof supportEvents.$inferSelect;
export type AttachmentRow = typeof supportAttachments.$inferSelect;

export type { Audience } from './support-inbox.repository';

export type CannedAnswerRow = typeof supportCannedAnswers.$inferSelect;

export function supportRepository(db: Db) {
  return {
    ...supportInboxRepository(db),
    async find(id: string) {
      const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id));
      return row;
    },

    /** The conversation, locked for a write that reads its state first. */
    async lock(id: string) {
      const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id)).for('update');
      return row;
    },

    async insert(values: typeof supportConversations.$inferInsert) {
      const [row] = await db.insert(supportConversations).values(values).returning();
      return row!;
    },

    async update(id: string, set: Partial<typeof supportConversations.$inferInsert>) {
      const [row] = await db.update(supportConversations).set(set).where(eq(supportConversations.id, id)).returning();
      return row!;
    },

    async insertMessage(values: typeof supportMessages.$inferInsert) {
      const [row] = await db.insert(supportMessages).values(values).returning();
      return row!;
    },

    /** Ties the caller's own unclaimed uploads to a message; answers how many it could. */
    async claimAttachments(ids: string[], uploaderId: string, messageId: string) {
      if (ids.length === 0) return 0;
      const rows = await db
        .update(supportAttachments)
        .set({ messageId })
        .where(
          and(
            inArray(supportAttachments.id, ids),
            eq(supportAttachments.uploadedBy, uploaderId),
            isNull(supportAttachments.messageId),
            // An upload still streaming in (size 0) is not a file yet.
            gt(supportAttachments.size, 0),
          ),
        )
        .returning({ id: supportAttachments.id });
      return rows.length;
    },

    /** An upload's row, written before its chunks (size 0 until `finishAttachment`). */
    async insertAttachment(values: typeof supportAttachments.$inferInsert) {
      const [row] = await db.insert(supportAttachments).values(values).returning();
      return row!;
    },

    /*
     * Bytes travel as hex text, decoded and encoded by the database: PGlite converts a bytea
     * parameter or result in JavaScript byte by byte (~170 ms to write and ~45 ms to read a 256 KB
     * chunk; as hex ~10 and ~2 ms). node-postgres sends a Buffer as hex text anyway.
     */
    async insertAttachmentChunk(attachmentId: string, seq: number, content: Buffer) {
      await db.insert(supportAttachmentChunks).values({ attachmentId, seq, content: sql`decode(${content.toString('hex')}, 'hex')` });
    },

    async finishAttachment(id: string, size: number) {
      const [row] = await db.update(supportAttachments).set({ size }).where(eq(supportAttachments.id, id)).returning();
      return row!;
    },

    /** Uploads still at size 0 from before `before` (their process stopped mid-upload), with their chunks. */
    async purgeUnfinishedAttachments(before: Date) {
      await db.delete(supportAttachments).where(and(eq(supportAttachments.size, 0), lt(supportAttachments.createdAt, before)));
    },

    /** A refused or broken upload: the row and (by cascade) its chunks. */
    async deleteAttachment(id: string) {
      await db.delete(supportAttachments).where(eq(supportAttachments.id, id));
    },

    /** An attachment with the conversation it was sent in (none while unclaimed). */
    async attachment(id: string) {
      const [row] = await db
        .select({
          attachment: supportAttachments,
          conversationAccountId: supportConversations.accountId,
          internal: supportMessages.internal,
        })
        .from(supportAttachments)
        .leftJoin(supportMessages, eq(supportMessages.id, supportAttachments.messageId))
        .leftJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
        .where(eq(supportAttachments.id, id));
      return row;
    },

    /**
     * A file's bytes, in order, a few chunks a query (~1 MB): the next are read only when the
     * client has taken these, so a download holds little whatever the file's size.
     */
    async *attachmentChunks(id: string): AsyncGenerator<Buffer> {
      for (let next = 0; ; ) {
        const rows = await db
          .select({ seq: supportAttachmentChunks.seq, hex: sql<string>`encode(${supportAttachmentChunks.content}, 'hex')` })
          .from(supportAttachmentChunks)
          .where(and(eq(supportAttachmentChunks.attachmentId, id), gte(supportAttachmentChunks.seq, next)))
          .orderBy(asc(supportAttachmentChunks.seq))
          .limit(4);
        for (const row of rows) yield Buffer.from(row.hex, 'hex');
        if (rows.length < 4) return;
        next = rows[rows.length - 1]!.seq + 1;
      }
    },

    /** Messages with their authors and attachments: of one conversation, or by id (the live events). */
    async messages(where: { conversationId: string } | { ids: string[] }, includeInternal: boolean) {
      const scope =
        'conversationId' in where ? eq(supportMessages.conversationId, where.conversationId) : inArray(supportMessages.id, where.ids);
      if ('ids' in where && where.ids.length === 0) return [];
      const rows = await db
        .select({ message: supportMessages, firstName: users.firstName, lastName: users.lastName })
        .from(supportMessages)
        .leftJoin(users, eq(users.id, supportMessages.authorId))
        .where(includeInternal ? scope : and(scope, eq(supportMessages.internal, false)))
        .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
      const files = rows.length
        ? await db
            .select()
            .from(supportAttachments)
            .where(
              inArray(
                supportAttachments.messageId,
                rows.map((r) => r.message.id),
              ),
            )
            .orderBy(asc(supportAttachments.createdAt))
        : [];
      return rows.map((r) => ({ ...r, attachments: files.filter((f) => f.messageId === r.message.id) }));
    },

    /** A customer account's conversations (or those `openedBy` opened), newest activity first, with its unread counts. */
    async accountPage(accountId: string, f: { state?: SupportState; openedBy?: string; page: number; perPage: number }) {
      const where = and(
        eq(supportConversations.accountId, accountId),
        f.state ? eq(supportConversations.state, f.state) : undefined,
        f.openedBy ? eq(supportConversations.userId, f.openedBy) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select({ conversation: supportConversations, unread: unreadFor({ staff: false, accountId }) })
          .from(supportConversations)
          .where(where)
          .orderBy(desc(supportConversations.lastMessageAt), desc(supportConversations.id))
          .limit(f.perPage)
          .offset((f.page - 1) * f.perPage),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(supportConversations)
          .where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** Unread staff replies over all of an account's conversations (the support button's badge). */
    async accountUnread(accountId: string) {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${unreadFor({ staff: false, accountId })}), 0)`.mapWith(Number) })
        .from(supportConversations)
        .where(
          and(
            eq(supportConversations.accountId, accountId),
            gt(supportConversations.lastStaffMessageAt, sql`coalesce(${supportConversations.customerReadAt}, ${never})`),
          ),
        );
      return row?.n ?? 0;
    },

    /** The admin navigation's counts. */
    async inboxSummary(staffId: string) {
      const unreadByCustomer = gt(supportConversations.lastCustomerMessageAt, sql`coalesce(${supportConversations.staffReadAt}, ${never})`);
      const [row] = await db
        .select({
          unread: sql<number>`count(*) filter (where ${unreadByCustomer})`.mapWith(Number),
          unreadMine: sql<number>`count(*) filter (where ${unreadByCustomer} and ${supportConversations.assigneeId} = ${staffId})`.mapWith(
            Number,
          ),
          unassigned: sql<number>`count(*) filter (where ${supportConversations.assigneeId} is null)`.mapWith(Number),
        })
        .from(supportConversations)
        .where(ne(supportConversations.state, 'resolved'));
      return { unread: row?.unread ?? 0, unread_mine: row?.unreadMine ?? 0, unassigned: row?.unassigned ?? 0 };
    },

    /** The account's shipment (by BOL) or invoice (by number) a customer names, any case. */
    async findReference(accountId: string, reference: string) {
      const upper = reference.toUpperCase();
      const [shipment] = await db
        .select({ id: shipments.id, number: shipments.bolNumber })
        .from(shipments)
        .where(and(eq(shipments.accountId, accountId), eq(shipments.bolNumber, upper)));
      if (shipment) return { shipmentId: shipment.id, invoiceId: null, number: shipment.number };
      const [invoice] = await db
        .select({ id: invoices.id, number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.accountId, accountId), eq(invoices.number, upper)));
      return invoice ? { shipmentId: null, invoiceId: invoice.id, number: invoice.number } : null;
    },

    /**
     * A live event, written in the caller's transaction in order (one advisory lock for all: a
     * later `seq` never commits before an earlier one) and announced to every process on commit
     * (pg_notify is delivered then), its `seq` as the payload.
     */
    async publishEvent(values: typeof supportEvents.$inferInsert) {
      await db.execute(sql`select pg_advisory_xact_lock(${EVENT_ORDER_LOCK})`);
      const [row] = await db.insert(supportEvents).values(values).returning();
      await db.execute(sql`select pg_notify(${SUPPORT_CHANNEL}, ${String(row!.seq)})`);
      return row!;
    },

    /** Events after `after` the audience may see, oldest first (a reconnecting browser's catch-up). */
    async eventsAfter(after: number, audience: Audience, limit: number) {
      const scope = audience.staff
        ? gt(supportEvents.seq, after)
        : and(eq(supportEvents.accountId, audience.accountId), gt(supportEvents.seq, after), eq(supportEvents.staffOnly, false));
      return db.select().from(supportEvents).where(scope).orderBy(asc(supportEvents.seq)).limit(limit);
    },

    async event(seq: number) {
      const [row] = await db.select().from(supportEvents).where(eq(supportEvents.seq, seq));
      return row;
    },

    async lastSeq() {
      const [row] = await db.select({ seq: sql<number>`coalesce(max(${supportEvents.seq}), 0)`.mapWith(Number) }).from(supportEvents);
      return row?.seq ?? 0;
    },

    async conversations(ids: string[]) {
      if (ids.length === 0) return [];
      return db.select().from(supportConversations).where(inArray(supportConversations.id, ids));
    },

    async cannedAnswers() {
      return db.select().from(supportCannedAnswers).orderBy(asc(supportCannedAnswers.title));
    },

    async insertCannedAnswer(values: typeof supportCannedAnswers.$inferInsert) {
      const [row] = await db.insert(supportCannedAnswers).values(values).returning();
      if (!row) throw new Error('canned answer insert returned nothing');
      return row;
    },

    /** Removes a canned answer; the row as it was, or undefined when there was none. */
    async removeCannedAnswer(id: string) {
      const [row] = await db.delete(supportCannedAnswers).where(eq(supportCannedAnswers.id, id)).returning();
      return row;
    },

    /** Staff who can be assigned a conversation. */
    async staffUsers() {
      const rows = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, roles: users.roles })
        .from(users)
        .where(and(isNull(users.accountId), sql`cardinality(${users.roles}) > 0`))
        .orderBy(asc(users.firstName), asc(users.lastName));
      return rows.filter((u) => isStaff(u.roles));
    },
  };
}

export type SupportRepository = ReturnType<typeof supportRepository>;
