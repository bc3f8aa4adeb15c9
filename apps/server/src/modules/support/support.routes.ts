import {
  accountConversationListQuery,
  type ConversationView,
  messageRequest,
  newConversationRequest,
  type SupportHoursView,
} from '@freight/contracts';
import { SUPPORT_PHONE } from '@freight/domain';
import { isSupportOpen, nextSupportOpening } from '@freight/domain/support-hours';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { pageMeta } from '../../paging';
import { customer } from '../../plugins/guards';
import { usersService } from '../users/users.service';
import { sendAttachment } from './attachments';
import { inboundMailRoute } from './inbound-mail';
import { SupportLive } from './live';
import { registerReplyMail } from './reply-mail';
import { checked, countSend, idParams, lastEventId, type SupportContext, uploadRoute } from './support.http';
import { presentAccountSummary, presentConversation, presentMessages } from './support.presenter';
import { type Audience, supportRepository } from './support.repository';
import { type Author, supportService } from './support.service';
import { staffSupportRoutes } from './support-staff.routes';

/**
 * Chat with support: the customer's side, the staff inbox (support-staff.routes.ts),
 * the live stream of both, and the unread-reply mail.
 */
export async function supportRoutes(app: FastifyInstance, ctx: AppContext, pubsub: Pick<Database, 'listen' | 'onListenReconnect'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = supportRepository(ctx.db);
  const live = new SupportLive(repo, ctx.db, ctx.now, app.log, ctx.liveStreams);
  await live.start(pubsub.listen);
  pubsub.onListenReconnect(() => live.resync());
  // Before the server stops listening: open streams would keep it from closing.
  app.addHook('preClose', () => live.stop());
  const sctx: SupportContext = { ...ctx, live, repo, service: supportService(ctx) };
  registerReplyMail(ctx);

  const caller = (request: FastifyRequest) => {
    const { user, account } = customer(request);
    const author: Author = { userId: user.id, staff: false, accountId: account.id };
    const audience: Audience = { staff: false, accountId: account.id };
    return { user, account, author, audience };
  };
  const requireCustomer = async (request: FastifyRequest) => void caller(request);

  async function view(id: string, audience: Extract<Audience, { staff: false }>): Promise<ConversationView> {
    const c = await repo.find(id);
    if (!c || c.accountId !== audience.accountId) throw AppError.notFound();
    const messages = presentMessages(await repo.messages({ conversationId: id }, false), audience);
    const unread = messages.filter((m) => m.from_staff && (!c.customerReadAt || new Date(m.created_at) > c.customerReadAt)).length;
    return presentConversation(c, unread, messages);
  }

  /** Staff hours and contacts: the chat dialog and the Support dialog (no sign-in needed). */
  r.get('/api/support/hours', async (): Promise<{ data: SupportHoursView }> => {
    const now = ctx.now();
    const hours = ctx.config.supportHours;
    return {
      data: {
        open_now: isSupportOpen(now, hours),
        next_open_at: nextSupportOpening(now, hours).toISOString(),
        time_zone: hours.timeZone,
        opens_at: hours.opensAt,
        closes_at: hours.closesAt,
        phone: SUPPORT_PHONE.display,
        phone_tel: SUPPORT_PHONE.tel,
        email: ctx.config.SUPPORT_EMAIL,
      },
    };
  });

  r.get(
    '/api/support/conversations',
    { preValidation: requireCustomer, schema: { querystring: accountConversationListQuery } },
    async (request) => {
      const { user, account } = caller(request);
      const q = request.query;
      const [{ rows, total }, unread] = await Promise.all([
        repo.accountPage(account.id, { state: q.state, openedBy: q.mine ? user.id : undefined, page: q.page, perPage: q.per_page }),
        repo.accountUnread(account.id),
      ]);
      const people = await usersService(ctx.db).people(rows.map((row) => row.conversation.userId));
      return {
        data: rows.map((row) => presentAccountSummary(row.conversation, row.unread, people)),
        meta: { ...pageMeta(total, q.page, q.per_page), unread },
      };
    },
  );

  r.post(
    '/api/support/conversations',
    { preValidation: requireCustomer, schema: { body: newConversationRequest } },
    async (request, reply) => {
      const { author, audience } = caller(request);
      await countSend(ctx, author.userId);
      const conversation = await sctx.service.open(author as Extract<Author, { staff: false }>, request.body);
      return reply.code(201).send({ data: await view(conversation.id, audience as Extract<Audience, { staff: false }>) });
    },
  );

  r.get('/api/support/conversations/:id', { preValidation: requireCustomer, schema: { params: idParams } }, async (request) => {
    const { audience } = caller(request);
    return { data: await view(checked(request.params.id), audience as Extract<Audience, { staff: false }>) };
  });

  r.post(
    '/api/support/conversations/:id/messages',
    { preValidation: requireCustomer, schema: { params: idParams, body: messageRequest } },
    async (request, reply) => {
      const { author, audience } = caller(request);
      const id = checked(request.params.id);
      await countSend(ctx, author.userId);
      const message = await sctx.service.post(author, id, { ...request.body, internal: false });
      const [presented] = presentMessages(await repo.messages({ ids: [message.id] }, false), audience);
      return reply.code(201).send({ data: presented });
    },
  );

  r.post(
    '/api/support/conversations/:id/read',
    { preValidation: requireCustomer, schema: { params: idParams } },
    async (request, reply) => {
      await sctx.service.markRead(caller(request).author, checked(request.params.id));
      return reply.code(204).send();
    },
  );

  r.post('/api/support/conversations/:id/reopen', { preValidation: requireCustomer, schema: { params: idParams } }, async (request) => {
    const { author, audience } = caller(request);
    const id = checked(request.params.id);
    await sctx.service.setState(author, id, 'open');
    return { data: await view(id, audience as Extract<Audience, { staff: false }>) };
  });

  await uploadRoute(
    app,
    '/api/support/attachments',
    requireCustomer,
    (request) => {
      const { user, account } = caller(request);
      return { userId: user.id, accountId: account.id };
    },
    sctx,
  );

  /** A file of the account's conversations (or its own upload not sent yet); never an internal note's. */
  r.get('/api/support/attachments/:id', { preValidation: requireCustomer, schema: { params: idParams } }, async (request, reply) => {
    const { user, account } = caller(request);
    const found = await repo.attachment(checked(request.params.id));
    const mine =
      found &&
      (found.attachment.messageId
        ? found.conversationAccountId === account.id && !found.internal
        : found.attachment.uploadedBy === user.id);
    if (!found || !mine) throw AppError.notFound();
    return sendAttachment(reply, found.attachment, repo.attachmentChunks(found.attachment.id));
  });

  r.get('/api/support/stream', { preValidation: requireCustomer }, async (request, reply) => {
    await live.open(request, reply, caller(request).audience, lastEventId(request));
  });

  await staffSupportRoutes(app, sctx);
  await inboundMailRoute(app, sctx);
}
