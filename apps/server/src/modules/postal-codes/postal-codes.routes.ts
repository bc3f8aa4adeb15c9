import { COUNTRIES } from '@freight/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireVerified } from '../../plugins/guards';
import { postalCodesService } from './postal-codes.service';

const params = z.object({
  country: z
    .string()
    .toUpperCase()
    .pipe(z.enum(COUNTRIES, { error: 'validation.choice' })),
  postal_code: z.string().max(16, { error: 'validation.too_long' }),
});

/** The reference data changes only with a release; the browser may reuse an answer for an hour. */
const CACHE_CONTROL = 'private, max-age=3600';

/**
 * GET /api/postal-codes/:country/:postal_code, called as the user types a postal code (debounced):
 * any signed-in, verified user (staff too: it is public reference data), no database query.
 */
export async function postalCodesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = postalCodesService();

  r.get('/api/postal-codes/:country/:postal_code', { preValidation: requireVerified, schema: { params } }, async (request, reply) => {
    const place = service.lookup(request.params.country, request.params.postal_code);
    reply.header('cache-control', CACHE_CONTROL);
    return { data: place };
  });
}
