import { creditApplicationListQuery, creditApplicationRequest, creditDecisionRequest } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { pageMeta } from '../../paging';
import { adminPage, customer, customerRoute, recentlyReauthenticated } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { creditApplicationsService } from './credit-applications.service';

const idParams = z.object({ id: z.string().max(64) });
const checked = (id: string) => {
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

/**
 * Credit applications: the account's own (read and apply; always through the session's account)
 * and the staff queue behind the credit-applications door (accounting and the admins), where an
 * approval, which grants terms, needs the password re-entered within minutes.
 */
export async function creditApplicationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = creditApplicationsService(ctx);
  await service.sealSeededTaxIds();
  const door = { preValidation: adminPage('creditApplications') };

  r.get('/api/credit-applications', customerRoute('credit.apply'), async (request) => ({
    data: await service.standing(customer(request).account),
  }));

  r.post(
    '/api/credit-applications',
    { ...customerRoute('credit.apply'), schema: { body: creditApplicationRequest } },
    async (request, reply) => {
      const { user, account } = customer(request);
      await service.apply(account, user.id, request.body);
      return reply.code(201).send({ data: await service.standing(account) });
    },
  );

  r.get('/api/admin/credit-applications', { ...door, schema: { querystring: creditApplicationListQuery } }, async (request) => {
    const q = request.query;
    const { rows, total } = await service.list(q);
    return { data: rows, meta: pageMeta(total, q.page, q.per_page) };
  });

  r.get('/api/admin/credit-applications/:id', { ...door, schema: { params: idParams } }, async (request) => ({
    data: await service.detail(checked(request.params.id)),
  }));

  r.post(
    '/api/admin/credit-applications/:id/decision',
    { ...door, schema: { params: idParams, body: creditDecisionRequest } },
    async (request) => {
      // Granting terms is a grant of power; a decline changes nothing the account can spend.
      if (request.body.outcome === 'approved') recentlyReauthenticated(request, ctx.now());
      return { data: await service.decide(auditActor(request), checked(request.params.id), request.body) };
    },
  );
}
