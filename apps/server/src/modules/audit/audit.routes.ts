import { isoDate } from '@freight/contracts';
import { isSuperAdmin } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { writeCsvStream } from '../../csv/csv';
import { startedStream } from '../../csv/csv.routes';
import { AppError } from '../../errors';
import { pageMeta } from '../../paging';
import { adminPage, verified } from '../../plugins/guards';
import { AUDIT_CSV_COLUMNS, auditCsvRow } from './audit.presenter';
import { type AuditFilter, auditRepository } from './audit.repository';

// The portal's dates (1900 to 2999): the day after '9999-12-31' is a year the database cannot read.
const isoDay = isoDate;

const filterQuery = z.object({
  /** Part of the action, the staff user's email or the record's name, or a record's id. */
  q: z.string().trim().max(100, { error: 'validation.too_long' }).optional(),
  /** Any kind of record the log names ('user', 'carrier', 'oauth_client'...): new kinds need no change here. */
  entity_type: z
    .string()
    .regex(/^[a-z][a-z_]{0,39}$/, { error: 'validation.choice' })
    .optional(),
  account_id: z.uuid({ error: 'validation.invalid' }).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
const auditQuery = filterQuery.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});

function filterOf(q: z.output<typeof filterQuery>): AuditFilter {
  return {
    q: q.q || undefined,
    entityType: q.entity_type,
    accountId: q.account_id,
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000) : undefined,
  };
}

/** The export is the super_admin's alone, whoever else the page's door may one day let in. */
async function superAdminOnly(request: FastifyRequest) {
  if (!isSuperAdmin(verified(request).user.roles)) throw AppError.forbidden();
}

/**
 * The audit log as a searchable list (super_admin) and its CSV export. It is read here and
 * nowhere written but by `audit()`.
 */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = auditRepository(ctx.db);
  const door = adminPage('auditLog');
  r.get('/api/admin/audit', { preValidation: door, schema: { querystring: auditQuery } }, async (request) => {
    const q = request.query;
    const { rows, total, capped } = await repo.search({ ...filterOf(q), page: q.page, perPage: q.per_page });
    return { data: rows, meta: pageMeta(total, q.page, q.per_page, capped) };
  });

  /** The entries the list's filter matches, every page of them, streamed a thousand at a time. */
  r.get(
    '/api/admin/audit/export.csv',
    { preValidation: [door, superAdminOnly], schema: { querystring: filterQuery } },
    async (request, reply) => {
      const batches = (async function* () {
        for await (const entries of repo.batches(filterOf(request.query))) yield entries.map(auditCsvRow);
      })();
      const csv = await startedStream(writeCsvStream(AUDIT_CSV_COLUMNS, batches));
      const day = ctx.now().toISOString().slice(0, 10);
      return reply
        .headers({
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="audit-log-${day}.csv"`,
          'cache-control': 'no-store',
        })
        .send(csv);
    },
  );
}
