import { carrierStateRequest, tariffDraftRequest, tariffPublishRequest } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { adminPage } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { carrierBreakerService } from '../carrier-breaker/carrier-breaker.service';
import { staffCarriersService } from './staff-carriers.service';

const idParams = z.object({ id: z.string().max(64) });
const versionParams = z.object({ id: z.string().max(64), number: z.string().max(12) });
const checked = (id: string) => {
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};
const versionNumber = (n: string) => {
  const number = /^\d{1,9}$/.test(n) ? Number(n) : Number.NaN;
  if (!Number.isInteger(number) || number < 1) throw AppError.notFound();
  return number;
};

/**
 * Carriers, the 'carriers' door (super_admin): the list with last week's figures, a
 * carrier with its tariff versions, the draft's editor, preview, publish and restore, on and off.
 */
export async function staffCarriersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('carriers') };
  const service = staffCarriersService(ctx);
  const breaker = carrierBreakerService(ctx);

  r.get('/api/admin/carriers', door, async () => ({ data: await service.list() }));

  r.get('/api/admin/carriers/:id', { ...door, schema: { params: idParams } }, async (request) => ({
    data: await service.detail(checked(request.params.id)),
  }));

  r.patch('/api/admin/carriers/:id', { ...door, schema: { params: idParams, body: carrierStateRequest } }, async (request) => ({
    data: await service.setActive(auditActor(request), checked(request.params.id), request.body.active),
  }));

  /** Ends the circuit breaker's pause of the carrier by hand. */
  r.post('/api/admin/carriers/:id/resume-quoting', { ...door, schema: { params: idParams } }, async (request) => {
    const id = checked(request.params.id);
    await breaker.resume(auditActor(request), id);
    return { data: await service.detail(id) };
  });

  r.get('/api/admin/carriers/:id/versions/:number', { ...door, schema: { params: versionParams } }, async (request) => ({
    data: await service.version(checked(request.params.id), versionNumber(request.params.number)),
  }));

  /** What a new draft starts from: the tariff in force today. */
  r.get('/api/admin/carriers/:id/draft/new', { ...door, schema: { params: idParams } }, async (request) => ({
    data: await service.startingPoint(checked(request.params.id)),
  }));

  r.put('/api/admin/carriers/:id/draft', { ...door, schema: { params: idParams, body: tariffDraftRequest } }, async (request) => ({
    data: await service.saveDraft(auditActor(request), checked(request.params.id), request.body),
  }));

  r.delete('/api/admin/carriers/:id/draft', { ...door, schema: { params: idParams } }, async (request) => ({
    data: await service.discardDraft(auditActor(request), checked(request.params.id)),
  }));

  r.post('/api/admin/carriers/:id/draft/preview', { ...door, schema: { params: idParams } }, async (request) => ({
    data: await service.preview(auditActor(request), checked(request.params.id)),
  }));

  r.post(
    '/api/admin/carriers/:id/draft/publish',
    { ...door, schema: { params: idParams, body: tariffPublishRequest } },
    async (request) => ({
      data: await service.publish(auditActor(request), checked(request.params.id), request.body.effective_date),
    }),
  );

  r.post('/api/admin/carriers/:id/versions/:number/restore', { ...door, schema: { params: versionParams } }, async (request) => ({
    data: await service.restore(auditActor(request), checked(request.params.id), versionNumber(request.params.number)),
  }));
}
