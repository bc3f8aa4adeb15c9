import { customsCorrectionRequest, customsEntryRequest, customsQueueQuery, hsSuggestionsRequest } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../plugins/errors';
import { adminPage, customer, customerRoute } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { customsQueueService } from './customs-queue';
import { hsSuggestions } from './hs-suggestions';

const params = z.object({ id: z.string().max(64) });

/**
 * The customs queue (/admin/customs) for the staff who work the exceptions queue: the shipments
 * across a border by customs stage, the broker's entry reference recorded, and a corrected
 * document sent for freight held at the border. Customers get 403 there; both writes are audited.
 * A shipper records the reference its own broker gave it on its own shipment, and its booking form
 * asks the catalogs for its items' HS codes.
 */
export async function customsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('customs') };
  const service = customsQueueService(ctx);

  r.get('/api/admin/customs', { ...door, schema: { querystring: customsQueueQuery } }, async (request) =>
    service.queue(request.query, requestLanguage(request)),
  );

  r.put('/api/admin/customs/:id/entry', { ...door, schema: { params, body: customsEntryRequest } }, async (request) => ({
    data: await service.recordEntry(auditActor(request), request.params.id, request.body.entry_number, requestLanguage(request)),
  }));

  // The booking form offers each item's HS code from the catalogs (the account's own products first).
  r.post(
    '/api/customs/hs-suggestions',
    { ...customerRoute('shipments.book'), schema: { body: hsSuggestionsRequest } },
    async (request) => ({ data: await hsSuggestions(ctx, customer(request).account.id, request.body.descriptions) }),
  );

  // The shipper records the reference its own broker gave it, as those who book may.
  r.put(
    '/api/shipments/:id/customs-entry',
    { ...customerRoute('shipments.book'), schema: { params, body: customsEntryRequest } },
    async (request) => ({
      data: await service.recordOwnEntry(customer(request).account.id, request.params.id, request.body.entry_number),
    }),
  );

  r.post('/api/admin/customs/:id/correction', { ...door, schema: { params, body: customsCorrectionRequest } }, async (request) => ({
    data: await service.sendCorrection(auditActor(request), request.params.id, request.body, requestLanguage(request)),
  }));
}
