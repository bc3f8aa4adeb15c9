import { consigneeAlertSubscribeRequest, consigneeAlertTokenRequest } from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../plugins/errors';
import { consigneeAlertsService } from './consignee-alerts.service';

/** Subscribe requests per client address in WINDOW_SECONDS (a person asks once or twice). */
export const SUBSCRIBES_PER_ADDRESS_WINDOW = 10;
/** Confirm and unsubscribe links opened per client address in WINDOW_SECONDS. */
export const LINKS_PER_ADDRESS_WINDOW = 30;
const WINDOW_SECONDS = 600;

const numberParams = z.object({ number: z.string().max(100) });

/**
 * Consignee alerts (docs/consignee-alerts.md), public: no session needed, CSRF as for every unsafe
 * call, each limited per client address (counted before the body is read, so bad bodies count).
 * - POST /api/public/tracking/:number/alert-subscriptions {email, language?}: 202 {data: {status:
 *   'pending'}} whether or not the address was subscribed; 404 unknown number; 422 a bad address,
 *   a delivered or canceled shipment, or one with the most subscribers; 429 past a limit.
 * - POST /api/public/alert-subscriptions/confirm {token}: the mailed link's token; 200 {data: {status, number}}.
 * - POST /api/public/alert-subscriptions/unsubscribe {token}: the alert mails' link; 200 {data: {status, number}}.
 */
export async function consigneeAlertsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = consigneeAlertsService(ctx);
  const limit = (name: string, max: number) => async (request: FastifyRequest) => {
    await ctx.throttle.enforce(`${name}:${request.ip}`, max, WINDOW_SECONDS);
  };

  r.post(
    '/api/public/tracking/:number/alert-subscriptions',
    {
      preValidation: limit('consignee-alerts', SUBSCRIBES_PER_ADDRESS_WINDOW),
      schema: { params: numberParams, body: consigneeAlertSubscribeRequest },
    },
    async (request, reply) => {
      await service.subscribe(request.params.number, request.body.email, request.body.language ?? requestLanguage(request));
      return reply
        .code(202)
        .header('cache-control', 'no-store')
        .send({ data: { status: 'pending' } });
    },
  );

  const links = { preValidation: limit('consignee-alert-links', LINKS_PER_ADDRESS_WINDOW), schema: { body: consigneeAlertTokenRequest } };
  r.post('/api/public/alert-subscriptions/confirm', links, async (request, reply) =>
    reply.header('cache-control', 'no-store').send({ data: await service.confirm(request.body.token) }),
  );
  r.post('/api/public/alert-subscriptions/unsubscribe', links, async (request, reply) =>
    reply.header('cache-control', 'no-store').send({ data: await service.unsubscribe(request.body.token) }),
  );
}
