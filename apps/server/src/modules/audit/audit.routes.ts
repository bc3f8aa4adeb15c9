import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { pageMeta } from '../../paging';
import { adminPage } from '../../plugins/guards';
import { auditFilterOf, auditFilterQuery } from './audit.query';
import { auditRepository } from './audit.repository';

const auditQuery = auditFilterQuery.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});

/**
 * The audit log as a searchable list (super_admin). It is read here and nowhere written but by
 * `audit()`; its export (CSV or XLSX) is with the other staff lists' (admin-exports).
 */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = auditRepository(ctx.db);
  const door = adminPage('auditLog');
  r.get('/api/admin/audit', { preValidation: door, schema: { querystring: auditQuery } }, async (request) => {
    const q = request.query;
    const { rows, total, capped } = await repo.search({ ...auditFilterOf(q), page: q.page, perPage: q.per_page });
    return { data: rows, meta: pageMeta(total, q.page, q.per_page, capped) };
  });
}
