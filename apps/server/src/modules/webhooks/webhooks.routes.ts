import { webhookRequest } from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { DEMO_WEBHOOK_UNSEALED } from '../../db/seed-webhooks';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { adminPage, customer, requirePermission, signedIn } from '../../plugins/guards';
import { type AuditActor, auditActor } from '../audit/audit';
import { integrationPartnersRepository } from '../integration-partners/integration-partners.service';
import { webhookReceiver } from './receiver-simulator';
import { webhookDelivery } from './webhook-delivery';
import { newWebhookSecret, webhookSecretBox } from './webhook-signing';
import { type WebhookOwner, webhooksRepository } from './webhooks.repository';
import { webhooksService } from './webhooks.service';

const params = z.object({
  id: z.string().max(64).optional(),
  webhookId: z.string().max(64).optional(),
  delivery: z.string().max(20).optional(),
});
type Params = z.infer<typeof params>;

/** One kind of owner's routes: where they are, which path parameter names the subscription, who may, whose. */
interface OwnerRoutes {
  base: string;
  item: 'id' | 'webhookId';
  door: (request: FastifyRequest) => Promise<void>;
  owner: (request: FastifyRequest, p: Params) => Promise<WebhookOwner>;
  /** Staff writes are audited; an account's own are not. */
  actor: (request: FastifyRequest) => AuditActor | null;
}

/** A delivery id from the path: digits, else no such delivery. */
function deliveryId(value: string | undefined) {
  if (!value || !/^\d{1,15}$/.test(value)) throw AppError.notFound();
  return Number(value);
}

export const DEMO_RECEIVER_PREFIX = '/webhook-sim';

/**
 * Webhooks:
 * - /api/webhooks...: an account's subscriptions, for its admin (Settings) and, through the
 *   /api/v1 door, its program with webhooks:manage (partner-api/api-routes.ts); create answers
 *   201 with the secret shown once, rotate-secret a new one (the old signs along for 24 hours),
 *   deliveries the newest 100, replay 201 with the new delivery.
 * - /api/admin/integration-partners/:id/webhooks...: a partner's subscriptions (they hear every
 *   account granted to the partner), for staff with the Integration Partners page; audited.
 * - the delivery jobs (webhook-delivery.ts), and outside production a demo receiver at
 *   /webhook-sim/receive that the demo shipper's seeded subscription points at.
 */
export async function webhooksRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = webhooksService(ctx);
  await webhookDelivery(ctx).register();

  /** The routes of one kind of owner: an account's (under /api/webhooks) or a partner's (staff). */
  function ownerRoutes(o: OwnerRoutes) {
    const door = { preValidation: o.door, schema: { params } };
    const withBody = { ...door, schema: { params, body: webhookRequest } };
    const item = `${o.base}/:${o.item}`;
    const sub = (p: Params) => p[o.item] ?? '';
    r.get(o.base, door, async (request) => ({ data: await service.list(await o.owner(request, request.params)) }));
    r.post(o.base, withBody, async (request, reply) => {
      const owner = await o.owner(request, request.params);
      return reply.code(201).send({ data: await service.create(owner, signedIn(request).user.id, request.body, o.actor(request)) });
    });
    r.put(item, withBody, async (request) => ({
      data: await service.update(await o.owner(request, request.params), sub(request.params), request.body, o.actor(request)),
    }));
    r.delete(item, door, async (request, reply) => {
      await service.remove(await o.owner(request, request.params), sub(request.params), o.actor(request));
      return reply.code(204).send();
    });
    r.post(`${item}/rotate-secret`, door, async (request) => ({
      data: await service.rotate(await o.owner(request, request.params), sub(request.params), o.actor(request)),
    }));
    r.get(`${item}/deliveries`, door, async (request) => ({
      data: await service.deliveries(await o.owner(request, request.params), sub(request.params)),
    }));
    r.post(`${item}/deliveries/:delivery/replay`, door, async (request, reply) => {
      const owner = await o.owner(request, request.params);
      const replayed = await service.replay(owner, sub(request.params), deliveryId(request.params.delivery), o.actor(request));
      return reply.code(201).send({ data: replayed });
    });
  }

  ownerRoutes({
    base: '/api/webhooks',
    item: 'id',
    door: requirePermission('account.manage'),
    owner: async (request) => ({ accountId: customer(request).account.id }),
    actor: () => null,
  });

  const partners = integrationPartnersRepository(ctx.db);
  ownerRoutes({
    base: '/api/admin/integration-partners/:id/webhooks',
    item: 'webhookId',
    door: adminPage('integrationPartners'),
    owner: async (_request, p) => {
      if (!p.id || !isUuid(p.id) || !(await partners.find(p.id))) throw AppError.notFound();
      return { partnerId: p.id };
    },
    actor: auditActor,
  });

  if (ctx.config.NODE_ENV !== 'production') await mountDemoReceiver(app, ctx);
}

/**
 * The demo receiver of the embedded default: it accepts what any subscription pointing at it
 * (a query string of its own allowed, to tell them apart) signs; their secrets are read from the
 * database per message. The seeded subscription gets its
 * address and a sealed secret here, once: the seed knows neither APP_URL nor APP_KEY.
 */
async function mountDemoReceiver(app: FastifyInstance, ctx: AppContext) {
  const url = `${ctx.config.appUrl}${DEMO_RECEIVER_PREFIX}/receive`;
  const secrets = webhookSecretBox(ctx.appKey);
  const repo = webhooksRepository(ctx.db);
  await repo.adopt(DEMO_WEBHOOK_UNSEALED, url, secrets.seal(newWebhookSecret()));
  const receiver = webhookReceiver({
    now: ctx.now,
    keep: 1000,
    async secrets() {
      return (await repo.enabledAt(url)).flatMap((s) => {
        try {
          return secrets.active(s, ctx.now());
        } catch {
          return []; // a secret sealed under another APP_KEY signs nothing here
        }
      });
    },
  });
  await app.register(receiver.routes, { prefix: DEMO_RECEIVER_PREFIX });
}
