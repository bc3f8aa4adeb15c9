import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { adminPage } from '../../plugins/guards';
import { presentAccountDetail, presentAccountsPage, presentRoles } from './admin.presenter';
import { adminRepository } from './admin.repository';

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(100).optional(),
});

/** The admin area's accounts and roles. */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = adminRepository(ctx.db);

  r.get('/api/admin/accounts', { preValidation: adminPage('accounts'), schema: { querystring: listQuery } }, async (request) => {
    const { page, per_page, search } = request.query;
    const { rows, total } = await admin.accountsPage({ page, perPage: per_page, search });
    return presentAccountsPage(rows, total, page, per_page);
  });

  r.get(
    '/api/admin/accounts/:id',
    { preValidation: adminPage('accounts'), schema: { params: z.object({ id: z.string().max(64) }) } },
    async (request) => {
      const found = isUuid(request.params.id) ? await admin.accountWithUsers(request.params.id) : undefined;
      if (!found) throw AppError.notFound();
      return { data: presentAccountDetail(found.account, found.members) };
    },
  );

  r.get('/api/admin/roles', { preValidation: adminPage('roles') }, async () => ({ data: presentRoles(await admin.staff()) }));
}
