import { accountSearchQuery, staffShipmentQuery } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import { exportFormat } from '../../exports/export';
import { requestLanguage } from '../../plugins/errors';
import { adminPage, verified } from '../../plugins/guards';
import { staffAccountsRepository, staffAccountsService } from '../admin/accounts.service';
import { figureShipmentIds, staffShipmentsRepository } from '../staff-shipments/staff-shipments.service';
import { usersService } from '../users/users.service';
import { adminAccountExportColumns } from './accounts.export';
import { sendAdminExport } from './admin-export';
import { queueExportsRoutes } from './queue-exports.routes';
import { adminShipmentExportColumns } from './shipments.export';

// Each export's query is its list's (the paging left out, accepted and ignored) with the format.
const shipmentsQuery = staffShipmentQuery.omit({ page: true, per_page: true }).extend(exportFormat);
const accountsQuery = accountSearchQuery.omit({ page: true, per_page: true }).extend(exportFormat);

/**
 * The staff lists as files: the list's own filter and order (the same repository code as its
 * pages), its door, every page of it, read in keyset batches. Each export is audited.
 */
export async function adminExportsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const zone = ctx.config.BUSINESS_TIME_ZONE;
  const days = businessDays(zone);
  const users = usersService(ctx.db);

  const shipments = staffShipmentsRepository(ctx.db, days);
  const scorecardIds = figureShipmentIds(ctx);
  r.get(
    '/api/admin/shipments/export',
    { preValidation: adminPage('shipments'), schema: { querystring: shipmentsQuery } },
    async (request, reply) => {
      const q = request.query;
      const only = await scorecardIds(q);
      const batches = (async function* () {
        for await (const rows of shipments.batches(q, only)) {
          const [people, names] = await Promise.all([users.people(rows.map((s) => s.userId)), shipments.accountNames(rows)]);
          yield rows.map((shipment) => ({ shipment, people, accountName: names.get(shipment.accountId) ?? '' }));
        }
      })();
      return sendAdminExport(ctx, request, reply, 'shipments', {
        format: q.format,
        sheet: 'admin_shipments',
        columns: adminShipmentExportColumns(requestLanguage(request), zone),
        batches,
        total: await shipments.count(q, only),
        query: q,
      });
    },
  );

  const accounts = staffAccountsRepository(ctx.db);
  const accountRows = staffAccountsService(ctx);
  r.get(
    '/api/admin/accounts/export',
    { preValidation: adminPage('accounts'), schema: { querystring: accountsQuery } },
    async (request, reply) => {
      const q = request.query;
      // As the list: 'mine' is the signed-in user's accounts, 'none' those without a rep.
      const rep = q.sales_rep === 'mine' ? verified(request).user.id : q.sales_rep === 'none' ? null : q.sales_rep;
      const since = q.signed_up_days ? days.lastDays(ctx.now(), q.signed_up_days) : undefined;
      const batches = (async function* () {
        for await (const batch of accounts.batches(q, since, rep)) yield await accountRows.listRows(batch);
      })();
      return sendAdminExport(ctx, request, reply, 'accounts', {
        format: q.format,
        sheet: 'admin_accounts',
        columns: adminAccountExportColumns(requestLanguage(request), zone),
        batches,
        total: await accounts.count(q, since, rep),
        query: q,
      });
    },
  );

  await queueExportsRoutes(app, ctx);
}
