import {
  type AdminCreditView,
  creditTermsRequest,
  disputeMessageRequest,
  disputeResolutionRequest,
  holdRequest,
  invoiceListQuery,
} from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { requestLanguage } from '../../plugins/errors';
import { recentlyReauthenticated, requireCreditStaff } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { creditSummary, setCreditTerms, setManualHold } from './credit';
import type { disputesService } from './disputes';
import { invoicesRepository } from './invoices.repository';
import type { InvoicesService } from './invoices.service';

const idParams = z.object({ id: z.string().max(64) });
const checked = (id: string) => {
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

/**
 * The accounting staff's side of invoices: an
 * account's terms, limit, balance, aging and hold with its record, the manual hold, the account's
 * invoices, and the open disputes with their threads and resolution. Every write is recorded with
 * the staff user (the credit record, the dispute's resolver, the message's author).
 */
export async function adminCreditRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { service: InvoicesService; disputes: ReturnType<typeof disputesService> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = invoicesRepository(ctx.db);
  const { service, disputes } = deps;

  async function creditView(accountId: string, language: Language): Promise<AdminCreditView> {
    const account = await repo.account(accountId);
    if (!account) throw AppError.notFound();
    const [summary, events, open] = await Promise.all([
      creditSummary(ctx.db, account, service.today()),
      repo.creditEvents(accountId),
      repo.openDisputes(accountId),
    ]);
    return {
      account_id: account.id,
      account_name: account.name,
      status: account.status,
      summary,
      events: events.map((e) => ({
        id: e.event.id,
        kind: e.event.kind,
        source: e.event.source,
        reason: e.event.reason,
        by: e.firstName ? `${e.firstName} ${e.lastName ?? ''}`.trim() : null,
        created_at: e.event.createdAt.toISOString(),
      })),
      open_disputes: await service.presentDisputes(open, language),
    };
  }

  r.get('/api/admin/accounts/:id/credit', { preValidation: requireCreditStaff, schema: { params: idParams } }, async (request) => ({
    data: await creditView(checked(request.params.id), requestLanguage(request)),
  }));

  r.put(
    '/api/admin/accounts/:id/credit',
    { preValidation: requireCreditStaff, schema: { params: idParams, body: creditTermsRequest } },
    async (request) => {
      // Terms and limit decide how much a customer may owe: the password re-entered within minutes (423).
      recentlyReauthenticated(request, ctx.now());
      const id = checked(request.params.id);
      await setCreditTerms(ctx.db, id, request.body, auditActor(request), ctx.now(), ctx.config.BUSINESS_TIME_ZONE);
      return { data: await creditView(id, requestLanguage(request)) };
    },
  );

  r.post(
    '/api/admin/accounts/:id/hold',
    { preValidation: requireCreditStaff, schema: { params: idParams, body: holdRequest } },
    async (request) => {
      const id = checked(request.params.id);
      await setManualHold(ctx.db, id, request.body, auditActor(request), ctx.now());
      return { data: await creditView(id, requestLanguage(request)) };
    },
  );

  r.get(
    '/api/admin/accounts/:id/invoices',
    { preValidation: requireCreditStaff, schema: { params: idParams, querystring: invoiceListQuery } },
    async (request) => service.openPage(checked(request.params.id), request.query, request.query.per_page ?? 25),
  );

  r.get('/api/admin/invoices/:id', { preValidation: requireCreditStaff, schema: { params: idParams } }, async (request) => {
    const row = isUuid(request.params.id) ? await repo.byId(request.params.id) : undefined;
    if (!row) throw AppError.notFound();
    return { data: await service.view(row, requestLanguage(request)) };
  });

  r.get('/api/admin/disputes', { preValidation: requireCreditStaff }, async (request) => {
    return { data: await service.presentDisputes(await repo.openDisputes(), requestLanguage(request)) };
  });

  r.post(
    '/api/admin/disputes/:id/messages',
    { preValidation: requireCreditStaff, schema: { params: idParams, body: disputeMessageRequest } },
    async (request, reply) => {
      const actor = auditActor(request);
      const dispute = await disputes.reply(checked(request.params.id), { userId: actor.id, staff: actor }, request.body.body);
      const [view] = await service.presentDisputes([dispute], requestLanguage(request));
      return reply.code(201).send({ data: view });
    },
  );

  r.post(
    '/api/admin/disputes/:id/resolve',
    { preValidation: requireCreditStaff, schema: { params: idParams, body: disputeResolutionRequest } },
    async (request) => {
      const dispute = await disputes.resolve(checked(request.params.id), auditActor(request), request.body);
      const [view] = await service.presentDisputes([dispute], requestLanguage(request));
      return { data: view };
    },
  );
}
