import {
  type CarrierInvoiceImportReport,
  carrierInvoiceApproveRequest,
  carrierInvoiceDisputeRequest,
  carrierInvoiceListQuery,
  carrierInvoiceMatchRequest,
  carrierInvoiceMessageRequest,
  carrierInvoiceResolveRequest,
  carrierInvoiceShortPayRequest,
  payablesBatchRequest,
  payablesPaidRequest,
} from '@freight/contracts';
import { canAuditCarrierInvoices } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { csvBodyParser, csvUploadOf } from '../../csv/csv';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { pageMeta } from '../../paging';
import { requestLanguage } from '../../plugins/errors';
import { verified } from '../../plugins/guards';
import { auditActor, auditEach } from '../audit/audit';
import { invoiceNotifier } from '../invoices/invoices.service';
import { carrierInvoiceActions } from './actions';
import { carrierApiRoutes } from './carrier-api.routes';
import { presentDetail, presentSummary } from './carrier-invoices.presenter';
import { carrierInvoicesRepository } from './carrier-invoices.repository';
import { carrierInvoiceTemplate, readCarrierInvoiceCsv } from './csv-intake';
import { intakeInvoices } from './intake';
import { payablesService } from './payables';
import { rebillPreview } from './rebill';
import { CARRIER_INVOICE_SIMULATE_JOB, carrierInvoiceSimulateHandler } from './simulator';

const idParams = z.object({ id: z.string().max(64) });
const checked = (id: string) => {
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

/** The door of every staff route here: accounting and the admins (`canAuditCarrierInvoices`). */
const requireAuditor = async (request: FastifyRequest) => {
  if (!canAuditCarrierInvoices(verified(request).user.roles)) throw AppError.forbidden();
};

const csvDownload = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'no-store',
});

/**
 * Carrier invoices and payables, staff side (accounting, fpg_admin, super_admin):
 * - GET /api/admin/carrier-invoices: the queue (status, carrier, reason, auto-approved, search; counts per tab);
 * - GET /api/admin/carrier-invoices/template.csv, POST /api/admin/carrier-invoices/import (text/csv);
 * - GET /api/admin/carrier-invoices/:id: the invoice, its audit, dispute thread and what approving it would re-bill;
 * - GET /api/admin/shipments/:id/carrier-invoices: the invoices matched to a shipment (404 for an unknown one);
 * - POST .../:id/match|approve|short-pay|dispute|resolve (each names the version it read) and .../:id/messages;
 * - GET /api/admin/carrier-payables, POST /api/admin/carrier-payables/batches,
 *   GET /api/admin/carrier-payables/batches/:id(.csv), POST /api/admin/carrier-payables/paid.
 * Registers the simulator carrier's invoice job and the carriers' partner API routes.
 */
export async function carrierInvoicesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: requireAuditor };
  const repo = carrierInvoicesRepository(ctx.db);
  const actions = carrierInvoiceActions(ctx, invoiceNotifier(ctx));
  const payables = payablesService(ctx);
  ctx.jobs.register(CARRIER_INVOICE_SIMULATE_JOB, carrierInvoiceSimulateHandler(ctx));

  async function detail(id: string) {
    const found = await repo.find(checked(id));
    if (!found) throw AppError.notFound();
    return presentDetail(repo, found, await rebillPreview(ctx.db, found.invoice));
  }

  r.get('/api/admin/carrier-invoices', { ...door, schema: { querystring: carrierInvoiceListQuery } }, async (request) => {
    const q = request.query;
    const [{ rows, total }, counts] = await Promise.all([repo.page(q), repo.counts()]);
    return { data: rows.map(presentSummary), meta: pageMeta(total, q.page, q.per_page), counts };
  });

  r.get('/api/admin/shipments/:id/carrier-invoices', { ...door, schema: { params: idParams } }, async (request) => {
    const rows = await repo.ofShipment(checked(request.params.id));
    if (!rows) throw AppError.notFound();
    return { data: rows.map(presentSummary) };
  });

  r.get('/api/admin/carrier-invoices/template.csv', door, async (_request, reply) =>
    reply.headers(csvDownload('carrier-invoices-template.csv')).send(carrierInvoiceTemplate()),
  );

  // The upload is read as it streams in (bounded like every CSV import), in its own scope; the door runs first.
  await app.register(async (scope) => {
    csvBodyParser(scope);
    scope.withTypeProvider<ZodTypeProvider>().post('/api/admin/carrier-invoices/import', { onRequest: requireAuditor }, async (request) => {
      const actor = auditActor(request);
      const { base, invoices } = await readCarrierInvoiceCsv(csvUploadOf(request.body), requestLanguage(request));
      const outcomes = await ctx.db.transaction(async (tx) => {
        const done = await intakeInvoices(tx as Db, ctx, { source: 'csv' }, invoices);
        const entries = done.map((o) => ({
          action: 'carrier_invoice.import',
          entityType: 'carrier_invoice',
          entityId: o.id,
          targetLabel: `Carrier invoice ${o.invoice_number}`,
          after: { status: o.status, reasons: o.reasons, line: o.line },
        }));
        for (let i = 0; i < entries.length; i += 1_000) await auditEach(tx as Db, actor, entries.slice(i, i + 1_000), ctx.now());
        return done;
      });
      const byStatus: CarrierInvoiceImportReport['by_status'] = {};
      for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
      const report: CarrierInvoiceImportReport = { ...base, invoices: outcomes.length, by_status: byStatus, outcomes };
      return report;
    });
  });

  r.get('/api/admin/carrier-invoices/:id', { ...door, schema: { params: idParams } }, async (request) => ({
    data: await detail(request.params.id),
  }));

  const action = <S extends z.ZodType>(
    path: string,
    body: S,
    run: (id: string, request: FastifyRequest, body: z.output<S>) => Promise<unknown>,
  ) =>
    r.post(`/api/admin/carrier-invoices/:id/${path}`, { ...door, schema: { params: idParams, body } }, async (request) => {
      const id = checked(request.params.id);
      await run(id, request, request.body as z.output<S>);
      return { data: await detail(id) };
    });
  action('match', carrierInvoiceMatchRequest, (id, request, body) => actions.match(id, auditActor(request), body));
  action('approve', carrierInvoiceApproveRequest, (id, request, body) => actions.approve(id, auditActor(request), body));
  action('short-pay', carrierInvoiceShortPayRequest, (id, request, body) => actions.shortPay(id, auditActor(request), body));
  action('dispute', carrierInvoiceDisputeRequest, (id, request, body) => actions.dispute(id, auditActor(request), body));
  action('resolve', carrierInvoiceResolveRequest, (id, request, body) => actions.resolve(id, auditActor(request), body));
  action('messages', carrierInvoiceMessageRequest, (id, request, body) => actions.message(id, auditActor(request), body));

  r.get('/api/admin/carrier-payables', door, async () => ({ data: await payables.view() }));
  r.post('/api/admin/carrier-payables/batches', { ...door, schema: { body: payablesBatchRequest } }, async (request, reply) => {
    const batch = await payables.exportBatch(auditActor(request), request.body.invoice_ids);
    return reply.status(201).send({ data: batch });
  });
  r.get('/api/admin/carrier-payables/batches/:id', { ...door, schema: { params: idParams } }, async (request) => ({
    data: await payables.batch(checked(request.params.id)),
  }));
  r.get('/api/admin/carrier-payables/batches/:id/payables.csv', { ...door, schema: { params: idParams } }, async (request, reply) => {
    const { number, csv } = await payables.batchCsv(checked(request.params.id));
    return reply.headers(csvDownload(`payables-${number}.csv`)).send(csv);
  });
  r.post('/api/admin/carrier-payables/paid', { ...door, schema: { body: payablesPaidRequest } }, async (request) => ({
    data: await payables.markPaid(auditActor(request), request.body),
  }));

  await carrierApiRoutes(app, ctx, actions);
}
