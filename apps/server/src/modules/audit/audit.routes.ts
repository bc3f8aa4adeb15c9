import { isoDate } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { pageMeta } from '../../paging';
import { adminPage } from '../../plugins/guards';
import { auditRepository } from './audit.repository';

// The portal's dates (1900 to 2999): the day after '9999-12-31' is a year the database cannot read.
const isoDay = isoDate;

const auditQuery = z.object({
  /** Part of the action or the staff user's email, or a record's id. */
  q: z.string().trim().max(100, { error: 'validation.too_long' }).optional(),
  entity_type: z.enum(['account', 'shipment', 'user', 'site_notification', 'invoice_dispute'], { error: 'validation.choice' }).optional(),
  account_id: z.uuid({ error: 'validation.invalid' }).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});

/** The audit log as a searchable list (super_admin). It is read here and nowhere written but by `audit()`. */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = auditRepository(ctx.db);
  r.get('/api/admin/audit', { preValidation: adminPage('auditLog'), schema: { querystring: auditQuery } }, async (request) => {
    const q = request.query;
    const { rows, total, capped } = await repo.search({
      q: q.q || undefined,
      entityType: q.entity_type,
      accountId: q.account_id,
      from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
      to: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000) : undefined,
      page: q.page,
      perPage: q.per_page,
    });
    return { data: rows, meta: pageMeta(total, q.page, q.per_page, capped) };
  });
}
