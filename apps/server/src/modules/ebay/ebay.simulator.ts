import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { DEMO_SELLER } from '../../db/seed-ebay';
import type { EbayApiOrder } from './ebay.client';

/**
 * A stand-in for eBay, speaking the paths and shapes the product calls: the consent
 * page, the token endpoint (code and refresh grants), getOrders with its date filter and paging,
 * and createShippingFulfillment. The embedded default mounts it under /ebay-sim; tests start it on
 * a port of its own; production never has it (config.ts refuses it there).
 *
 * Tokens are signed, not stored, so any process (and the demo seed) can mint and check them.
 * Orders are made up from a clock: one every `orderMinutes` since a fixed epoch, the same ones in
 * every process and across restarts, so demo orders keep arriving. Fulfillments are kept in memory.
 */
export interface SimulatorOptions {
  secret: string;
  /** Where the consent page sends the browser back (the URL eBay would know by the RuName). */
  callbackUrl: string;
  now: () => Date;
  /** A new demo order every this many minutes (default 45). */
  orderMinutes?: number;
  /** How far back orders reach (eBay keeps 90 days; the demo 30). */
  days?: number;
}

const EPOCH = Date.UTC(2026, 0, 1);
const ACCESS_SECONDS = 7200;
const REFRESH_SECONDS = 47_304_000; // 18 months, as eBay's refresh tokens

const CITIES = [
  { city: 'Austin', state: 'TX', zip: '78701' },
  { city: 'Denver', state: 'CO', zip: '80202' },
  { city: 'Columbus', state: 'OH', zip: '43215' },
  { city: 'Sacramento', state: 'CA', zip: '95814' },
  { city: 'Nashville', state: 'TN', zip: '37203' },
  { city: 'Portland', state: 'OR', zip: '97204' },
  { city: 'Raleigh', state: 'NC', zip: '27601' },
  { city: 'Madison', state: 'WI', zip: '53703' },
];
const BUYERS = ['Jordan Lee', 'Priya Shah', 'Marco Ruiz', 'Ellen Park', 'Sam Okafor', 'Lina Haddad', 'Tom Becker', 'Rosa Diaz'];
const ITEMS = [
  { sku: 'GK-12', title: 'Replacement gaskets, set of 12', price: 1899 },
  { sku: 'CH-200', title: 'Office chairs (carton of 2)', price: 21900 },
  { sku: 'KP-36', title: 'Kraft paper roll, 36 in', price: 6400 },
  { sku: 'DG-55', title: 'Industrial degreaser, 55 gal drum', price: 48900 },
  { sku: 'MISC-9', title: 'Vintage tool chest', price: 12500 },
];

/** Carrier codes eBay accepts (a few of its ShippingCarrierCodeType values); any other is refused as eBay refuses it. */
const CARRIER_CODES = ['UPS', 'USPS', 'FedEx', 'DHL', 'Other'];

const sign = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url').slice(0, 32);

/** A small, fixed pseudo-random sequence per order number. */
function pick(k: number, salt: number, n: number) {
  const x = Math.sin(k * 12.9898 + salt * 78.233) * 43758.5453;
  return Math.floor((x - Math.floor(x)) * n);
}

export function simulatedOrder(seller: string, n: number, orderMinutes: number, fulfilledAt?: Date): EbayApiOrder {
  const created = new Date(EPOCH + n * orderMinutes * 60_000);
  // Each seller has orders of its own: the same clock, other buyers, places and items.
  const k = n + [...seller].reduce((sum, c) => sum + c.charCodeAt(0), 0) * 7919;
  const place = CITIES[pick(k, 1, CITIES.length)]!;
  const lines = 1 + pick(k, 2, 2);
  const lineItems = Array.from({ length: lines }, (_, i) => {
    const item = ITEMS[pick(k, 3 + i, i === 0 ? 4 : ITEMS.length)]!;
    return {
      lineItemId: `${10_000_000_000 + k * 10 + i}`,
      sku: item.sku,
      title: item.title,
      quantity: 1 + pick(k, 7 + i, 3),
      price: item.price,
    };
  });
  const total = lineItems.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const canceled = k % 17 === 0;
  const fulfilledOnEbay = k % 11 === 0;
  return {
    orderId: `${String(n).padStart(2, '0')}-${(10_000 + k).toString(36)}-${(k * 7919) % 100_000}`,
    creationDate: created.toISOString(),
    lastModifiedDate: (fulfilledAt ?? created).toISOString(),
    orderFulfillmentStatus: fulfilledAt || fulfilledOnEbay ? 'FULFILLED' : 'NOT_STARTED',
    cancelStatus: { cancelState: canceled ? 'CANCELED' : 'NONE_REQUESTED' },
    buyer: { username: `${BUYERS[pick(k, 4, BUYERS.length)]!.toLowerCase().replace(' ', '_')}_${k % 97}` },
    pricingSummary: { total: { value: (total / 100).toFixed(2), currency: 'USD' } },
    lineItems: lineItems.map(({ price: _price, ...l }) => l),
    fulfillmentStartInstructions: [
      {
        shippingStep: {
          shipTo: {
            fullName: BUYERS[pick(k, 4, BUYERS.length)],
            contactAddress: {
              addressLine1: `${100 + pick(k, 5, 900)} Main St`,
              city: place.city,
              stateOrProvince: place.state,
              postalCode: place.zip,
              countryCode: 'US',
            },
            primaryPhone: { phoneNumber: `512555${String(1000 + pick(k, 6, 9000))}` },
          },
        },
      },
    ],
  };
}

/** The simulator's routes on `app` (under the caller's prefix). */
export async function ebaySimulator(app: FastifyInstance, opts: SimulatorOptions) {
  const orderMinutes = opts.orderMinutes ?? 45;
  const days = opts.days ?? 30;
  const fulfillments = new Map<string, { id: string; at: Date; carrier: string; tracking: string }>();
  const revoked = new Set<string>();
  /** Failures the tests ask for, per operation: the next `count` calls answer `status`. */
  const failNext = new Map<'orders' | 'fulfillment', { count: number; status: number }>();
  const failing = (op: 'orders' | 'fulfillment') => {
    const f = failNext.get(op);
    if (!f || f.count <= 0) return null;
    f.count--;
    return f.status;
  };
  const machine = { config: { csrf: false } };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const mint = (kind: 'code' | 'at' | 'rt', seller: string, seconds: number) => mintToken(opts.secret, kind, seller, seconds, opts.now());
  /** The seller of a valid token of `kind`, or null. */
  const check = (token: unknown, kind: 'code' | 'at' | 'rt') => {
    if (typeof token !== 'string') return null;
    const [prefix, seller, exp, sig] = token.split('.');
    if (prefix !== `sim-${kind}` || !seller || !exp || !sig) return null;
    if (sign(opts.secret, `${prefix}.${seller}.${exp}`) !== sig || Number(exp) * 1000 < opts.now().getTime() || revoked.has(token))
      return null;
    return Buffer.from(seller, 'base64url').toString('utf8');
  };
  const ebayErrors = (reply: FastifyReply, status: number, errorId: number, message: string) =>
    reply.code(status).send({ errors: [{ errorId, domain: 'API_FULFILLMENT', category: 'REQUEST', message }] });
  /** The form or JSON body, `{}` when there is none or it is not an object (a null body is not a crash). */
  const bodyOf = <T>(request: FastifyRequest) =>
    (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}) as Partial<T>;
  const sellerOf = (request: FastifyRequest) => check((request.headers.authorization ?? '').replace(/^Bearer /, ''), 'at');

  const consentPage = (
    q: Record<string, string>,
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>eBay (simulator): grant access</title></head>
<body style="font-family: sans-serif; max-width: 32rem; margin: 3rem auto">
<h1>eBay simulator</h1><p>Freight Portal asks to read your orders and add tracking to them (Sell Fulfillment).</p>
<form method="post" action="authorize">
<label>eBay user <input name="seller" value="${DEMO_SELLER}" pattern="[a-z0-9_-]{3,40}" required></label>
${['state', 'redirect_uri', 'client_id']
  .map((k) => `<input type="hidden" name="${k}" value="${(q[k] ?? '').replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}">`)
  .join('')}
<p><button name="decision" value="agree">Agree and continue</button> <button name="decision" value="decline">Decline</button></p>
</form></body></html>`;

  app.get('/oauth2/authorize', async (request, reply) =>
    reply.header('content-type', 'text/html; charset=utf-8').send(consentPage(request.query as Record<string, string>)),
  );

  app.post('/oauth2/authorize', machine, async (request, reply) => {
    const form = bodyOf<Record<string, string>>(request);
    const back = new URL(opts.callbackUrl);
    back.searchParams.set('state', String(form.state ?? ''));
    const seller = typeof form.seller === 'string' ? form.seller : '';
    if (form.decision === 'agree' && /^[a-z0-9_-]{3,40}$/.test(seller)) back.searchParams.set('code', mint('code', seller, 300));
    else back.searchParams.set('error', 'access_denied');
    return reply.redirect(back.toString(), 302);
  });

  app.post('/identity/v1/oauth2/token', machine, async (request, reply) => {
    const form = bodyOf<Record<string, string>>(request);
    if (!(request.headers.authorization ?? '').startsWith('Basic ')) return reply.code(401).send({ error: 'invalid_client' });
    if (form.grant_type === 'client_credentials')
      return { access_token: mint('at', '@app', ACCESS_SECONDS), expires_in: ACCESS_SECONDS, token_type: 'Application Access Token' };
    const seller =
      form.grant_type === 'authorization_code'
        ? check(form.code ?? '', 'code')
        : form.grant_type === 'refresh_token'
          ? check(form.refresh_token ?? '', 'rt')
          : null;
    if (!seller) return reply.code(400).send({ error: 'invalid_grant', error_description: 'the provided authorization grant is invalid' });
    const access = { access_token: mint('at', seller, ACCESS_SECONDS), expires_in: ACCESS_SECONDS, token_type: 'User Access Token' };
    if (form.grant_type === 'refresh_token') return access;
    return { ...access, refresh_token: mint('rt', seller, REFRESH_SECONDS), refresh_token_expires_in: REFRESH_SECONDS };
  });

  app.get('/commerce/identity/v1/user/', async (request, reply) => {
    const seller = sellerOf(request);
    if (!seller) return ebayErrors(reply, 401, 1001, 'Invalid access token');
    return { userId: sign(opts.secret, seller).slice(0, 12), username: seller, accountType: 'BUSINESS' };
  });

  app.get('/sell/fulfillment/v1/order', async (request, reply) => {
    const seller = sellerOf(request);
    if (!seller) return ebayErrors(reply, 401, 1001, 'Invalid access token');
    const fail = failing('orders');
    if (fail) return ebayErrors(reply, fail, 32000, 'The service is temporarily unavailable');
    const q = request.query as Record<string, string>;
    const from = /lastmodifieddate:\[([^.\]]+\.\d+Z|[^.\]]+)\.\./.exec(q.filter ?? '')?.[1];
    const limit = Math.min(1000, Math.max(1, Number(q.limit ?? 50)));
    const offset = Math.max(0, Number(q.offset ?? 0));
    const now = opts.now().getTime();
    const first = Math.ceil((now - days * 86_400_000 - EPOCH) / (orderMinutes * 60_000));
    const last = Math.floor((now - EPOCH) / (orderMinutes * 60_000));
    const since = from ? Date.parse(from) : 0;
    const orders: EbayApiOrder[] = [];
    for (let k = Math.max(0, first); k <= last; k++) {
      const id = simulatedOrder(seller, k, orderMinutes).orderId;
      const order = simulatedOrder(seller, k, orderMinutes, fulfillments.get(`${seller}/${id}`)?.at);
      if (Date.parse(order.lastModifiedDate) >= since) orders.push(order);
    }
    orders.sort((a, b) => a.lastModifiedDate.localeCompare(b.lastModifiedDate));
    const page = orders.slice(offset, offset + limit);
    const base = `/sell/fulfillment/v1/order?filter=${encodeURIComponent(q.filter ?? '')}&limit=${limit}`;
    return {
      href: `${base}&offset=${offset}`,
      total: orders.length,
      limit,
      offset,
      ...(offset + limit < orders.length ? { next: `${base}&offset=${offset + limit}` } : {}),
      orders: page,
    };
  });

  app.post('/sell/fulfillment/v1/order/:orderId/shipping_fulfillment', machine, async (request, reply) => {
    const seller = sellerOf(request);
    if (!seller) return ebayErrors(reply, 401, 1001, 'Invalid access token');
    const fail = failing('fulfillment');
    if (fail) return ebayErrors(reply, fail, 32000, 'The service is temporarily unavailable');
    const { orderId } = request.params as { orderId: string };
    const body = bodyOf<{ trackingNumber: string; lineItems: unknown[]; shippingCarrierCode: string }>(request);
    if (!body?.trackingNumber || !Array.isArray(body.lineItems) || body.lineItems.length === 0)
      return ebayErrors(reply, 400, 32100, 'Invalid input: trackingNumber and lineItems are required');
    if (!CARRIER_CODES.includes(String(body.shippingCarrierCode)))
      return ebayErrors(reply, 400, 32100, 'Invalid input: shippingCarrierCode is not an eBay carrier code');
    const key = `${seller}/${orderId}`;
    if (fulfillments.has(key)) return ebayErrors(reply, 409, 32500, 'The order is already fulfilled');
    const id = `${Date.now().toString(36)}${fulfillments.size}`;
    fulfillments.set(key, { id, at: opts.now(), carrier: String(body.shippingCarrierCode), tracking: body.trackingNumber });
    return reply.code(201).header('location', `/sell/fulfillment/v1/order/${orderId}/shipping_fulfillment/${id}`).send();
  });

  // Notifications (Marketplace Account Deletion) are signed as eBay signs them: ECDSA over the body,
  // the key named by `kid` and served by the Notification API's getPublicKey.
  const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const KID = 'sim-key-1';
  app.get('/commerce/notification/v1/public_key/:kid', async (request, reply) => {
    if (check((request.headers.authorization ?? '').replace(/^Bearer /, ''), 'at') !== '@app')
      return ebayErrors(reply, 401, 1001, 'Invalid access token');
    if ((request.params as { kid: string }).kid !== KID) return ebayErrors(reply, 404, 195000, 'Resource not found');
    return { key: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(), algorithm: 'ECDSA', digest: 'SHA1' };
  });
  /** A signed account-deletion notification of `username`, as eBay would post it (tests send it on). */
  app.post('/sim/deletion-notification', machine, async (request, reply) => {
    const { username } = bodyOf<{ username: string }>(request);
    if (typeof username !== 'string' || !username) return ebayErrors(reply, 400, 32100, 'Invalid input: username is required');
    const body = JSON.stringify({
      metadata: { topic: 'MARKETPLACE_ACCOUNT_DELETION', schemaVersion: '1.0', deprecated: false },
      notification: {
        notificationId: `${Date.now().toString(36)}-sim`,
        eventDate: opts.now().toISOString(),
        publishDate: opts.now().toISOString(),
        publishAttemptCount: 1,
        data: { username, userId: sign(opts.secret, username).slice(0, 12), eiasToken: 'sim' },
      },
    });
    const signature = createSign('SHA1').update(body).sign(keys.privateKey).toString('base64');
    const header = Buffer.from(JSON.stringify({ alg: 'ECDSA', kid: KID, signature, digest: 'SHA1' })).toString('base64');
    return { body, signature: header };
  });

  /** What a fulfillment was written with (tests read it back; eBay's getShippingFulfillments in short). */
  app.get('/sim/fulfillments/:seller/:orderId', async (request, reply) => {
    const { seller, orderId } = request.params as { seller: string; orderId: string };
    const found = fulfillments.get(`${seller}/${orderId}`);
    if (!found) return ebayErrors(reply, 404, 32200, 'No fulfillment for this order');
    return { fulfillmentId: found.id, shippingCarrierCode: found.carrier, shipmentTrackingNumber: found.tracking };
  });

  /** Test controls: revoke a refresh token (the seller withdrew consent), fail the next fulfillments. */
  app.post('/sim/revoke', machine, async (request) => {
    revoked.add(String(bodyOf<{ token: string }>(request).token ?? ''));
    return { ok: true };
  });
  app.post('/sim/fail', machine, async (request) => {
    const body = bodyOf<{ operation: 'orders' | 'fulfillment'; count: number; status: number }>(request);
    // A status eBay could answer (4xx or 5xx), else 503: reply.code() throws on anything else.
    const status = Number(body.status ?? 503);
    failNext.set(body.operation === 'orders' ? 'orders' : 'fulfillment', {
      count: Number(body.count ?? 1),
      status: Number.isInteger(status) && status >= 400 && status <= 599 ? status : 503,
    });
    return { ok: true };
  });
}

/** A token the simulator signed (and accepts until it expires). */
function mintToken(secret: string, kind: 'code' | 'at' | 'rt', seller: string, seconds: number, now: Date) {
  const exp = Math.floor(now.getTime() / 1000) + seconds;
  const body = `sim-${kind}.${Buffer.from(seller).toString('base64url')}.${exp}`;
  return `${body}.${sign(secret, body)}`;
}

/** A refresh token of the simulator for `seller`: the demo store's, minted without a consent. */
export function simulatorRefreshToken(secret: string, seller: string, now: Date) {
  return { value: mintToken(secret, 'rt', seller, REFRESH_SECONDS, now), expiresAt: new Date(now.getTime() + REFRESH_SECONDS * 1000) };
}

/** The simulator on a port of its own (tests and benches): `url` is its root. */
export async function startEbaySimulator(opts: Omit<SimulatorOptions, 'callbackUrl'> & { callbackUrl?: string }) {
  const app = Fastify({ logger: false });
  await ebaySimulator(app, { callbackUrl: 'http://127.0.0.1/api/ebay/callback', ...opts });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, app, close: () => app.close() };
}
