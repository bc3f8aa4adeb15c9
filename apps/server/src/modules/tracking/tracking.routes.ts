import { trackingEventsIn } from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { registerTrackingPoll } from './poll';
import { trackingService } from './tracking.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request body's bytes as received (signed carrier posts). */
    rawBody?: Buffer;
    /** The carriers whose tracking secret signed the post (set by the signature check). */
    trackingCarrierIds?: string[];
  }
}

const scacParams = z.object({ scac: z.string().max(8) });
const numberParams = z.object({ number: z.string().max(100) });

/** A post's largest body: a few delivered events with their scanned receipts (POD_DOCUMENT_MAX_BYTES each, as base64). */
export const TRACKING_BODY_LIMIT = 4 * 1024 * 1024;

/** A body the carrier's JSON parser could not read: refused after the signature check (400). */
const UNREADABLE = Symbol('unreadable');

/**
 * Tracking:
 * - POST /api/carriers/:scac/tracking-events: a carrier's signed events (X-Signature:
 *   'sha256=' + hex HMAC-SHA256 of the raw body with the carrier's tracking secret); no session,
 *   no CSRF token. The SCAC may be an alias (scac-aliases); 202 {data: {accepted, duplicates,
 *   unknown, rejected}}; 404 unknown_scac; 401 bad_signature. Refusals are API incidents. A D1
 *   event may carry its proof of delivery (`pod`: signer, time, exceptions, the scanned receipt as
 *   base64; docs/proof-of-delivery.md); a receipt that is too large or not a PDF, PNG or JPEG
 *   refuses the post (422). The body is at most TRACKING_BODY_LIMIT.
 * - GET /api/public/tracking/:number: the public tracking page's lookup (BOL, PRO or tracking
 *   number), signed in or not; 404 unknown, 429 past the per-address limits.
 * - the 'tracking.poll' job (poll.ts): polling carriers and the demo movement.
 */
export async function trackingRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = trackingService(ctx);

  // Its own scope, so only this route keeps the raw bytes its signature is computed over.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: TRACKING_BODY_LIMIT },
      (request: FastifyRequest, body: Buffer, done) => {
        request.rawBody = body;
        try {
          done(null, body.length ? JSON.parse(body.toString('utf8')) : undefined);
        } catch {
          done(null, UNREADABLE);
        }
      },
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/carriers/:scac/tracking-events',
      {
        config: { csrf: false },
        // The signature before anything about the body is said: a stranger learns nothing.
        preValidation: async (request) => {
          const { scac } = request.params as { scac: string };
          request.trackingCarrierIds = await service.verifySignature(
            scac,
            request.rawBody ?? Buffer.alloc(0),
            request.headers['x-signature'] as string | undefined,
            request.body,
            request.ip,
          );
          if ((request.body as unknown) === UNREADABLE) throw new AppError(400, 'invalid_json', 'errors.invalid_json');
        },
        schema: { params: scacParams, body: trackingEventsIn },
      },
      async (request, reply) => {
        const counts = await service.receive(request.params.scac, request.trackingCarrierIds ?? [], request.body.events);
        return reply.code(202).send({ data: counts });
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/public/tracking/:number', { schema: { params: numberParams } }, async (request, reply) => {
    const view = await service.publicLookup(request.params.number, request.ip);
    // {data: PublicTrackingView}: the view comes as JSON text from the database (tracking.repository.ts).
    return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(`{"data":${view}}`);
  });

  await registerTrackingPoll(ctx, service);
}
