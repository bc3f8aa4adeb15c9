import { customsCorrectionRequest, customsEntryRequest, customsQueueQuery } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../plugins/errors';
import { adminPage } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { customsQueueService } from './customs-queue';

const params = z.object({ id: z.string().max(64) });

/**
 * The customs queue (/admin/customs) for the staff who work the exceptions queue: the shipments
 * across a border by customs stage, the broker's entry reference recorded, and a corrected
 * document sent for freight held at the border. Customers get 403; both writes are audited.
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

  r.post('/api/admin/customs/:id/correction', { ...door, schema: { params, body: customsCorrectionRequest } }, async (request) => ({
    data: await service.sendCorrection(auditActor(request), request.params.id, request.body, requestLanguage(request)),
  }));
}
