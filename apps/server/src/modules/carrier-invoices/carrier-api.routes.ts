import { carrierDisputeReplyRequest, carrierInvoice210 } from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import type { CarrierInvoiceActions } from './actions';
import { presentForCarrier } from './carrier-invoices.presenter';
import { carrierInvoicesRepository } from './carrier-invoices.repository';
import { intakeInvoices } from './intake';

const idParams = z.object({ id: z.string().max(64) });

/**
 * The carrier partner behind a call (bearer.ts sets it on the carrier routes of /api/v1): its
 * carrier and partner. Anyone else (a session, an account's token, a partner of no carrier)
 * finds nothing here: 404, as for a record not theirs.
 */
function carrierCaller(request: FastifyRequest) {
  const client = request.apiClient;
  if (!client?.carrierId || !client.partnerId) throw AppError.notFound();
  return { carrierId: client.carrierId, partnerId: client.partnerId };
}

/**
 * The carriers' side through the partner API (scopes carrier_invoices:write and :read): post a
 * freight invoice (the 210 as JSON, through the same intake as the staff's CSV), read one of its
 * own invoices, answer in a disputed invoice's thread. Another carrier's invoice is a 404, checked
 * before the body is read.
 */
export async function carrierApiRoutes(app: FastifyInstance, ctx: AppContext, actions: CarrierInvoiceActions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = carrierInvoicesRepository(ctx.db);

  /** The door of the carrier routes on a record: a carrier partner, and the invoice its carrier's. */
  const ownInvoice = async (request: FastifyRequest) => {
    const { carrierId } = carrierCaller(request);
    const id = (request.params as { id?: string }).id ?? '';
    if (!isUuid(id) || !(await repo.ofCarrier(id, carrierId))) throw AppError.notFound();
  };

  r.post(
    '/api/carrier-invoices',
    { preValidation: async (request) => void carrierCaller(request), schema: { body: carrierInvoice210 } },
    async (request, reply) => {
      const { carrierId, partnerId } = carrierCaller(request);
      const carrier = await repo.carrier(carrierId);
      if (!carrier) throw AppError.notFound();
      const [outcome] = await ctx.db.transaction(async (tx) =>
        intakeInvoices(tx as Db, ctx, { source: 'api', partnerId, carrier }, [{ line: null, data: request.body }]),
      );
      const row = outcome && (await repo.ofCarrier(outcome.id, carrierId));
      if (!row || !outcome) throw AppError.notFound();
      return reply.status(201).send({ data: await presentForCarrier(repo, row) });
    },
  );

  r.get('/api/carrier-invoices/:id', { preValidation: ownInvoice, schema: { params: idParams } }, async (request) => {
    const row = await repo.ofCarrier(request.params.id, carrierCaller(request).carrierId);
    if (!row) throw AppError.notFound();
    return { data: await presentForCarrier(repo, row) };
  });

  r.post(
    '/api/carrier-invoices/:id/messages',
    { preValidation: ownInvoice, schema: { params: idParams, body: carrierDisputeReplyRequest } },
    async (request, reply) => {
      const { carrierId } = carrierCaller(request);
      await actions.carrierReply(request.params.id, carrierId, request.body.body);
      const row = await repo.ofCarrier(request.params.id, carrierId);
      if (!row) throw AppError.notFound();
      return reply.status(201).send({ data: await presentForCarrier(repo, row) });
    },
  );
}
