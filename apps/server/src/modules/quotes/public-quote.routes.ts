import { publicQuoteRequest } from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../plugins/errors';
import { presentRating } from './quotes.presenter';
import { quotesService } from './quotes.service';

/** A visitor compares a few lanes and loads, not hundreds: per address, per ten minutes. */
export const PUBLIC_QUOTES_PER_WINDOW = 20;
const WINDOW_SECONDS = 600;

/**
 * POST /api/public/quotes: the public quote page (spec: a public page). A visitor rates an LTL or
 * parcel shipment without an account, in US dollars; nothing is stored (the browser carries the
 * request into the account made to book it). Limited per address; CSRF as for every unsafe call.
 */
export async function publicQuoteRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = quotesService(ctx);

  // Counted before the body is read, so a stream of bad bodies is limited too.
  const limit = async (request: FastifyRequest) => {
    await ctx.throttle.enforce(`public-quote:${request.ip}`, PUBLIC_QUOTES_PER_WINDOW, WINDOW_SECONDS);
  };

  r.post('/api/public/quotes', { preValidation: limit, schema: { body: publicQuoteRequest } }, async (request) => {
    // Object.assign, not a spread with more fields after it (a new hidden class per quote on Node 20).
    const input = Object.assign({}, request.body, { currency: 'USD' as const, unit_system: request.body.unit_system ?? 'imperial' });
    // The default program prices a visitor's quote; the cost stays here.
    const { result } = await service.rateEveryCarrier(input, null);
    return { data: presentRating(input, result, input.currency, requestLanguage(request)) };
  });
}
