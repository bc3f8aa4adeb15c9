import type { CarrierDeliveryWindows, CarrierLaneWindow } from '@freight/contracts';
import { LATE_PERCENTILE, MIN_WINDOW_SAMPLE, sampleOf, TYPICAL_PERCENTILE, transitPercentile } from '@freight/domain/analytics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { adminPage } from '../../plugins/guards';
import { deliveryWindowsRepository, zonesOf } from './delivery-windows.repository';
import { registerTransitRefresh } from './transit-summary';

const idParams = z.object({ id: z.string().max(64) });

/**
 * Admin > Carriers > a carrier ('carriers' door): how its promise compares with the transit its
 * delivered shipments took, lane by lane, from the histogram the job keeps. A read: nothing to audit.
 */
export async function deliveryWindowsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = deliveryWindowsRepository(ctx.db);

  r.get(
    '/api/admin/carriers/:id/delivery-windows',
    { preValidation: adminPage('carriers'), schema: { params: idParams } },
    async (request): Promise<{ data: CarrierDeliveryWindows }> => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      const lanes = new Map<string, { histogram: Map<number, number>; promised: number }>();
      for (const bar of await repo.bars(request.params.id)) {
        const lane = lanes.get(bar.lane) ?? { histogram: new Map(), promised: 0 };
        lane.histogram.set(bar.days, bar.shipments);
        lane.promised += bar.promisedDays;
        lanes.set(bar.lane, lane);
      }
      const rows: CarrierLaneWindow[] = [...lanes].map(([key, { histogram, promised }]) => {
        const z = zonesOf(key);
        const sample = sampleOf(histogram);
        return {
          origin: { country: z.originCountry, state: z.originState },
          destination: { country: z.destinationCountry, state: z.destinationState },
          sample,
          promised_tenths: Math.round((promised * 10) / sample),
          // Every lane's percentiles, learned or not: staff see how a thin lane is shaping up.
          typical_days: transitPercentile(histogram, TYPICAL_PERCENTILE) ?? 0,
          late_days: transitPercentile(histogram, LATE_PERCENTILE) ?? 0,
          learned: sample >= MIN_WINDOW_SAMPLE,
        };
      });
      rows.sort((a, b) => b.sample - a.sample);
      return { data: { min_sample: MIN_WINDOW_SAMPLE, lanes: rows } };
    },
  );

  await registerTransitRefresh(ctx);
}
