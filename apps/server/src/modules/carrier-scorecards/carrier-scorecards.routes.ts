import { type CarrierComparison, type CarrierScorecard, carrierComparisonQuery } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { adminPage } from '../../plugins/guards';
import { carrierScorecardsService } from './carrier-scorecards.service';

const idParams = z.object({ id: z.string().max(64) });

/**
 * Admin > Carrier Scorecards (the 'carrierScorecards' door: every staff role): every carrier's
 * figures side by side over some months, and one carrier's last twelve months. Reads only:
 * nothing to audit. Customers get 403.
 */
export async function carrierScorecardsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('carrierScorecards') };
  const service = carrierScorecardsService(ctx);

  r.get(
    '/api/admin/carrier-scorecards',
    { ...door, schema: { querystring: carrierComparisonQuery } },
    async (request): Promise<{ data: CarrierComparison }> => ({ data: await service.comparison(request.query) }),
  );

  r.get(
    '/api/admin/carrier-scorecards/:id',
    { ...door, schema: { params: idParams } },
    async (request): Promise<{ data: CarrierScorecard }> => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      return { data: await service.scorecard(request.params.id) };
    },
  );
}
