import { equipmentTypeRequest } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { requestLanguage } from '../../plugins/errors';
import { adminPage, requireSignedIn } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { presentEquipmentOption, presentEquipmentType } from './equipment-types.presenter';
import { equipmentTypesService } from './equipment-types.service';

const idParams = z.object({ id: z.string().max(64) });
const checked = (id: string) => {
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

/**
 * Truckload equipment types: super_admin keep them at
 * /admin/truckloads/equipment-types (every write audited); signed-in users read the active ones
 * for the truckload form, named in their language.
 */
export async function equipmentTypesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('truckloadEquipment') };
  const service = equipmentTypesService(ctx);
  const base = '/api/admin/truckloads/equipment-types';

  r.get(base, door, async () => ({ data: (await service.list()).map(presentEquipmentType) }));

  r.post(base, { ...door, schema: { body: equipmentTypeRequest } }, async (request, reply) => {
    const row = await service.create(auditActor(request), request.body);
    return reply.code(201).send({ data: presentEquipmentType(row) });
  });

  r.put(`${base}/:id`, { ...door, schema: { params: idParams, body: equipmentTypeRequest } }, async (request) => ({
    data: presentEquipmentType(await service.update(auditActor(request), checked(request.params.id), request.body)),
  }));

  r.post(`${base}/:id/retire`, { ...door, schema: { params: idParams } }, async (request) => ({
    data: presentEquipmentType(await service.retire(auditActor(request), checked(request.params.id))),
  }));

  r.post(`${base}/:id/restore`, { ...door, schema: { params: idParams } }, async (request) => ({
    data: presentEquipmentType(await service.restore(auditActor(request), checked(request.params.id))),
  }));

  /** The truckload form's equipment: the active types with their limits, in the reader's language. */
  r.get('/api/equipment-types', { preValidation: requireSignedIn }, async (request) => {
    const language = requestLanguage(request);
    return { data: (await service.active()).map((row) => presentEquipmentOption(row, language)) };
  });
}
