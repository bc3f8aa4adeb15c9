import type { newConversationRequest, SupportState, staffMessageRequest } from '@freight/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { supportEvents } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuditActor, audit } from '../audit/audit';
import { type ConversationRow, supportRepository } from './support.repository';

/** How an upload's type is told: by its first bytes (the delivery receipts' carrier documents use it too). */
export { SNIFF_BYTES, sendAttachment, sniffType } from './attachments';

/** An unread staff reply is mailed after this long. */
export const REPLY_MAIL_DELAY_MS = 5 * 60_000;
export const REPLY_MAIL_JOB = 'support.reply-mail';

const SUBJECT_LENGTH = 120;

/** Who writes: a customer of an account, or staff (audited). */
export type Author = { userId: string; staff: false; accountId: string } | { userId: string; staff: AuditActor };

type NewConversation = z.output<typeof newConversationRequest>;
type StaffMessage = z.output<typeof staffMessageRequest>;

/**
 * The support desk's rules: conversations, messages, read marks, states, assignment.
 * Each write records its live event in the same transaction and notifies every process on commit
 * (pg_notify is delivered at commit), so a browser on any process sees it once, in order.
 */
export function supportService(ctx: Pick<AppContext, 'db' | 'now' | 'jobs'>) {
  async function publish(tx: Db, event: typeof supportEvents.$inferInsert) {
    await supportRepository(tx).publishEvent(event);
  }

  /** The conversation locked for a write; a customer's must be of its account. */
  async function locked(tx: Db, id: string, author: Author) {
    const conversation = await supportRepository(tx).lock(id);
    if (!conversation || (!author.staff && conversation.accountId !== author.accountId)) throw AppError.notFound();
    return conversation;
  }

  async function claim(tx: Db, ids: string[], author: Author, messageId: string) {
    const claimed = await supportRepository(tx).claimAttachments([...new Set(ids)], author.userId, messageId);
    if (claimed !== new Set(ids).size) throw AppError.field('attachment_ids', 'validation.attachment_unknown');
  }

  async function auditStaff(tx: Db, author: Author, c: ConversationRow, action: string, after: Record<string, unknown>) {
    if (author.staff) {
      await audit(
        tx,
        author.staff,
        { action, entityType: 'support_conversation', entityId: c.id, accountId: c.accountId, after },
        ctx.now(),
      );
    }
  }

  return {
    /** A customer's new conversation, with its first message. */
    async open(author: Extract<Author, { staff: false }>, body: NewConversation) {
      const repo = supportRepository(ctx.db);
      const reference = body.reference ? await repo.findReference(author.accountId, body.reference) : null;
      if (body.reference && !reference) throw AppError.field('reference', 'validation.support_reference');
      const now = ctx.now();
      return ctx.db.transaction(async (tx) => {
        const t = supportRepository(tx as Db);
        const conversation = await t.insert({
          accountId: author.accountId,
          userId: author.userId,
          category: body.category,
          subject: body.message.slice(0, SUBJECT_LENGTH),
          reference: reference?.number ?? null,
          shipmentId: reference?.shipmentId ?? null,
          invoiceId: reference?.invoiceId ?? null,
          lastMessageAt: now,
          lastCustomerMessageAt: now,
          customerReadAt: now,
          createdAt: now,
        });
        const message = await t.insertMessage({
          conversationId: conversation.id,
          authorId: author.userId,
          fromStaff: false,
          body: body.message,
          createdAt: now,
        });
        await claim(tx as Db, body.attachment_ids, author, message.id);
        await publish(tx as Db, {
          conversationId: conversation.id,
          accountId: author.accountId,
          kind: 'message',
          messageId: message.id,
          createdAt: now,
        });
        return conversation;
      });
    },

    /**
     * A message. A customer's reopens a resolved conversation and waits for support; a staff reply
     * waits for the customer and is mailed if unread; an internal note changes nothing the customer sees.
     */
    async post(author: Author, conversationId: string, body: StaffMessage) {
      const internal = Boolean(author.staff) && body.internal;
      const now = ctx.now();
      const result = await ctx.db.transaction(async (tx) => {
        const t = supportRepository(tx as Db);
        const c = await locked(tx as Db, conversationId, author);
        const message = await t.insertMessage({
          conversationId,
          authorId: author.userId,
          fromStaff: Boolean(author.staff),
          internal,
          body: body.body,
          createdAt: now,
        });
        await claim(tx as Db, body.attachment_ids, author, message.id);
        let state: SupportState = c.state;
        if (!internal) {
          state = author.staff ? 'waiting' : 'open';
          await t.update(conversationId, {
            state,
            resolvedAt: null,
            lastMessageAt: now,
            ...(author.staff
              ? { lastStaffMessageAt: now, staffReadAt: now, firstResponseAt: c.firstResponseAt ?? now }
              : { lastCustomerMessageAt: now, customerReadAt: now }),
          });
        }
        await publish(tx as Db, {
          conversationId,
          accountId: c.accountId,
          kind: 'message',
          messageId: message.id,
          staffOnly: internal,
          createdAt: now,
        });
        if (state !== c.state) await publish(tx as Db, { conversationId, accountId: c.accountId, kind: 'conversation', createdAt: now });
        await auditStaff(tx as Db, author, c, internal ? 'support.note' : 'support.reply', { message_id: message.id, body: body.body });
        return { conversation: c, message };
      });
      if (author.staff && !internal)
        await ctx.jobs.schedule(REPLY_MAIL_JOB, conversationId, new Date(now.getTime() + REPLY_MAIL_DELAY_MS), { conversationId });
      return result.message;
    },

    /** The reader has seen the thread: the other side's read mark moves (an event only when it does). */
    async markRead(author: Author, conversationId: string) {
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        const c = await locked(tx as Db, conversationId, author);
        const [readAt, othersLast] = author.staff ? [c.staffReadAt, c.lastCustomerMessageAt] : [c.customerReadAt, c.lastStaffMessageAt];
        if (!othersLast || (readAt && readAt >= othersLast)) return;
        await supportRepository(tx as Db).update(conversationId, author.staff ? { staffReadAt: now } : { customerReadAt: now });
        await publish(tx as Db, {
          conversationId,
          accountId: c.accountId,
          kind: author.staff ? 'staff_read' : 'customer_read',
          createdAt: now,
        });
      });
    },

    /** Resolve (staff) or reopen (either side). */
    async setState(author: Author, conversationId: string, state: 'open' | 'resolved') {
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        const c = await locked(tx as Db, conversationId, author);
        if (c.state === state) return;
        await supportRepository(tx as Db).update(conversationId, { state, resolvedAt: state === 'resolved' ? now : null });
        await publish(tx as Db, { conversationId, accountId: c.accountId, kind: 'conversation', createdAt: now });
        await auditStaff(tx as Db, author, c, state === 'resolved' ? 'support.resolve' : 'support.reopen', { state });
      });
    },

    async assign(author: Extract<Author, { staff: AuditActor }>, conversationId: string, assigneeId: string | null) {
      if (assigneeId) {
        const staff = await supportRepository(ctx.db).staffUsers();
        if (!staff.some((s) => s.id === assigneeId)) throw AppError.field('assignee_id', 'validation.assignee_not_staff');
      }
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        const c = await locked(tx as Db, conversationId, author);
        if (c.assigneeId === assigneeId) return;
        await supportRepository(tx as Db).update(conversationId, { assigneeId });
        await publish(tx as Db, { conversationId, accountId: c.accountId, kind: 'conversation', staffOnly: true, createdAt: now });
        await audit(
          tx as Db,
          author.staff,
          {
            action: 'support.assign',
            entityType: 'support_conversation',
            entityId: c.id,
            accountId: c.accountId,
            before: { assignee_id: c.assigneeId },
            after: { assignee_id: assigneeId },
          },
          now,
        );
      });
    },
  };
}

export { presentInboxRow } from './support.presenter';
/** A stored upload's bytes, in order: for the modules that send the support uploads as their own files (claims). */
export const supportAttachmentChunks = (db: Db, id: string) => supportRepository(db).attachmentChunks(id);
/** The support inbox's reads and its rows' view, for its export. */
export { supportInboxRepository } from './support-inbox.repository';
