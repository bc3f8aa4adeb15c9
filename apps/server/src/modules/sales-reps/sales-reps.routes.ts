import { salesRepRequest } from '@freight/contracts';
import { canAssignSalesReps } from '@freight/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { adminPage } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { salesRepsService } from './sales-reps.service';

const idParams = z.object({ id: z.string().max(64) });

/**
 * Sales reps on Account Management: the users a rep may be chosen from (every staff user reads
 * them, as the account page shows the rep to all), and setting or clearing an account's rep.
 */
export async function salesRepsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = salesRepsService(ctx);

  r.get('/api/admin/sales-reps', { preValidation: adminPage('accounts') }, async () => ({ data: await service.candidates() }));

  r.put(
    '/api/admin/accounts/:id/sales-rep',
    { preValidation: adminPage('accounts', canAssignSalesReps), schema: { params: idParams, body: salesRepRequest } },
    async (request) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      return { data: await service.assign(auditActor(request), request.params.id, request.body.user_id) };
    },
  );
}
