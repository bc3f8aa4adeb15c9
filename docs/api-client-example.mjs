#!/usr/bin/env node
/**
 * Freight Portal API: a partner's first program (Node 20 or later, no dependencies).
 *
 *   CLIENT_ID=fpc_... CLIENT_SECRET=fpcs_... [BASE_URL=http://127.0.0.1:3000] [ACCOUNT_ID=<uuid>] \
 *     [OUT_DIR=.] node docs/api-client-example.mjs
 *
 * Gets a token, rates an LTL shipment (Chicago to Dallas, two pallets), books the cheapest rate
 * with an Idempotency-Key (and shows that a retry answers the same shipment), reads the shipment
 * and its tracking events, and saves its bill of lading as a PDF. The credential needs the scopes
 * quotes:write, shipments:write, shipments:read, tracking:read and documents:read. A partner's
 * credential names the account it acts for in ACCOUNT_ID (the Account-Id header); an account's
 * own credential needs none. The reference is at BASE_URL/api/docs.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const { CLIENT_ID, CLIENT_SECRET, ACCOUNT_ID } = process.env;
const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const OUT_DIR = process.env.OUT_DIR ?? '.';
if (!CLIENT_ID || !CLIENT_SECRET) {
  console.error('Set CLIENT_ID and CLIENT_SECRET (Settings > API & webhooks, or Admin > OAuth Credentials).');
  process.exit(2);
}

class ApiError extends Error {
  constructor(method, path, status, body) {
    super(`${method} ${path}: ${status} ${JSON.stringify(body)}`);
    this.status = status;
    this.body = body;
  }
}

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** POST /oauth/token: the client credentials grant, the credentials sent as HTTP Basic. */
async function getToken() {
  const basic = Buffer.from(`${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`).toString('base64');
  const res = await fetch(`${BASE_URL}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  });
  const body = await res.json();
  if (!res.ok) throw new ApiError('POST', '/oauth/token', res.status, body);
  return body;
}

let token = await getToken();
console.log(`Token for scopes: ${token.scope} (valid ${token.expires_in} s)`);

/**
 * One API call. A 429 waits the Retry-After seconds and tries again; a 401 (the hour-long token
 * expired) gets a new token once. Answers the parsed JSON, or the bytes of a PDF.
 */
async function call(method, path, { body, headers = {} } = {}) {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${BASE_URL}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token.access_token}`,
        accept: 'application/json, application/pdf',
        ...(ACCOUNT_ID ? { 'account-id': ACCOUNT_ID } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status === 429 && attempt <= 5) {
      const wait = Number(res.headers.get('retry-after') ?? 1);
      console.log(`  rate limited: waiting ${wait} s (RateLimit-Limit ${res.headers.get('ratelimit-limit')})`);
      await sleep(wait);
      continue;
    }
    if (res.status === 401 && attempt === 1) {
      token = await getToken();
      continue;
    }
    if (res.headers.get('content-type')?.startsWith('application/pdf')) {
      if (!res.ok) throw new ApiError(method, path, res.status, '');
      return Buffer.from(await res.arrayBuffer());
    }
    const parsed = res.status === 204 ? null : await res.json();
    if (!res.ok) throw new ApiError(method, path, res.status, parsed);
    return parsed;
  }
}

/** Weekdays from `ahead` days on: a pickup date must be a business day (holidays quote no rates). */
function* pickupDates(ahead = 3) {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + ahead);
  for (;;) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) yield day.toISOString().slice(0, 10);
    day.setUTCDate(day.getUTCDate() + 1);
  }
}

// 1. Rate: every carrier's price for the shipment.
let quote;
const dates = pickupDates();
for (let tries = 0; tries < 5 && !quote?.rates.length; tries++) {
  const { data } = await call('POST', '/quotes', {
    body: {
      mode: 'ltl',
      pickup_date: dates.next().value,
      origin: { postal_code: '60606', country: 'US', site_type: 'business' },
      destination: { postal_code: '75201', country: 'US', site_type: 'business' },
      items: [{ package_type: 'pallets', quantity: 2, length: 48, width: 40, height: 48, weight: 400, stackable: true }],
      accessorials: [],
      insured_value: 2500,
    },
  });
  quote = data;
}
if (!quote?.rates.length) throw new Error(`No rates: ${JSON.stringify(quote?.messages ?? quote)}`);
const cheapest = quote.rates.reduce((a, b) => (b.total_cents < a.total_cents ? b : a));
const dollars = (cents) => `$${(cents / 100).toFixed(2)}`;
console.log(`Quote ${quote.id} for pickup ${quote.inputs.pickup_date}: ${quote.rates.length} rates`);
console.log(`  cheapest: ${cheapest.carrier_name} (${cheapest.scac}) ${dollars(cheapest.total_cents)}, ${cheapest.transit_days} days`);

// 2. Book it. The Idempotency-Key makes a retry safe: the same key and body answer the same shipment.
const booking = {
  quote_id: quote.id,
  rate_id: cheapest.id,
  pickup: {
    company: 'Acme Chicago Dock',
    first_name: 'Ann',
    last_name: 'Lee',
    email: 'ann.lee@acme.example',
    phone: '(312) 555-0101',
    street1: '233 S Wacker Dr',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60606',
    country: 'US',
  },
  delivery: {
    company: 'Dallas Receiving LLC',
    first_name: 'Raul',
    last_name: 'Ortiz',
    email: 'raul@dallas-receiving.example',
    phone: '(214) 555-0177',
    street1: '2200 Ross Ave',
    city: 'Dallas',
    state: 'TX',
    postal_code: '75201',
    country: 'US',
  },
  pickup_date: quote.inputs.pickup_date,
  ready_time: '09:00',
  close_time: '17:00',
  residential_or_liftgate: false,
  reference_type: 'po_number',
  reference_number: 'PO-4471',
  disclaimer_accepted: true,
};
const idempotencyKey = randomUUID();
const { data: booked } = await call('POST', '/shipments', { body: booking, headers: { 'idempotency-key': idempotencyKey } });
console.log(`Booked shipment ${booked.id}: BOL ${booked.bol_number}, ${booked.carrier_name}, ${dollars(booked.total_cents)}`);
const { data: retried } = await call('POST', '/shipments', { body: booking, headers: { 'idempotency-key': idempotencyKey } });
console.log(`  a retry with the same Idempotency-Key answers the same shipment: ${retried.id === booked.id}`);

// 3. Read it back, with its tracking events.
const { data: shipment } = await call('GET', `/shipments/${booked.id}`);
console.log(
  `Shipment ${shipment.bol_number}: ${shipment.status}, pickup ${shipment.pickup_date}, delivery by ${shipment.estimated_delivery}`,
);
const { data: tracking } = await call('GET', `/shipments/${booked.id}/events`);
console.log(`Tracking: ${tracking.status}, ${tracking.events.length} event(s)`);
for (const event of tracking.events) console.log(`  ${event.local_time} ${event.status} ${event.description} ${event.city}`.trimEnd());

// 4. The bill of lading, as PDF.
const pdf = await call('GET', `/shipments/${booked.id}/documents/bol`);
const file = join(OUT_DIR, `bol-${shipment.bol_number}.pdf`);
await writeFile(file, pdf);
console.log(`Saved the bill of lading to ${file} (${pdf.length} bytes)`);
