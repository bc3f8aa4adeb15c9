import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, usingPostgres } from '../../test/harness';
import { CHICAGO_DOCK, DALLAS_STORE, insertShipment, setTrackingSecret, signature } from './test-fixtures';
import { LOOKUPS_PER_MINUTE, MISSES_PER_WINDOW } from './tracking.service';

let t: TestApp;
const SECRET = 'fdeg-secret-0123456789abcdef0123456789';

beforeAll(async () => {
  // Each test from its own client address (X-Forwarded-For behind one trusted proxy).
  t = await createTestApp({ TRUST_PROXY: '1' });
  await setTrackingSecret(t.database.db, 'ODFL', SECRET);
});
afterAll(async () => {
  await t.close();
});

let lastIp = 10;
const nextIp = () => `203.0.113.${lastIp++}`;
const lookup = (number: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/public/tracking/${encodeURIComponent(number)}`,
    headers: { 'x-forwarded-for': ip, ...headers },
  });

async function postEvents(events: unknown[]) {
  const raw = JSON.stringify({ events });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/carriers/ODFL/tracking-events',
    headers: { 'content-type': 'application/json', 'x-signature': signature(SECRET, raw) },
    payload: raw,
  });
  expect(res.statusCode).toBe(202);
  await t.app.background.drain();
}

describe('GET /api/public/tracking/:number', () => {
  it('shows status, carrier, dates, cities and events to anyone with the BOL number, newest first with local times', async () => {
    const s = await insertShipment(t.database.db);
    await postEvents([
      {
        bol_number: s.bolNumber,
        status_code: 'XB',
        occurred_at: '2026-11-24T07:30:00-06:00',
        city: 'Chicago',
        state: 'IL',
        description: 'Tender accepted',
      },
      {
        bol_number: s.bolNumber,
        status_code: 'X4',
        occurred_at: '2026-11-25T09:15:00-05:00',
        city: 'Indianapolis',
        state: 'IN',
        description: 'Arrived at terminal',
        reason_code: 'NS',
      },
    ]);
    const res = await lookup(s.bolNumber, nextIp());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      data: {
        number: s.bolNumber,
        status: 'in_transit',
        mode: 'ltl',
        carrier_name: 'Old Dominion Freight Line',
        pickup_date: '2026-11-24',
        estimated_delivery: '2026-11-27',
        delivered_at: null,
        origin: { city: 'Chicago', state: 'IL', country: 'US' },
        destination: { city: 'Dallas', state: 'TX', country: 'US' },
        events: [
          {
            status: 'in_transit',
            status_code: 'X4',
            description: 'Arrived at terminal',
            city: 'Indianapolis',
            state: 'IN',
            occurred_at: '2026-11-25T14:15:00.000Z',
            local_time: '2026-11-25T09:15',
          },
          {
            status: 'dispatched',
            status_code: 'XB',
            description: 'Tender accepted',
            city: 'Chicago',
            state: 'IL',
            occurred_at: '2026-11-24T13:30:00.000Z',
            local_time: '2026-11-24T07:30',
          },
        ],
      },
    });
  });

  it('says nothing about prices, contacts, streets, postal codes or references', async () => {
    const s = await insertShipment(t.database.db);
    const res = await lookup(s.bolNumber, nextIp());
    const body = res.body;
    const data = res.json().data;
    for (const key of [
      'total_cents',
      'charges',
      'currency',
      'pickup',
      'delivery',
      'reference_number',
      'reference_type',
      'notes',
      'items',
      'id',
      'pro_number',
    ]) {
      expect(data).not.toHaveProperty(key);
    }
    expect(Object.keys(data.origin).sort()).toEqual(['city', 'country', 'state']);
    for (const secret of [
      CHICAGO_DOCK.street1,
      DALLAS_STORE.street1,
      CHICAGO_DOCK.email,
      DALLAS_STORE.email,
      CHICAGO_DOCK.phone,
      DALLAS_STORE.phone,
      DALLAS_STORE.first_name,
      DALLAS_STORE.company,
      CHICAGO_DOCK.postal_code,
      'PO-88412',
      '487.31',
      '48731',
      'Call receiving',
    ]) {
      expect(body).not.toContain(secret);
    }
  });

  it('finds a shipment by PRO and a parcel by tracking number, typed with spaces or dashes', async () => {
    const ltl = await insertShipment(t.database.db, { proNumber: '4412345678' });
    const byPro = await lookup(' 441-234-5678 ', nextIp());
    expect(byPro.statusCode).toBe(200);
    expect(byPro.json().data).toMatchObject({ number: '4412345678', carrier_name: 'Old Dominion Freight Line' });

    const parcel = await insertShipment(t.database.db, { mode: 'parcel', trackingNumber: '1Z4X7Y280312345678' });
    const byTracking = await lookup('1z4x 7y28 0312 3456 78', nextIp());
    expect(byTracking.statusCode).toBe(200);
    expect(byTracking.json().data).toMatchObject({ number: '1Z4X7Y280312345678', mode: 'parcel', carrier_name: 'UPS Ground' });
    expect(ltl.id).not.toBe(parcel.id);

    const bolWithDashes = `${ltl.bolNumber.slice(0, 7)}-${ltl.bolNumber.slice(7)}`;
    expect((await lookup(bolWithDashes, nextIp())).json().data.number).toBe(ltl.bolNumber);
  });

  it("prefers a BOL match to another shipment's PRO or tracking number, then the newest shipment", async () => {
    const byBol = await insertShipment(t.database.db, { pickupDate: '2026-11-24' });
    // Another shipment whose PRO happens to be the first one's BOL number.
    await insertShipment(t.database.db, { proNumber: byBol.bolNumber, pickupDate: '2026-12-01' });
    expect((await lookup(byBol.bolNumber, nextIp())).json().data.pickup_date).toBe('2026-11-24');

    // Two shipments share a PRO: the newer one answers.
    await insertShipment(t.database.db, { proNumber: '5550001111', pickupDate: '2026-12-02' });
    await insertShipment(t.database.db, { proNumber: '5550001111', pickupDate: '2026-12-03' });
    expect((await lookup('5550001111', nextIp())).json().data.pickup_date).toBe('2026-12-03');
  });

  it('answers lookups asked at the same moment each with its own shipment, refusal or 404', async () => {
    const [a, b, parcel] = [
      await insertShipment(t.database.db, { pickupDate: '2026-11-24' }),
      await insertShipment(t.database.db, { proNumber: '7770001111', pickupDate: '2026-11-25' }),
      await insertShipment(t.database.db, { mode: 'parcel', trackingNumber: '1Z9Y8X770000000001', pickupDate: '2026-11-26' }),
    ];
    const guesser = nextIp();
    for (let i = 0; i < MISSES_PER_WINDOW; i++) await lookup(`0614141888888${String(i).padStart(4, '0')}`, guesser);
    // Asked together, they reach the database as one statement (tracking.repository.ts).
    const [byBol, byPro, unknown, refused, byTracking, withNul] = await Promise.all([
      lookup(a.bolNumber, nextIp()),
      lookup('777-000-1111', nextIp()),
      lookup('06141418888889999', nextIp()),
      lookup(a.bolNumber, guesser),
      lookup('1Z9Y8X770000000001', nextIp()),
      // A character no number has (PostgreSQL refuses a NUL in text) is an unknown number, and
      // takes no other lookup of the batch down with it.
      lookup(`${a.bolNumber}\u0000`, nextIp()),
    ]);
    expect(byBol.json().data).toMatchObject({ number: a.bolNumber, pickup_date: '2026-11-24' });
    expect(byPro.json().data).toMatchObject({ number: '7770001111', pickup_date: '2026-11-25' });
    expect(b.proNumber).toBe('7770001111');
    expect(unknown.statusCode).toBe(404);
    expect(refused.statusCode).toBe(429);
    expect(byTracking.json().data).toMatchObject({ number: parcel.trackingNumber, mode: 'parcel', pickup_date: '2026-11-26' });
    expect(withNul.statusCode).toBe(404);
  });

  // Two connections at once: PostgreSQL only (PGlite has one).
  it.runIf(usingPostgres())('keeps both events when two transactions add events to one shipment at the same moment', async () => {
    const s = await insertShipment(t.database.db);
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const insert = `insert into shipment_events (shipment_id, source, dedupe_key, status_code, status, city, state, occurred_at)
      values ($1, 'carrier', $2, $3, $4, $5, 'IL', $6)`;
    const [first, second] = [await pool.connect(), await pool.connect()];
    try {
      await first.query('begin');
      await first.query(insert, [s.id, 'race-1', 'XB', 'dispatched', 'Chicago', '2026-11-24T13:00:00Z']);
      await second.query('begin');
      // Waits for the first transaction (the timeline trigger locks the shipment), then sees its event.
      const secondInsert = second.query(insert, [s.id, 'race-2', 'AF', 'in_transit', 'Joliet', '2026-11-24T15:00:00Z']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await first.query('commit');
      await secondInsert;
      await second.query('commit');
    } finally {
      first.release();
      second.release();
    }
    const res = await lookup(s.bolNumber, nextIp());
    expect(res.json().data.events.map((e: { city: string }) => e.city)).toEqual(['Joliet', 'Chicago']);
  });

  it('works signed in too, and answers 404 for an unknown number', async () => {
    const s = await insertShipment(t.database.db, { email: 'other@demo.test' });
    const c = t.client();
    await c.login('shipper@demo.test');
    // Another account's shipment: the public page shows it to anyone with the number.
    const res = await c.request({ method: 'GET', url: `/api/public/tracking/${s.bolNumber}`, headers: { 'x-forwarded-for': nextIp() } });
    expect(res.statusCode).toBe(200);
    const missing = await lookup('06141419999999990', nextIp());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });

  it(`refuses past ${LOOKUPS_PER_MINUTE} lookups a minute from one address, with retry_after`, async () => {
    const s = await insertShipment(t.database.db);
    const ip = nextIp();
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i++) expect((await lookup(s.bolNumber, ip)).statusCode).toBe(200);
    const refused = await lookup(s.bolNumber, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
    expect(refused.json().retry_after).toBeGreaterThan(0);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address is not held up.
    expect((await lookup(s.bolNumber, nextIp())).statusCode).toBe(200);
    t.clock.advanceMinutes(1.1);
    expect((await lookup(s.bolNumber, ip)).statusCode).toBe(200);
  });

  it(`refuses every lookup from an address after ${MISSES_PER_WINDOW} unknown numbers in 10 minutes`, async () => {
    const s = await insertShipment(t.database.db);
    const ip = nextIp();
    for (let i = 0; i < MISSES_PER_WINDOW; i++)
      expect((await lookup(`0614141999999${String(i).padStart(4, '0')}`, ip)).statusCode).toBe(404);
    const refused = await lookup('06141419999990999', ip);
    expect(refused.statusCode).toBe(429);
    // A known number too: a guess that hits must not be told apart from one that misses.
    expect((await lookup(s.bolNumber, ip)).statusCode).toBe(429);
    t.clock.advanceMinutes(10.1);
    expect((await lookup(s.bolNumber, ip)).statusCode).toBe(200);
  });
});
