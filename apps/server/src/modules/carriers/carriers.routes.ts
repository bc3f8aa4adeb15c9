import { carrierPreferencesUpdate } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { customer, requireCustomer } from '../../plugins/guards';
import { carriersService } from './carriers.service';

/** Carrier visibility of the signed-in customer user: GET the active carriers, PUT the choices. */
export async function carriersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = carriersService(ctx);

  r.get('/api/carriers', { preValidation: requireCustomer }, async (request) => {
    const { user } = customer(request);
    return { data: await service.list(user.id) };
  });

  r.put('/api/carriers/preferences', { preValidation: requireCustomer, schema: { body: carrierPreferencesUpdate } }, async (request) => {
    const { user } = customer(request);
    return { data: await service.update(user.id, request.body) };
  });
}
