import { LANGUAGES, type Language, type UnitSystem } from '@freight/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { adminPage, customer, customerRoute, signedIn } from '../../plugins/guards';
import { deliveryReceiptsService, presentReceipt } from './delivery-receipts.service';
import { documentShipment } from './documents.repository';

/** The builder loads on the first download (pdfkit is large; documents.routes.ts does the same). */
let builder: Promise<typeof import('./pod-pdf')> | undefined;
const loadBuilder = () => {
  builder ??= import('./pod-pdf');
  return builder;
};

const params = z.object({ id: z.string().max(64) });
const query = z.object({ language: z.enum(LANGUAGES, { error: 'validation.choice' }).optional() });
const EXTENSIONS = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' } as const;

/**
 * A delivered shipment's proof of delivery (docs/proof-of-delivery.md), for the shipper (its
 * account's shipments only) and staff (the shipment pages' door), each under its own prefix:
 * - GET …/:id/proof-of-delivery: {data: ProofOfDeliveryView}; 404 no such shipment or no receipt yet.
 * - GET …/:id/proof-of-delivery/pdf: the receipt as a PDF, in the reader's language or `?language=`.
 * - GET …/:id/proof-of-delivery/document: the carrier's own scanned receipt as it sent it; 404 without one.
 */
export async function proofOfDeliveryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const receipts = deliveryReceiptsService(ctx);

  const receiptOf = async (accountId: string | null, id: string) => {
    if (!isUuid(id)) throw AppError.notFound();
    const receipt = await receipts.receipt(accountId, id);
    if (!receipt) throw AppError.notFound();
    return receipt;
  };

  const sendPdf = async (reply: FastifyReply, accountId: string | null, id: string, language: Language, unitSystem: UnitSystem) => {
    const receipt = await receiptOf(accountId, id);
    const shipment = await documentShipment(ctx.db, accountId, id);
    if (!shipment) throw AppError.notFound();
    const { buildProofOfDeliveryPdf } = await loadBuilder();
    const pdf = await buildProofOfDeliveryPdf(shipment, receipt, { language, unitSystem, now: ctx.now() });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="POD-${shipment.bolNumber}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  };

  const sendDocument = async (reply: FastifyReply, accountId: string | null, id: string) => {
    const receipt = await receiptOf(accountId, id);
    if (!receipt.document || !receipt.documentType) throw AppError.notFound();
    return reply
      .header('content-type', receipt.documentType)
      .header('content-disposition', `attachment; filename="POD-carrier-${id.slice(0, 8)}.${EXTENSIONS[receipt.documentType]}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(receipt.document);
  };

  const shipper = customerRoute('shipments.view');
  r.get('/api/shipments/:id/proof-of-delivery', { ...shipper, schema: { params } }, async (request) => {
    const { account } = customer(request);
    return { data: presentReceipt(await receiptOf(account.id, request.params.id), false) };
  });
  r.get('/api/shipments/:id/proof-of-delivery/pdf', { ...shipper, schema: { params, querystring: query } }, async (request, reply) => {
    const { account, settings } = customer(request);
    const language = request.query.language ?? (settings.language as Language);
    return sendPdf(reply, account.id, request.params.id, language, settings.unitSystem as UnitSystem);
  });
  r.get('/api/shipments/:id/proof-of-delivery/document', { ...shipper, schema: { params } }, async (request, reply) =>
    sendDocument(reply, customer(request).account.id, request.params.id),
  );

  const staff = { preValidation: adminPage('shipments') };
  r.get('/api/admin/shipments/:id/proof-of-delivery', { ...staff, schema: { params } }, async (request) => ({
    data: presentReceipt(await receiptOf(null, request.params.id), true),
  }));
  r.get('/api/admin/shipments/:id/proof-of-delivery/pdf', { ...staff, schema: { params, querystring: query } }, async (request, reply) => {
    const { settings } = signedIn(request);
    const language = request.query.language ?? (settings.language as Language);
    return sendPdf(reply, null, request.params.id, language, settings.unitSystem as UnitSystem);
  });
  r.get('/api/admin/shipments/:id/proof-of-delivery/document', { ...staff, schema: { params } }, async (request, reply) =>
    sendDocument(reply, null, request.params.id),
  );
}
