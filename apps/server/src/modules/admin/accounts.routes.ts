import { accountEditRequest, accountSearchQuery, staffNoteRequest, suspendRequest, suspensionProposalRequest } from '@freight/contracts';
import { canProposeSuspension, canSuspendAccounts } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { translator } from '../../i18n';
import { isUuid } from '../../ids';
import { pageMeta } from '../../paging';
import { requestLanguage } from '../../plugins/errors';
import { adminPage, verified } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { addNote } from '../staff-notes/staff-notes.service';
import { marginAccess } from '../staff-shipments/staff-shipments.service';
import { staffAccountsService } from './accounts.service';

const idParams = z.object({ id: z.string().max(64) });
const checked = (id: string) => {
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

/**
 * Account Management: the search and sign-up queue, the detail, and
 * staff's edits, suspension (the admins and accounting) and its proposals (sales and ops), verification
 * resends and notes. The credit controls are in
 * invoices/admin-credit.routes.ts.
 */
export async function staffAccountsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('accounts') };
  const service = staffAccountsService(ctx);
  /** The service for the staff user asking: the detail it answers carries the margin they may see. */
  const serviceFor = (request: FastifyRequest) => staffAccountsService(ctx, marginAccess(ctx, verified(request).user));
  const days = businessDays(ctx.config.BUSINESS_TIME_ZONE);

  r.get('/api/admin/accounts', { ...door, schema: { querystring: accountSearchQuery } }, async (request) => {
    const q = request.query;
    // 'mine': the accounts whose rep is the signed-in user; 'none': those without a rep.
    const rep = q.sales_rep === 'mine' ? verified(request).user.id : q.sales_rep === 'none' ? null : q.sales_rep;
    const result = await service.search(q, q.signed_up_days ? days.lastDays(ctx.now(), q.signed_up_days) : undefined, rep);
    return { data: await service.listRows(result), meta: pageMeta(result.total, q.page, q.per_page) };
  });

  r.get('/api/admin/accounts/:id', { ...door, schema: { params: idParams } }, async (request) => ({
    data: await serviceFor(request).detail(checked(request.params.id)),
  }));

  r.put('/api/admin/accounts/:id', { ...door, schema: { params: idParams, body: accountEditRequest } }, async (request) => ({
    data: await serviceFor(request).update(auditActor(request), checked(request.params.id), request.body),
  }));

  // Suspending is for the admins and accounting; sales and ops propose it instead.
  const suspender = { preValidation: adminPage('accounts', canSuspendAccounts) };
  r.post('/api/admin/accounts/:id/suspend', { ...suspender, schema: { params: idParams, body: suspendRequest } }, async (request) => ({
    data: await serviceFor(request).suspend(auditActor(request), checked(request.params.id), request.body.reason),
  }));

  r.post('/api/admin/accounts/:id/reactivate', { ...suspender, schema: { params: idParams } }, async (request) => ({
    data: await serviceFor(request).reactivate(auditActor(request), checked(request.params.id)),
  }));

  r.post(
    '/api/admin/accounts/:id/suspension-proposals',
    { preValidation: adminPage('accounts', canProposeSuspension), schema: { params: idParams, body: suspensionProposalRequest } },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await serviceFor(request).proposeSuspension(auditActor(request), checked(request.params.id), request.body.note) }),
  );

  r.post(
    '/api/admin/accounts/:id/suspension-proposals/:proposal/dismiss',
    { ...suspender, schema: { params: z.object({ id: z.string().max(64), proposal: z.string().max(64) }) } },
    async (request) => ({
      data: await serviceFor(request).dismissProposal(auditActor(request), checked(request.params.id), checked(request.params.proposal)),
    }),
  );

  r.post('/api/admin/accounts/:id/notes', { ...door, schema: { params: idParams, body: staffNoteRequest } }, async (request, reply) => {
    const account = await service.find(checked(request.params.id));
    await addNote(ctx.db, auditActor(request), { type: 'account', id: account.id, accountId: account.id }, request.body.body, ctx.now());
    return reply.code(201).send({ data: await serviceFor(request).detail(account.id) });
  });

  r.post('/api/admin/users/:id/verification', { ...door, schema: { params: idParams } }, async (request, reply) => {
    const { outcome } = await service.resendVerification(auditActor(request), checked(request.params.id));
    const key = outcome === 'already' ? 'verification.already_verified' : 'verification.sent';
    return reply.code(outcome === 'already' ? 200 : 202).send({ message: translator(requestLanguage(request))(key) });
  });
}
