import {
  disputeMessageRequest,
  disputeRequest,
  type InvoicePaymentResult,
  invoiceHistoryQuery,
  invoiceListQuery,
  invoicePaymentConfirmRequest,
  invoicePaymentRequest,
} from '@freight/contracts';
import type { UnitSystem } from '@freight/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { type ExportFormat, exportFormat } from '../../exports/export';
import { idempotencyKey } from '../../idempotency';
import { isUuid } from '../../ids';
import { requestLanguage } from '../../plugins/errors';
import { customer, customerRoute } from '../../plugins/guards';
import { shipmentReferences } from '../documents/documents.service';
import { type PaymentEvents, type PaymentProvider, PaymentsOff } from '../payments/payment-processor.service';
import {
  ABANDONED_CHALLENGES_JOB,
  abandonedChallengesHandler,
  challengeEventHandler,
  scheduleAbandonedChallenges,
} from './abandoned-challenges';
import { adminCreditRoutes } from './admin-credit.routes';
import { disputesService } from './disputes';
import { invoiceNotifier } from './invoice-notices';
import { ACH_SETTLE_JOB, achSettleHandler, debitEventHandler, invoicePaymentsService } from './invoice-payments';
import { invoicesExport } from './invoices.export';
import { presentInvoiceItem, receiptUrl } from './invoices.presenter';
import { type InvoicePaymentRow, invoicesRepository } from './invoices.repository';
import { invoicesService } from './invoices.service';
import { INVOICE_ISSUE_JOB, invoiceIssueHandler } from './invoicing';
import { INVOICE_REMINDERS_JOB, invoiceRemindersHandler } from './reminders';

const idParams = z.object({ id: z.string().max(64) });
const disputeParams = z.object({ id: z.string().max(64), disputeId: z.string().max(64) });
/** The lists' queries without their page, and the file's format (the history's paging is accepted and left out). */
const openExportQuery = invoiceListQuery.omit({ page: true, per_page: true }).extend(exportFormat);
const historyExportQuery = invoiceHistoryQuery.and(z.object(exportFormat));

export interface InvoicesRoutesOptions {
  provider?: PaymentProvider;
  /** The processor's later word on bank debits (webhooks), besides the settle job's asking. */
  events?: PaymentEvents;
}

/** The PDF builders load on the first download (pdfkit is large; documents.routes.ts does the same). */
let builders: Promise<typeof import('../documents/invoice-pdfs.service')> | undefined;
const loadBuilders = () => {
  builders ??= import('../documents/invoice-pdfs.service');
  return builders;
};

const sendPdf = (reply: FastifyReply, pdf: Buffer, fileName: string) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);

/**
 * Invoices of the caller's account: Open Invoices, the aging summary, history, one
 * invoice, its PDF, paying (card or bank), receipts and disputes; another account's invoice,
 * payment or dispute is a 404. Registers the invoicing jobs and the staff's credit routes.
 */
export async function invoicesRoutes(app: FastifyInstance, ctx: AppContext, opts: InvoicesRoutesOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const provider = opts.provider ?? new PaymentsOff();
  const notifier = invoiceNotifier(ctx);
  const service = invoicesService(ctx);
  const payments = invoicePaymentsService(ctx, provider, notifier);
  const disputes = disputesService(ctx, notifier);
  ctx.jobs.register(INVOICE_ISSUE_JOB, invoiceIssueHandler(ctx, notifier));
  ctx.jobs.register(ACH_SETTLE_JOB, achSettleHandler(ctx, provider, notifier));
  opts.events?.on('debit_settled', debitEventHandler(ctx, notifier, 'settled'));
  opts.events?.on('debit_returned', debitEventHandler(ctx, notifier, 'returned'));
  // A card payment waiting on 3-D Secure: the processor says how it ended; abandoned ones are canceled after a day.
  opts.events?.on('challenge_ended', challengeEventHandler(ctx, payments.settleWaiting));
  ctx.jobs.register(ABANDONED_CHALLENGES_JOB, abandonedChallengesHandler(ctx, provider, payments.settleWaiting));
  await scheduleAbandonedChallenges(ctx);
  ctx.jobs.register(INVOICE_REMINDERS_JOB, invoiceRemindersHandler(ctx, notifier));
  // The first round an hour after start (a round already waiting keeps its earlier time).
  await ctx.jobs.schedule(INVOICE_REMINDERS_JOB, 'hourly', new Date(ctx.now().getTime() + 3600_000));

  r.get('/api/invoices', { ...customerRoute('invoices.view'), schema: { querystring: invoiceListQuery } }, async (request) => {
    const { account, settings } = customer(request);
    return service.openPage(account.id, request.query, request.query.per_page ?? settings.recordsPerPage);
  });

  r.get('/api/invoices/summary', customerRoute('invoices.view'), async (request) => {
    const { account, settings } = customer(request);
    return { data: await service.summary(account.id, settings.currency) };
  });

  r.get('/api/invoices/history', { ...customerRoute('invoices.view'), schema: { querystring: invoiceHistoryQuery } }, async (request) => {
    const { account, settings } = customer(request);
    return service.historyPage(account.id, request.query, request.query.per_page ?? settings.recordsPerPage);
  });

  /** Open Invoices and Invoice history as files: each list's filter, search and order, every page of it. */
  const exporter = invoicesExport(ctx, service);
  const caller = (request: FastifyRequest, format: ExportFormat) => ({
    accountId: customer(request).account.id,
    format,
    language: requestLanguage(request),
  });
  r.get('/api/invoices/export', { ...customerRoute('invoices.view'), schema: { querystring: openExportQuery } }, async (request, reply) =>
    exporter.open(reply, caller(request, request.query.format), request.query),
  );
  r.get(
    '/api/invoices/history/export',
    { ...customerRoute('invoices.view'), schema: { querystring: historyExportQuery } },
    async (request, reply) => exporter.history(reply, caller(request, request.query.format), request.query),
  );

  r.get('/api/invoices/:id', { ...customerRoute('invoices.view'), schema: { params: idParams } }, async (request) => {
    const { account } = customer(request);
    const row = await service.find(account.id, request.params.id);
    return { data: await service.view(row, requestLanguage(request)) };
  });

  r.get('/api/invoices/:id/pdf', { ...customerRoute('invoices.view'), schema: { params: idParams } }, async (request, reply) => {
    const { account, settings } = customer(request);
    const language = requestLanguage(request);
    const invoice = await service.view(await service.find(account.id, request.params.id), language);
    const { buildInvoicePdf } = await loadBuilders();
    const references = invoice.shipment_id ? await shipmentReferences(ctx.db, account.id, invoice.shipment_id) : [];
    const pdf = await buildInvoicePdf(invoice, references, { language, unitSystem: settings.unitSystem as UnitSystem, now: ctx.now() });
    return sendPdf(reply, pdf, `Invoice-${invoice.number}`);
  });

  /** What a payment did, with the invoices it names as they are now. */
  async function paymentResult(accountId: string, payment: InvoicePaymentRow, invoiceIds: string[]): Promise<InvoicePaymentResult> {
    const repo = invoicesRepository(ctx.db);
    const paid = await repo.ofAccount(accountId, invoiceIds);
    const references = await repo.shipmentReferencesOf(paid);
    const today = service.today();
    return {
      id: payment.id,
      method: payment.method,
      status: payment.status,
      total_cents: payment.amountCents,
      currency: payment.currency,
      last4: payment.last4,
      receipt_url: receiptUrl(payment.id),
      invoices: paid.map((row) => presentInvoiceItem(row, today, references)),
    };
  }

  r.post('/api/invoice-payments', { ...customerRoute('invoices.pay'), schema: { body: invoicePaymentRequest } }, async (request, reply) => {
    const { account, user } = customer(request);
    const key = idempotencyKey(request);
    const { payment, replay } = await payments.pay(account.id, user.id, request.body, key);
    const data = await paymentResult(
      account.id,
      payment,
      request.body.allocations.map((a) => a.invoice_id),
    );
    return reply.code(replay ? 200 : 201).send({ data });
  });

  // The payer is back from the card issuer's 3-D Secure challenge: the processor says how it ended.
  r.post(
    '/api/invoice-payments/confirm',
    { ...customerRoute('invoices.pay'), schema: { body: invoicePaymentConfirmRequest } },
    async (request) => {
      const { account } = customer(request);
      const { payment } = await payments.confirm(account.id, request.body.payment_intent);
      const allocations = await invoicesRepository(ctx.db).allocationsOf(payment.id);
      return {
        data: await paymentResult(
          account.id,
          payment,
          allocations.map((a) => a.invoiceId),
        ),
      };
    },
  );

  r.get(
    '/api/invoice-payments/:id/receipt',
    { ...customerRoute('invoices.view'), schema: { params: idParams } },
    async (request, reply) => {
      const { account, settings } = customer(request);
      const { payment, allocations, accountName } = await service.receipt(account.id, request.params.id);
      const { buildPaymentReceiptPdf } = await loadBuilders();
      const pdf = await buildPaymentReceiptPdf(
        {
          id: payment.id,
          account_name: accountName,
          method: payment.method,
          status: payment.status,
          card_brand: payment.cardBrand,
          last4: payment.last4,
          currency: payment.currency,
          total_cents: payment.amountCents,
          created_at: payment.createdAt.toISOString(),
          settled_at: payment.settledAt?.toISOString() ?? null,
          invoices: allocations.map((a) => ({
            number: a.number,
            bol_number: a.bolNumber,
            amount_cents: a.amountCents,
            balance_after_cents: a.balanceCents,
          })),
        },
        { language: requestLanguage(request), unitSystem: settings.unitSystem as UnitSystem, now: ctx.now() },
      );
      return sendPdf(reply, pdf, `Receipt-${payment.id.slice(0, 8)}`);
    },
  );

  r.post(
    '/api/invoices/:id/disputes',
    { ...customerRoute('invoices.pay'), schema: { params: idParams, body: disputeRequest } },
    async (request, reply) => {
      const { account, user } = customer(request);
      const invoice = await service.find(account.id, request.params.id);
      const language = requestLanguage(request);
      const dispute = await disputes.open(account.id, user.id, invoice.id, request.body, language);
      const [view] = await service.presentDisputes([dispute], language);
      return reply.code(201).send({ data: view });
    },
  );

  r.post(
    '/api/invoices/:id/disputes/:disputeId/messages',
    { ...customerRoute('invoices.pay'), schema: { params: disputeParams, body: disputeMessageRequest } },
    async (request, reply) => {
      const { account, user } = customer(request);
      const invoice = await service.find(account.id, request.params.id);
      if (!isUuid(request.params.disputeId)) throw AppError.notFound();
      const dispute = await disputes.reply(request.params.disputeId, { userId: user.id, staff: false }, request.body.body, {
        accountId: account.id,
        invoiceId: invoice.id,
      });
      const [view] = await service.presentDisputes([dispute], requestLanguage(request));
      return reply.code(201).send({ data: view });
    },
  );

  await adminCreditRoutes(app, ctx, { service, disputes });
}
