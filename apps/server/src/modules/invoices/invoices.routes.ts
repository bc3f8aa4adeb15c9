import {
  disputeMessageRequest,
  disputeRequest,
  type InvoicePaymentResult,
  invoiceHistoryQuery,
  invoiceListQuery,
  invoicePaymentRequest,
} from '@freight/contracts';
import type { UnitSystem } from '@freight/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { requestLanguage } from '../../plugins/errors';
import { customer, requireCustomer } from '../../plugins/guards';
import { shipmentReferences } from '../documents/documents.repository';
import type { PaymentProvider } from '../payments/payment-provider';
import { TestProcessor } from '../payments/payment-provider';
import { idempotencyKey } from '../shipments/shipments.routes';
import type { CarrierFactory } from '../shipments/shipments.service';
import { adminCreditRoutes } from './admin-credit.routes';
import { calendarDay } from './credit';
import { disputesService } from './disputes';
import { invoiceNotifier } from './invoice-notices';
import { ACH_SETTLE_JOB, achSettleHandler, invoicePaymentsService } from './invoice-payments';
import { presentInvoiceItem, receiptUrl } from './invoices.presenter';
import { invoicesRepository } from './invoices.repository';
import { invoicesService } from './invoices.service';
import { INVOICE_ADJUSTMENT_JOB, INVOICE_ISSUE_JOB, invoiceAdjustmentHandler, invoiceIssueHandler } from './invoicing';
import { INVOICE_REMINDERS_JOB, invoiceRemindersHandler } from './reminders';

const idParams = z.object({ id: z.string().max(64) });
const disputeParams = z.object({ id: z.string().max(64), disputeId: z.string().max(64) });

export interface InvoicesRoutesOptions {
  provider?: PaymentProvider;
  carrierFor?: CarrierFactory;
}

/** The PDF builders load on the first download (pdfkit is large; documents.routes.ts does the same). */
let builders: Promise<[typeof import('../documents/invoice-pdf'), typeof import('../documents/receipt-pdf')]> | undefined;
const loadBuilders = () => {
  builders ??= Promise.all([import('../documents/invoice-pdf'), import('../documents/receipt-pdf')]);
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
  const provider = opts.provider ?? new TestProcessor();
  const notifier = invoiceNotifier(ctx);
  const service = invoicesService(ctx);
  const payments = invoicePaymentsService(ctx, provider, notifier);
  const disputes = disputesService(ctx, notifier);
  ctx.jobs.register(INVOICE_ISSUE_JOB, invoiceIssueHandler(ctx, notifier, opts.carrierFor));
  ctx.jobs.register(INVOICE_ADJUSTMENT_JOB, invoiceAdjustmentHandler(ctx, notifier));
  ctx.jobs.register(ACH_SETTLE_JOB, achSettleHandler(ctx, provider, notifier));
  ctx.jobs.register(INVOICE_REMINDERS_JOB, invoiceRemindersHandler(ctx, notifier));
  // The first round an hour after start (a round already waiting keeps its earlier time).
  await ctx.jobs.schedule(INVOICE_REMINDERS_JOB, 'hourly', new Date(ctx.now().getTime() + 3600_000));

  r.get('/api/invoices', { preValidation: requireCustomer, schema: { querystring: invoiceListQuery } }, async (request) => {
    const { account, settings } = customer(request);
    return service.openPage(account.id, request.query, request.query.per_page ?? settings.recordsPerPage);
  });

  r.get('/api/invoices/summary', { preValidation: requireCustomer }, async (request) => {
    const { account, settings } = customer(request);
    return { data: await service.summary(account.id, settings.currency) };
  });

  r.get('/api/invoices/history', { preValidation: requireCustomer, schema: { querystring: invoiceHistoryQuery } }, async (request) => {
    const { account, settings } = customer(request);
    return service.historyPage(account.id, request.query, request.query.per_page ?? settings.recordsPerPage);
  });

  r.get('/api/invoices/:id', { preValidation: requireCustomer, schema: { params: idParams } }, async (request) => {
    const { account } = customer(request);
    const row = await service.find(account.id, request.params.id);
    return { data: await service.view(row, requestLanguage(request)) };
  });

  r.get('/api/invoices/:id/pdf', { preValidation: requireCustomer, schema: { params: idParams } }, async (request, reply) => {
    const { account, settings } = customer(request);
    const language = requestLanguage(request);
    const invoice = await service.view(await service.find(account.id, request.params.id), language);
    const [{ buildInvoicePdf }] = await loadBuilders();
    const references = invoice.shipment_id ? await shipmentReferences(ctx.db, account.id, invoice.shipment_id) : [];
    const pdf = await buildInvoicePdf(invoice, references, { language, unitSystem: settings.unitSystem as UnitSystem, now: ctx.now() });
    return sendPdf(reply, pdf, `Invoice-${invoice.number}`);
  });

  r.post('/api/invoice-payments', { preValidation: requireCustomer, schema: { body: invoicePaymentRequest } }, async (request, reply) => {
    const { account, user } = customer(request);
    const key = idempotencyKey(request);
    const { payment, replay } = await payments.pay(account.id, user.id, request.body, key);
    const today = calendarDay(ctx.now());
    const repo = invoicesRepository(ctx.db);
    const paid = await repo.ofAccount(
      account.id,
      request.body.allocations.map((a) => a.invoice_id),
    );
    const references = await repo.shipmentReferencesOf(paid);
    const invoices = paid.map((row) => presentInvoiceItem(row, today, references));
    const data: InvoicePaymentResult = {
      id: payment.id,
      method: payment.method,
      status: payment.status,
      total_cents: payment.amountCents,
      currency: payment.currency,
      last4: payment.last4,
      receipt_url: receiptUrl(payment.id),
      invoices,
    };
    return reply.code(replay ? 200 : 201).send({ data });
  });

  r.get('/api/invoice-payments/:id/receipt', { preValidation: requireCustomer, schema: { params: idParams } }, async (request, reply) => {
    const { account, settings } = customer(request);
    const { payment, allocations, accountName } = await service.receipt(account.id, request.params.id);
    const [, { buildPaymentReceiptPdf }] = await loadBuilders();
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
  });

  r.post(
    '/api/invoices/:id/disputes',
    { preValidation: requireCustomer, schema: { params: idParams, body: disputeRequest } },
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
    { preValidation: requireCustomer, schema: { params: disputeParams, body: disputeMessageRequest } },
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
