import { partnerAccountRequest, partnerRequest } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { adminPage, customer, customerRoute } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { integrationPartnersService } from './integration-partners.service';

const idParams = z.object({ id: z.string().max(64) });
const grantParams = z.object({ id: z.string().max(64), accountId: z.string().max(64) });
const checked = (id: string) => {
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

/**
 * Integration Partners: super_admin keep the partners, their contacts and the accounts
 * they act for, and read their usage; an account admin sees which partners act for the account and
 * lets one in or out (Settings > API & webhooks).
 */
export async function integrationPartnersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('integrationPartners') };
  const service = integrationPartnersService(ctx);
  const base = '/api/admin/integration-partners';

  r.get(base, door, async () => ({ data: await service.list() }));

  r.post(base, { ...door, schema: { body: partnerRequest } }, async (request, reply) => {
    const id = await service.create(auditActor(request), request.body);
    return reply.code(201).send({ data: await service.view(id) });
  });

  r.get(`${base}/:id`, { ...door, schema: { params: idParams } }, async (request) => ({
    data: await service.view(checked(request.params.id)),
  }));

  r.put(`${base}/:id`, { ...door, schema: { params: idParams, body: partnerRequest } }, async (request) => {
    const id = checked(request.params.id);
    await service.update(auditActor(request), id, request.body);
    return { data: await service.view(id) };
  });

  r.get(`${base}/:id/calls`, { ...door, schema: { params: idParams } }, async (request) => ({
    data: await service.calls(checked(request.params.id)),
  }));

  r.post(`${base}/:id/accounts`, { ...door, schema: { params: idParams, body: partnerAccountRequest } }, async (request, reply) => {
    const id = checked(request.params.id);
    await service.grant(auditActor(request), id, request.body.account_id);
    return reply.code(201).send({ data: await service.view(id) });
  });

  r.delete(`${base}/:id/accounts/:accountId`, { ...door, schema: { params: grantParams } }, async (request) => {
    const id = checked(request.params.id);
    await service.ungrant(auditActor(request), id, checked(request.params.accountId));
    return { data: await service.view(id) };
  });

  // An account admin's consent.
  const own = customerRoute('account.manage');
  r.get('/api/settings/partners', own, async (request) => ({ data: await service.ofAccount(customer(request).account.id) }));

  r.post('/api/settings/partners/:id', { ...own, schema: { params: idParams } }, async (request) => {
    const { user, account } = customer(request);
    await service.consent(account.id, user.id, checked(request.params.id));
    return { data: await service.ofAccount(account.id) };
  });

  r.delete('/api/settings/partners/:id', { ...own, schema: { params: idParams } }, async (request) => {
    const { account } = customer(request);
    await service.withdraw(account.id, checked(request.params.id));
    return { data: await service.ofAccount(account.id) };
  });
}
