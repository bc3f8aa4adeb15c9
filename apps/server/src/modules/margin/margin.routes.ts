import { type MarginReport, marginQuery } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../plugins/errors';
import { adminPage, verified } from '../../plugins/guards';
import { marginCsv } from './margin.presenter';
import { marginService } from './margin.service';

/**
 * Admin > Margin: the bookings' margin grouped, and the same groups as CSV (all of them, not the
 * first `limit`). The door lets in those who see margin (`canSeeMargin`); a sales rep's report
 * holds its own accounts alone. Reads only: nothing to audit.
 */
export async function marginRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('margin') };
  const service = marginService(ctx);

  r.get(
    '/api/admin/margin',
    { ...door, schema: { querystring: marginQuery } },
    async (request): Promise<{ data: MarginReport }> => ({
      data: await service.report(verified(request).user, request.query, requestLanguage(request)),
    }),
  );

  r.get('/api/admin/margin.csv', { ...door, schema: { querystring: marginQuery } }, async (request, reply) => {
    const language = requestLanguage(request);
    const report = await service.report(verified(request).user, request.query, language, Number.POSITIVE_INFINITY);
    return reply
      .headers({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="margin-${report.group_by}-${report.pickup_from}-${report.pickup_to}.csv"`,
        'cache-control': 'no-store',
      })
      .send(marginCsv(report, language));
  });
}
