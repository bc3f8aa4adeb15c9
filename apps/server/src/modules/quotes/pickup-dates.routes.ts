import { type FirstPickupDate, pickupDateQuery } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../plugins/errors';
import { pickupCalendar } from './pickup-dates';

/**
 * GET /api/pickup-dates/first?country=US&state=IL (or &postal_code=60606): the first pickup date
 * every form proposes, with the nearer days it passes over and why, holiday names in the caller's
 * language. Signed in or not (the public quote page asks it too): it reads no account's data and
 * only the calendar, so it is neither limited nor cached (the answer moves at the cut-off).
 */
export async function pickupDatesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const calendar = pickupCalendar(ctx.now, ctx.config.PICKUP_CUTOFF);

  r.get('/api/pickup-dates/first', { schema: { querystring: pickupDateQuery } }, async (request, reply) => {
    const { country, state, postal_code } = request.query;
    const origin = state ? { country, state } : postal_code ? calendar.originOf({ country, postal_code }) : { country };
    const first = calendar.first(origin, requestLanguage(request));
    reply.header('cache-control', 'no-store');
    const data: FirstPickupDate = {
      date: first.date,
      skipped: first.skipped,
      cutoff: calendar.cutoff,
      expires_at: calendar.expiry(first.date, origin).toISOString(),
    };
    return { data };
  });
}
