import { usmcaCertificationRequest } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { customer, customerRoute } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { usmcaService } from './usmca.service';

/**
 * The account's USMCA certification of origin: every team member who sees shipments reads it
 * (the booking form says who signs), those who keep the account's settings change it. Only the
 * caller's own account: its id comes from the session.
 */
export async function usmcaRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = usmcaService(ctx.db);

  r.get('/api/account/usmca-certification', customerRoute('shipments.view'), async (request) => ({
    data: await service.get(customer(request).account.id),
  }));

  r.put(
    '/api/account/usmca-certification',
    { ...customerRoute('account.manage'), schema: { body: usmcaCertificationRequest } },
    async (request) => ({
      data: await service.save(auditActor(request), customer(request).account.id, request.body, ctx.now()),
    }),
  );
}
