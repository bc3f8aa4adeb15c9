import { type AddressBookEntryValues, ebayLinkRequest, ebayOrderQuery, ebayQuotedRequest } from '@freight/contracts';
import { type Currency, customerCan } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { DEMO_SELLER } from '../../db/seed-ebay';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { pageMeta } from '../../paging';
import { requestLanguage } from '../../plugins/errors';
import { customer, customerRoute } from '../../plugins/guards';
import { hmac } from '../../security/tokens';
import { postalDataVerifier } from '../addresses/addresses.service';
import { presentQuote, quoteOwner, quotesService } from '../quotes/quotes.service';
import { EBAY_ENDPOINTS, type EbayEndpoints, ebayClient } from './ebay.client';
import { ebayNotificationRoutes } from './ebay.notifications';
import { presentOrder, presentStore } from './ebay.presenter';
import { ebayRepository } from './ebay.repository';
import { ebayService, SYNC_JOB } from './ebay.service';
import { ebaySimulator, simulatorRefreshToken } from './ebay.simulator';

const idParams = z.object({ id: z.string().max(64) });
const checked = (id: string) => {
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};
export const EBAY_SIMULATOR_PREFIX = '/ebay-sim';

/** Which eBay to talk to: eBay itself with the app's keys, or the simulator (mounted here unless it runs elsewhere). */
async function endpointsFor(app: FastifyInstance, ctx: AppContext): Promise<EbayEndpoints | null> {
  const c = ctx.config;
  if (c.ebayEnv === 'sandbox' || c.ebayEnv === 'production') {
    return { ...EBAY_ENDPOINTS[c.ebayEnv], clientId: c.EBAY_CLIENT_ID!, clientSecret: c.EBAY_CLIENT_SECRET!, ruName: c.EBAY_RU_NAME! };
  }
  if (c.ebayEnv !== 'simulator') return null;
  let root = c.EBAY_SIMULATOR_URL?.replace(/\/$/, '');
  if (!root) {
    root = `${c.appUrl}${EBAY_SIMULATOR_PREFIX}`;
    await app.register(
      (scope) =>
        ebaySimulator(scope, {
          secret: simulatorSecret(ctx.appKey),
          callbackUrl: `${c.appUrl}/api/ebay/callback`,
          now: ctx.now,
          orderMinutes: c.EBAY_SIM_ORDER_MINUTES,
        }).then(() => undefined),
      { prefix: EBAY_SIMULATOR_PREFIX },
    );
  }
  return {
    authUrl: root,
    apiUrl: root,
    identityUrl: root,
    clientId: 'freight-portal-sim',
    clientSecret: 'simulator',
    ruName: 'Freight_Portal-sim',
  };
}

/** The deletion endpoint's verification token where none is configured (the simulator). */
export const simulatorVerificationToken = (appKey: string) => hmac(appKey, 'ebay-verification-token').slice(0, 48);

/** The simulator's signing key, derived from APP_KEY (tests pass the same to a simulator of their own). */
export const simulatorSecret = (appKey: string) => `ebay-simulator:${appKey}`;

/**
 * eBay orders: a customer connects stores through eBay's consent, the orders sync on a
 * schedule and on demand, an order fills the quote form, and its booking's tracking goes back to
 * eBay. Every record is the caller's account's.
 */
export async function ebayRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = await endpointsFor(app, ctx);
  if (!endpoints) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const client = ebayClient(endpoints);
  const service = ebayService(ctx, client);
  await ebayNotificationRoutes(app, ctx, client, ctx.config.EBAY_VERIFICATION_TOKEN ?? simulatorVerificationToken(ctx.appKey));
  const { repo } = service;
  const caller = (request: FastifyRequest) => customer(request);
  /** Reading the stores and orders; quoting, shipping and keeping the stores. */
  const viewing = customerRoute('ebay.view');
  const shipping = customerRoute('ebay.ship');

  r.get('/api/ebay/stores', viewing, async (request) => {
    const { account } = caller(request);
    const now = ctx.now();
    return { data: (await repo.stores(account.id)).map((s) => presentStore(s, now)) };
  });

  /** Starts the consent: the browser goes to eBay, which sends it back to /api/ebay/callback. */
  r.post('/api/ebay/connect', shipping, async (request) => {
    const { user, account } = caller(request);
    return { data: { url: service.consentUrl(account.id, user.id) } };
  });

  r.get(
    '/api/ebay/callback',
    {
      schema: {
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(500).default(''),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth?.account) return reply.redirect('/login?redirect=%2Forders%2Febay', 302);
      // A browser coming back from eBay's page: a role that may not connect stores is told on the orders page.
      if (!customerCan(auth.user.accountRole, 'ebay.ship')) return reply.redirect('/orders/ebay?connect=failed', 302);
      const q = request.query;
      if (!q.code) return reply.redirect('/orders/ebay?connect=declined', 302);
      try {
        await service.connect(auth.account.id, auth.user.id, q.state, q.code);
        return reply.redirect('/orders/ebay?connect=ok', 302);
      } catch (error) {
        request.log.warn({ err: error instanceof Error ? error.message : error }, 'eBay consent failed');
        return reply.redirect('/orders/ebay?connect=failed', 302);
      }
    },
  );

  r.post('/api/ebay/stores/:id/sync', { ...shipping, schema: { params: idParams } }, async (request) => {
    const { account } = caller(request);
    const store = await repo.store(checked(request.params.id));
    if (!store || store.accountId !== account.id) throw AppError.notFound();
    await service.sync(store.id);
    return { data: presentStore((await repo.store(store.id))!, ctx.now()) };
  });

  r.delete('/api/ebay/stores/:id', { ...shipping, schema: { params: idParams } }, async (request, reply) => {
    await service.disconnect(caller(request).account.id, checked(request.params.id));
    return reply.code(204).send();
  });

  r.get('/api/ebay/orders', { ...viewing, schema: { querystring: ebayOrderQuery } }, async (request) => {
    const { account } = caller(request);
    const q = request.query;
    const { rows, total, capped } = await repo.page(account.id, {
      status: q.status,
      store: q.store,
      q: q.q,
      page: q.page,
      perPage: q.per_page,
    });
    return { data: rows.map(presentOrder), meta: pageMeta(total, q.page, q.per_page, capped) };
  });

  r.get('/api/ebay/orders/:id', { ...viewing, schema: { params: idParams } }, async (request) => {
    const found = await repo.order(checked(request.params.id), caller(request).account.id);
    if (!found) throw AppError.notFound();
    return { data: presentOrder(found) };
  });

  /** The quote form's fill; `with` names more orders of the same buyer and address to ship together. */
  const shipToVerifier = postalDataVerifier();
  const withQuery = z.object({ with: z.string().max(2000).optional() });
  const withIds = (q: { with?: string }) => (q.with ?? '').split(',').filter(Boolean);
  r.get('/api/ebay/orders/:id/quote-input', { ...shipping, schema: { params: idParams, querystring: withQuery } }, async (request) => {
    const input = await service.quoteInput(caller(request).account.id, checked(request.params.id), withIds(request.query));
    const to = input.ship_to;
    const check = await shipToVerifier.verify({
      postal_code: to.postal_code,
      country: to.country,
      state: to.state,
      city: to.city,
    } as AddressBookEntryValues);
    return { data: { ...input, ship_to_verified: check.verified } };
  });

  /** An order whose items fit parcel and LTL: the cheapest rate of each, for the seller to choose. */
  const quotes = quotesService(ctx);
  r.get('/api/ebay/orders/:id/mode-rates', { ...shipping, schema: { params: idParams, querystring: withQuery } }, async (request) => {
    const signedIn = caller(request);
    const owner = quoteOwner(signedIn);
    const rates = await service.modeRates(
      owner,
      signedIn.settings.currency as Currency,
      checked(request.params.id),
      withIds(request.query),
      (input) => quotes.rateFor(owner, input),
    );
    return { data: rates };
  });

  /** The order was quoted: answers the quote, now carrying the order's places for the booking form. */
  r.post('/api/ebay/orders/:id/quote', { ...shipping, schema: { params: idParams, body: ebayQuotedRequest } }, async (request) => {
    const quote = await service.quoted(caller(request).account.id, checked(request.params.id), request.body.quote_id);
    return { data: presentQuote(quote, requestLanguage(request)) };
  });

  r.post('/api/ebay/orders/:id/shipment', { ...shipping, schema: { params: idParams, body: ebayLinkRequest } }, async (request) => {
    const { account } = caller(request);
    const id = checked(request.params.id);
    await service.link(account.id, id, request.body.shipment_id);
    return { data: presentOrder((await repo.order(id, account.id))!) };
  });

  r.post('/api/ebay/orders/:id/retry-fulfillment', { ...shipping, schema: { params: idParams } }, async (request, reply) => {
    await service.retryFulfillment(caller(request).account.id, checked(request.params.id));
    return reply.code(202).send();
  });

  // The demo store of the embedded default has no tokens in its seed: it gets a refresh token the
  // simulator accepts, once, here (the seed does not know the simulator's key).
  if (ctx.config.ebayEnv === 'simulator') await adoptDemoStores(ctx, service.sealToken);
}

async function adoptDemoStores(ctx: AppContext, seal: (token: string) => string) {
  const stores = ebayRepository(ctx.db);
  for (const store of await stores.storesWithoutToken(DEMO_SELLER)) {
    const token = simulatorRefreshToken(simulatorSecret(ctx.appKey), DEMO_SELLER, ctx.now());
    await stores.updateStore(store.id, { refreshTokenEnc: seal(token.value), refreshExpiresAt: token.expiresAt, nextSyncAt: ctx.now() });
    await ctx.jobs.schedule(SYNC_JOB, store.id, ctx.now(), { storeId: store.id });
  }
}
