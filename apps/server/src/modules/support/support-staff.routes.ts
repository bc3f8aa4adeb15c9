import {
  assignRequest,
  type CannedAnswerView,
  cannedAnswerRequest,
  type InboxConversationView,
  type InboxSummary,
  inboxQuery,
  staffMessageRequest,
} from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { pageMeta } from '../../paging';
import { adminPage, verified } from '../../plugins/guards';
import { audit, auditActor } from '../audit/audit';
import { sendAttachment } from './attachments';
import { checked, countSend, idParams, lastEventId, type SupportContext, uploadRoute } from './support.http';
import { presentInboxRow, presentMessages } from './support.presenter';
import { type CannedAnswerRow, supportRepository } from './support.repository';
import type { Author } from './support.service';

const STAFF = { staff: true } as const;

const presentCanned = (row: CannedAnswerRow): CannedAnswerView => ({
  id: row.id,
  title: row.title,
  body_en: row.bodyEn,
  body_es: row.bodyEs,
});

/**
 * The support inbox: every account's
 * conversations, replies and internal notes, assignment, canned answers, resolution. Every write
 * is audited; reading a thread only moves the read mark.
 */
export async function staffSupportRoutes(app: FastifyInstance, sctx: SupportContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = adminPage('support');
  const { repo, service, live } = sctx;
  const author = (request: FastifyRequest): Extract<Author, { staff: object }> => ({
    userId: verified(request).user.id,
    staff: auditActor(request),
  });

  async function view(id: string, staffId: string): Promise<InboxConversationView> {
    const [row] = await repo.inboxPage({ sort: 'newest', page: 1, perPage: 1 }, staffId).then((p) => p.one(id));
    if (!row) throw AppError.notFound();
    const messages = presentMessages(await repo.messages({ conversationId: id }, true), STAFF);
    return {
      ...presentInboxRow(row, sctx.config.supportHours, sctx.now()),
      other_side_read_at: row.conversation.customerReadAt?.toISOString() ?? null,
      messages,
    };
  }

  r.get('/api/admin/support/conversations', { preValidation: door, schema: { querystring: inboxQuery } }, async (request) => {
    const q = request.query;
    const { rows, total } = await repo.inboxPage(
      { state: q.state, category: q.category, assignee: q.assignee, q: q.q, sort: q.sort, page: q.page, perPage: q.per_page },
      verified(request).user.id,
    );
    const now = sctx.now();
    return { data: rows.map((row) => presentInboxRow(row, sctx.config.supportHours, now)), meta: pageMeta(total, q.page, q.per_page) };
  });

  r.get(
    '/api/admin/support/summary',
    { preValidation: door },
    async (request): Promise<{ data: InboxSummary }> => ({
      data: await repo.inboxSummary(verified(request).user.id),
    }),
  );

  r.get('/api/admin/support/conversations/:id', { preValidation: door, schema: { params: idParams } }, async (request) => ({
    data: await view(checked(request.params.id), verified(request).user.id),
  }));

  r.post(
    '/api/admin/support/conversations/:id/messages',
    { preValidation: door, schema: { params: idParams, body: staffMessageRequest } },
    async (request, reply) => {
      const id = checked(request.params.id);
      const who = author(request);
      await countSend(sctx, who.userId);
      const message = await service.post(who, id, request.body);
      const [presented] = presentMessages(await repo.messages({ ids: [message.id] }, true), STAFF);
      return reply.code(201).send({ data: presented });
    },
  );

  r.post('/api/admin/support/conversations/:id/read', { preValidation: door, schema: { params: idParams } }, async (request, reply) => {
    await service.markRead(author(request), checked(request.params.id));
    return reply.code(204).send();
  });

  for (const [action, state] of [
    ['resolve', 'resolved'],
    ['reopen', 'open'],
  ] as const) {
    r.post(`/api/admin/support/conversations/:id/${action}`, { preValidation: door, schema: { params: idParams } }, async (request) => {
      const id = checked(request.params.id);
      await service.setState(author(request), id, state);
      return { data: await view(id, verified(request).user.id) };
    });
  }

  r.post(
    '/api/admin/support/conversations/:id/assign',
    { preValidation: door, schema: { params: idParams, body: assignRequest } },
    async (request) => {
      const id = checked(request.params.id);
      await service.assign(author(request), id, request.body.assignee_id);
      return { data: await view(id, verified(request).user.id) };
    },
  );

  r.get('/api/admin/support/assignees', { preValidation: door }, async () => ({
    data: (await repo.staffUsers()).map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim() })),
  }));

  r.get('/api/admin/support/canned-answers', { preValidation: door }, async () => ({
    data: (await repo.cannedAnswers()).map(presentCanned),
  }));

  r.post('/api/admin/support/canned-answers', { preValidation: door, schema: { body: cannedAnswerRequest } }, async (request, reply) => {
    const actor = auditActor(request);
    const row = await sctx.db.transaction(async (tx) => {
      const created = await supportRepository(tx as Db).insertCannedAnswer({
        title: request.body.title,
        bodyEn: request.body.body_en,
        bodyEs: request.body.body_es,
        createdBy: actor.id,
        createdAt: sctx.now(),
      });
      await audit(
        tx as Db,
        actor,
        {
          action: 'support.canned_answer.create',
          entityType: 'support_canned_answer',
          entityId: created.id,
          after: presentCanned(created),
        },
        sctx.now(),
      );
      return created;
    });
    return reply.code(201).send({ data: presentCanned(row) });
  });

  r.delete('/api/admin/support/canned-answers/:id', { preValidation: door, schema: { params: idParams } }, async (request, reply) => {
    const id = checked(request.params.id);
    const actor = auditActor(request);
    await sctx.db.transaction(async (tx) => {
      const deleted = await supportRepository(tx as Db).removeCannedAnswer(id);
      if (!deleted) throw AppError.notFound();
      await audit(
        tx as Db,
        actor,
        { action: 'support.canned_answer.delete', entityType: 'support_canned_answer', entityId: id, before: presentCanned(deleted) },
        sctx.now(),
      );
    });
    return reply.code(204).send();
  });

  await uploadRoute(
    app,
    '/api/admin/support/attachments',
    door,
    (request) => ({ userId: verified(request).user.id, accountId: null }),
    sctx,
  );

  r.get('/api/admin/support/attachments/:id', { preValidation: door, schema: { params: idParams } }, async (request, reply) => {
    const id = checked(request.params.id);
    const found = await repo.attachment(id);
    if (!found) throw AppError.notFound();
    return sendAttachment(reply, found.attachment, repo.attachmentChunks(id));
  });

  r.get('/api/admin/support/stream', { preValidation: door }, async (request, reply) => {
    await live.open(request, reply, STAFF, lastEventId(request));
  });
}
