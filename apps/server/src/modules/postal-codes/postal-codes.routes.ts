import { COUNTRIES } from '@freight/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireVerified } from '../../plugins/guards';
import { postalCodesService } from './postal-codes.service';

const params = z.object({
  country: z
    .string()
    .toUpperCase()
    .pipe(z.enum(COUNTRIES, { error: 'validation.choice' })),
  postal_code: z.string().max(16, { error: 'validation.too_long' }),
});

/** A person typing codes looks up a few a minute; a script is refused past this. */
const PUBLIC_LOOKUPS_PER_MINUTE = 60;

/** The reference data changes only with a release; the browser may reuse an answer for an hour. */
const CACHE_CONTROL = 'private, max-age=3600';

/**
 * GET /api/postal-codes/:country/:postal_code, called as the user types a postal code (debounced):
 * any signed-in, verified user (staff too: it is public reference data), no database query; and
 * GET /api/public/postal-codes/... for visitors, limited per address.
 */
export async function postalCodesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = postalCodesService();
  const answer = ({ country, postal_code }: z.infer<typeof params>, reply: FastifyReply) => {
    reply.header('cache-control', CACHE_CONTROL);
    return { data: service.lookup(country, postal_code) };
  };

  r.get('/api/postal-codes/:country/:postal_code', { preValidation: requireVerified, schema: { params } }, async (request, reply) =>
    answer(request.params, reply),
  );

  // Visitors of the public quote page look codes up too: per address, so it is no free bulk API.
  r.get('/api/public/postal-codes/:country/:postal_code', { schema: { params } }, async (request, reply) => {
    await ctx.throttle.enforce(`public-postal:${request.ip}`, PUBLIC_LOOKUPS_PER_MINUTE, 60);
    return answer(request.params, reply);
  });
}
