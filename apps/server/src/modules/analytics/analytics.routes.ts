import { type AnalyticsReport, analyticsAccessRequest, analyticsQuery, analyticsShipmentsQuery } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../plugins/errors';
import { customer, customerRoute } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { presentShipmentPage } from '../shipments/shipments.service';
import { analyticsService } from './analytics.service';
import { analyticsExportRoutes } from './analytics-export.routes';
import { reportMailRoutes } from './report-mail.routes';

/**
 * The shipper's Analytics (analytics.view: account admins, shippers, billing, and viewers where
 * the account allows it) and the switch that allows it (team.manage). Every figure is of the
 * caller's account, taken from the session, never from the request.
 */
export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = analyticsService(ctx);
  const reader = customerRoute('analytics.view');

  r.get('/api/analytics', { ...reader, schema: { querystring: analyticsQuery } }, async (request): Promise<{ data: AnalyticsReport }> => {
    const { account, settings } = customer(request);
    return { data: await service.report({ accountId: account.id, currency: settings.currency }, request.query, requestLanguage(request)) };
  });

  r.get('/api/analytics/shipments', { ...reader, schema: { querystring: analyticsShipmentsQuery } }, async (request) => {
    const { user, account, settings } = customer(request);
    const q = request.query;
    const perPage = q.per_page ?? settings.recordsPerPage;
    const found = await service.shipments({ accountId: account.id, currency: settings.currency, userId: user.id }, q, perPage);
    return presentShipmentPage(found, q.page, perPage);
  });

  await analyticsExportRoutes(app, ctx);

  const teamAdmin = customerRoute('team.manage');
  r.get('/api/account/analytics-access', teamAdmin, async (request) => ({ data: await service.access(customer(request).account.id) }));

  r.put('/api/account/analytics-access', { ...teamAdmin, schema: { body: analyticsAccessRequest } }, async (request) => ({
    data: await service.setAccess(customer(request).account, request.body.viewers, auditActor(request)),
  }));

  await reportMailRoutes(app, ctx);
}
