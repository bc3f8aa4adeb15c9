import { shipmentWatcherAddRequest } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { customer, customerRoute } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { shipmentWatchersService } from './shipment-watchers.service';

const idParams = z.object({ id: z.string().max(64) });
const watcherParams = idParams.extend({ user_id: z.string().max(64) });

/**
 * A shipment's watchers (its detail page). Whoever may see shipments reads them and watches or
 * stops watching for themselves; adding or removing a colleague is for users who may book.
 */
export async function shipmentWatchersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = shipmentWatchersService(ctx);
  const see = customerRoute('shipments.view');
  const book = customerRoute('shipments.book');

  r.get('/api/shipments/:id/watchers', { ...see, schema: { params: idParams } }, async (request) => {
    const { user, account } = customer(request);
    return { data: await service.view(user.id, account.id, request.params.id) };
  });

  r.put('/api/shipments/:id/watchers/me', { ...see, schema: { params: idParams } }, async (request) => {
    const { user, account } = customer(request);
    return { data: await service.watch(user.id, account.id, request.params.id) };
  });

  r.delete('/api/shipments/:id/watchers/me', { ...see, schema: { params: idParams } }, async (request) => {
    const { user, account } = customer(request);
    return { data: await service.unwatch(user.id, account.id, request.params.id) };
  });

  r.get('/api/shipments/:id/watchers/colleagues', { ...book, schema: { params: idParams } }, async (request) => {
    const { user, account } = customer(request);
    return { data: await service.colleagues(user.id, account.id, request.params.id) };
  });

  r.post('/api/shipments/:id/watchers', { ...book, schema: { params: idParams, body: shipmentWatcherAddRequest } }, async (request) => ({
    data: await service.add(auditActor(request), customer(request).account.id, request.params.id, request.body.user_id),
  }));

  r.delete('/api/shipments/:id/watchers/:user_id', { ...book, schema: { params: watcherParams } }, async (request) => ({
    data: await service.remove(auditActor(request), customer(request).account.id, request.params.id, request.params.user_id),
  }));
}
