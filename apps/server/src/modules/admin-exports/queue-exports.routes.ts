import { inboxQuery, incidentListQuery } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import { exportFormat } from '../../exports/export';
import { requestLanguage } from '../../plugins/errors';
import { adminPage, requireCreditStaff, verified } from '../../plugins/guards';
import { auditFilterOf, auditFilterQuery, auditRepository, superAdminOnly } from '../audit/audit';
import { incidentFilter, incidentsRepository } from '../incidents/incidents.service';
import { disputeQueueRepository, invoicesService } from '../invoices/invoices.service';
import { presentInboxRow, supportInboxRepository } from '../support/support.service';
import { sendAdminExport } from './admin-export';
import { adminAuditExportColumns } from './audit-log.export';
import { adminDisputeExportColumns } from './disputes.export';
import { adminIncidentExportColumns } from './incidents.export';
import { adminSupportExportColumns } from './support.export';

// Each export's query is its list's (the paging left out, accepted and ignored) with the format.
const incidentsQuery = incidentListQuery.omit({ page: true, per_page: true }).extend(exportFormat);
const supportQuery = inboxQuery.omit({ page: true, per_page: true }).extend(exportFormat);
const disputesQuery = z.object(exportFormat);
const auditQuery = auditFilterQuery.extend(exportFormat);

/**
 * The staff's work queues and the Audit Log as files, as admin-exports.routes.ts does the
 * shipments and accounts: the list's own filter and order (its repository's code), its door,
 * every row of it in keyset batches, the reader's words, audited.
 */
export async function queueExportsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const zone = ctx.config.BUSINESS_TIME_ZONE;
  const days = businessDays(zone);

  const incidents = incidentsRepository(ctx.db);
  r.get(
    '/api/admin/incidents/export',
    { preValidation: adminPage('incidents'), schema: { querystring: incidentsQuery } },
    async (request, reply) => {
      const q = request.query;
      const filter = incidentFilter(q, days);
      return sendAdminExport(ctx, request, reply, 'incidents', {
        format: q.format,
        sheet: 'admin_incidents',
        columns: adminIncidentExportColumns(requestLanguage(request), zone),
        batches: incidents.batches(filter),
        total: await incidents.count(filter),
        query: q,
      });
    },
  );

  // The dispute queue has no filter of its own: every open dispute, oldest first (the dashboard shows the first 200).
  const disputes = disputeQueueRepository(ctx.db);
  const invoices = invoicesService(ctx);
  r.get(
    '/api/admin/disputes/export',
    { preValidation: requireCreditStaff, schema: { querystring: disputesQuery } },
    async (request, reply) => {
      const language = requestLanguage(request);
      const batches = (async function* () {
        for await (const rows of disputes.batches()) yield await invoices.presentDisputes(rows, language);
      })();
      return sendAdminExport(ctx, request, reply, 'disputes', {
        format: request.query.format,
        sheet: 'admin_disputes',
        columns: adminDisputeExportColumns(language, zone),
        batches,
        total: await disputes.count(),
        query: request.query,
      });
    },
  );

  const inbox = supportInboxRepository(ctx.db);
  r.get(
    '/api/admin/support/conversations/export',
    { preValidation: adminPage('support'), schema: { querystring: supportQuery } },
    async (request, reply) => {
      const q = request.query;
      const staffId = verified(request).user.id;
      const now = ctx.now();
      const batches = (async function* () {
        for await (const rows of inbox.inboxBatches(q, staffId))
          yield rows.map((row) => presentInboxRow(row, ctx.config.supportHours, now));
      })();
      return sendAdminExport(ctx, request, reply, 'support_conversations', {
        format: q.format,
        sheet: 'admin_support_conversations',
        columns: adminSupportExportColumns(requestLanguage(request), zone),
        batches,
        total: await inbox.inboxCount(q, staffId),
        query: q,
      });
    },
  );

  // The log's rows are not counted first (it is the longest table): the web shows the bytes received.
  const audit = auditRepository(ctx.db);
  r.get(
    '/api/admin/audit/export',
    { preValidation: [adminPage('auditLog'), superAdminOnly], schema: { querystring: auditQuery } },
    async (request, reply) =>
      sendAdminExport(ctx, request, reply, 'audit_log', {
        format: request.query.format,
        sheet: 'admin_audit_log',
        columns: adminAuditExportColumns(zone),
        batches: audit.batches(auditFilterOf(request.query)),
        query: request.query,
      }),
  );
}
