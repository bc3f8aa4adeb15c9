import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentEvents, shipments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { DALLAS_STORE, insertShipment, setTrackingSecret, setUserSettings, signature } from './test-fixtures';

let t: TestApp;
const SECRET = 'odfl-tracking-secret-0123456789abcdef';
const SAIA_SECRET = 'saia-tracking-secret-0123456789abcdef';

beforeAll(async () => {
  t = await createTestApp();
  await setTrackingSecret(t.database.db, 'ODFL', SECRET);
  await setTrackingSecret(t.database.db, 'SAIA', SAIA_SECRET);
});
afterAll(async () => {
  await t.close();
});

/** Posts events as a carrier would: no session, the raw body signed with its secret. */
async function post(scac: string, body: unknown, opts: { secret?: string; header?: string | null } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig = opts.header === undefined ? signature(opts.secret ?? SECRET, raw) : opts.header;
  if (sig !== null) headers['x-signature'] = sig;
  const res = await t.app.inject({ method: 'POST', url: `/api/carriers/${scac}/tracking-events`, headers, payload: raw });
  await t.app.background.drain();
  return res;
}

const event = (bol: string, code: string, occurredAt: string, extra: Record<string, unknown> = {}) => ({
  bol_number: bol,
  status_code: code,
  occurred_at: occurredAt,
  city: 'Dallas',
  state: 'TX',
  description: `Carrier says ${code}`,
  ...extra,
});

async function shipmentRow(id: string) {
  const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, id));
  if (!row) throw new Error('no shipment');
  return row;
}
async function eventsOf(id: string) {
  return t.database.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, id)).orderBy(asc(shipmentEvents.occurredAt));
}

describe('POST /api/carriers/:scac/tracking-events: who may post', () => {
  it('refuses a wrong, missing or malformed signature and a carrier without a secret with one 401', async () => {
    const s = await insertShipment(t.database.db);
    const body = { events: [event(s.bolNumber, 'X3', '2026-11-24T10:05:00-06:00')] };
    const answers = [
      await post('ODFL', body, { secret: 'not-the-secret' }),
      await post('ODFL', body, { header: null }),
      await post('ODFL', body, { header: 'sha1=abcdef' }),
      await post('ODFL', body, { header: signature(SECRET, `${JSON.stringify(body)} `) }),
      await post('EXLA', body), // a real carrier without a tracking secret
      await post('ODFL', { events: [] }, { secret: 'x' }), // not even the body is judged first
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'bad_signature', message: 'The signature does not match.' });
    }
    expect(await eventsOf(s.id)).toEqual([]);
    expect((await shipmentRow(s.id)).status).toBe('pending');
  });

  it('answers an unknown SCAC with the same 401 as a wrong signature: strangers cannot probe which SCACs exist', async () => {
    const res = await post('ZZZZ', { events: [event('06141419999999990', 'X3', '2026-11-24T10:05:00-06:00')] });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'bad_signature', message: 'The signature does not match.' });
  });

  it('reads a body sent with a charset, signed over its exact bytes', async () => {
    const s = await insertShipment(t.database.db);
    // Spacing and key order are the carrier's: the signature covers the bytes, not a re-serialization.
    const raw = `{ "events": [ {"occurred_at":"2026-11-24T10:05:00-06:00", "status_code":"X3", "bol_number":"${s.bolNumber}", "city":"Chicago", "state":"IL"} ] }`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/carriers/odfl/tracking-events',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'x-signature': signature(SECRET, raw).toUpperCase().replace('SHA256=', 'sha256='),
      },
      payload: raw,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().data.accepted).toBe(1);
  });

  it('needs no session or CSRF token, and checks the body after the signature (422, 400)', async () => {
    const ok = await post('ODFL', { events: [{ bol_number: '1', status_code: 'X3' }] });
    expect(ok.statusCode).toBe(422);
    const broken = await post('ODFL', '{"events": [');
    expect(broken.statusCode).toBe(400);
  });

  it("another carrier's shipment is unknown to it, even with a good signature of its own", async () => {
    const s = await insertShipment(t.database.db); // ODFL's
    const res = await post('SAIA', { events: [event(s.bolNumber, 'D1', '2026-11-26T14:00:00-06:00')] }, { secret: SAIA_SECRET });
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toEqual({ accepted: 0, duplicates: 0, unknown: 1, rejected: 0 });
    expect(await eventsOf(s.id)).toEqual([]);
  });
});

describe('POST /api/carriers/:scac/tracking-events: events', () => {
  it('finds the shipment by BOL or PRO, stores the event with its local time and moves the status', async () => {
    const s = await insertShipment(t.database.db);
    const res = await post('ODFL', {
      events: [
        event(s.bolNumber, 'XB', '2026-11-24T07:30:00-06:00', { event_id: 'odfl-1', city: 'Chicago', state: 'IL' }),
        {
          ...event('', 'AF', '2026-11-24T11:45:00-06:00', { event_id: 'odfl-2', city: 'Chicago', state: 'IL' }),
          bol_number: undefined,
          pro_number: s.proNumber,
        },
      ],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { accepted: 2, duplicates: 0, unknown: 0, rejected: 0 } });
    const events = await eventsOf(s.id);
    expect(events.map((e) => [e.statusCode, e.status, e.source, e.utcOffsetMinutes])).toEqual([
      ['XB', 'dispatched', 'carrier', -360],
      ['AF', 'in_transit', 'carrier', -360],
    ]);
    expect(events[1]?.occurredAt.toISOString()).toBe('2026-11-24T17:45:00.000Z');
    const row = await shipmentRow(s.id);
    expect(row.status).toBe('in_transit');
    expect(row.actionRequired).toBe(false);
  });

  it('is safe to receive twice: by event id, and by content when there is none', async () => {
    const s = await insertShipment(t.database.db);
    const body = {
      events: [
        event(s.bolNumber, 'X3', '2026-11-24T10:05:00-06:00', { event_id: 'x3-1' }),
        event(s.bolNumber, 'AF', '2026-11-24T11:05:00-06:00'),
      ],
    };
    expect((await post('ODFL', body)).json().data).toEqual({ accepted: 2, duplicates: 0, unknown: 0, rejected: 0 });
    expect((await post('ODFL', body)).json().data).toEqual({ accepted: 0, duplicates: 2, unknown: 0, rejected: 0 });
    // The same instant written in another offset is the same event.
    const again = { events: [event(s.bolNumber, 'AF', '2026-11-24T17:05:00Z')] };
    expect((await post('ODFL', again)).json().data).toEqual({ accepted: 0, duplicates: 1, unknown: 0, rejected: 0 });
    expect(await eventsOf(s.id)).toHaveLength(2);
  });

  it('rejects unknown status codes without storing them, and counts unknown numbers', async () => {
    const s = await insertShipment(t.database.db);
    const res = await post('ODFL', {
      events: [
        event(s.bolNumber, 'ZZ', '2026-11-24T10:05:00-06:00'),
        event('06141419999999990', 'X3', '2026-11-24T10:05:00-06:00'),
        event(s.bolNumber, 'x3', '2026-11-24T10:06:00-06:00'),
      ],
    });
    expect(res.json().data).toEqual({ accepted: 1, duplicates: 0, unknown: 1, rejected: 1 });
    expect((await eventsOf(s.id)).map((e) => e.statusCode)).toEqual(['X3']);
  });

  it('takes the latest event by time whatever the arrival order', async () => {
    const s = await insertShipment(t.database.db);
    await post('ODFL', { events: [event(s.bolNumber, 'X6', '2026-11-26T08:00:00-06:00')] });
    await post('ODFL', { events: [event(s.bolNumber, 'XB', '2026-11-24T07:00:00-06:00')] });
    expect((await shipmentRow(s.id)).status).toBe('in_transit');
  });

  it('stays Delivered when an older event arrives after D1, with delivered_at from D1', async () => {
    const s = await insertShipment(t.database.db);
    await post('ODFL', {
      events: [event(s.bolNumber, 'D1', '2026-11-26T14:20:00-06:00', { description: 'Delivered, signed by L GARZA' })],
    });
    let row = await shipmentRow(s.id);
    expect(row.status).toBe('delivered');
    expect(row.deliveredAt?.toISOString()).toBe('2026-11-26T20:20:00.000Z');
    const late = await post('ODFL', {
      events: [event(s.bolNumber, 'X6', '2026-11-26T08:10:00-06:00'), event(s.bolNumber, 'AH', '2026-11-26T15:00:00-06:00')],
    });
    expect(late.json().data.accepted).toBe(2);
    row = await shipmentRow(s.id);
    expect(row.status).toBe('delivered');
    expect(row.actionRequired).toBe(false);
    expect(row.deliveredAt?.toISOString()).toBe('2026-11-26T20:20:00.000Z');
    expect(await eventsOf(s.id)).toHaveLength(3);
  });

  it('is Delayed by a reason code, and asks for action on an attempted delivery', async () => {
    const s = await insertShipment(t.database.db);
    await post('ODFL', { events: [event(s.bolNumber, 'X6', '2026-11-26T08:00:00-06:00', { reason_code: 'AO', description: 'Weather' })] });
    let row = await shipmentRow(s.id);
    expect(row.status).toBe('delayed');
    expect(row.actionRequired).toBe(false);
    await post('ODFL', {
      events: [event(s.bolNumber, 'AH', '2026-11-26T13:00:00-06:00', { reason_code: 'B1', description: 'Consignee closed' })],
    });
    row = await shipmentRow(s.id);
    expect(row.status).toBe('delayed');
    expect(row.actionRequired).toBe(true);
    await post('ODFL', { events: [event(s.bolNumber, 'X6', '2026-11-27T08:00:00-06:00', { reason_code: 'NS' })] });
    row = await shipmentRow(s.id);
    expect(row.status).toBe('in_transit');
    expect(row.actionRequired).toBe(false);
  });

  it('does not undo a cancel with a carrier event', async () => {
    const s = await insertShipment(t.database.db, { status: 'canceled' });
    await post('ODFL', { events: [event(s.bolNumber, 'X3', '2026-11-24T10:05:00-06:00')] });
    expect((await shipmentRow(s.id)).status).toBe('canceled');
  });
});

describe('status-change mails', () => {
  const USER = 'shipper@demo.test';

  it('mails the booking user on a change, in their language, with the numbers, the carrier text, place, local time and link', async () => {
    await setUserSettings(t.database.db, USER, { language: 'es' });
    const s = await insertShipment(t.database.db);
    const before = (await mailsTo(t, USER)).length;
    await post('ODFL', {
      events: [event(s.bolNumber, 'D1', '2026-11-26T14:20:00-06:00', { description: 'Delivered, signed by L GARZA' })],
    });
    const mails = (await mailsTo(t, USER)).slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as (typeof mails)[number];
    expect(mail.subject).toBe(`Envío ${s.bolNumber}: Entregado`);
    expect(mail.text).toContain('Entregado');
    expect(mail.text).toContain(`PRO ${s.proNumber}`);
    expect(mail.text).toContain('Delivered, signed by L GARZA');
    expect(mail.text).toContain('Dallas, TX, 2026-11-26 14:20 (hora local)');
    expect(mail.text).toContain(`http://127.0.0.1:3000/track-shipment?number=${s.bolNumber}`);
    await setUserSettings(t.database.db, USER, { language: 'en' });
  });

  it("words the portal's own event texts and a text-less event in the reader's language, a carrier's own text as it came", async () => {
    await setUserSettings(t.database.db, USER, { language: 'es' });
    const s = await insertShipment(t.database.db);
    const before = (await mailsTo(t, USER)).length;
    await post('ODFL', { events: [event(s.bolNumber, 'X6', '2026-11-26T08:00:00-06:00', { description: 'Out for delivery' })] });
    await post('ODFL', { events: [event(s.bolNumber, 'SD', '2026-11-26T09:00:00-06:00', { description: '', reason_code: 'AO' })] });
    const [outForDelivery, delayed] = (await mailsTo(t, USER)).slice(before);
    expect(outForDelivery?.text).toContain('Actualización del transportista: En ruta de entrega');
    expect(outForDelivery?.text).not.toContain('Out for delivery');
    expect(delayed?.subject).toBe(`Envío ${s.bolNumber}: Retrasado`);
    expect(delayed?.text).toContain('Envío retrasado (mal tiempo)');
    await setUserSettings(t.database.db, USER, { language: 'en' });
  });

  it('sends nothing when the status does not change (a duplicate, a same-status event)', async () => {
    const s = await insertShipment(t.database.db);
    await post('ODFL', { events: [event(s.bolNumber, 'AF', '2026-11-24T11:00:00-06:00')] });
    const before = (await mailsTo(t, USER)).length;
    await post('ODFL', { events: [event(s.bolNumber, 'AF', '2026-11-24T11:00:00-06:00')] });
    await post('ODFL', { events: [event(s.bolNumber, 'P1', '2026-11-24T21:00:00-06:00')] });
    expect(await mailsTo(t, USER)).toHaveLength(before);
  });

  it('sends none to a user who turned customer service communications off', async () => {
    await setUserSettings(t.database.db, USER, {
      subscriptions: { smart_shipper_tips: true, customer_service: false, weekly_industry_update: true },
    });
    const s = await insertShipment(t.database.db);
    const before = (await mailsTo(t, USER)).length;
    await post('ODFL', { events: [event(s.bolNumber, 'D1', '2026-11-26T14:20:00-06:00')] });
    expect(await mailsTo(t, USER)).toHaveLength(before);
    await setUserSettings(t.database.db, USER, {
      subscriptions: { smart_shipper_tips: true, customer_service: true, weekly_industry_update: true },
    });
  });

  it('mails the consignee too when the shipper asked for it', async () => {
    const s = await insertShipment(t.database.db, { notifyConsignee: true });
    const plain = await insertShipment(t.database.db);
    const before = (await mailsTo(t, DALLAS_STORE.email)).length;
    await post('ODFL', { events: [event(plain.bolNumber, 'X6', '2026-11-26T08:00:00-06:00')] });
    expect(await mailsTo(t, DALLAS_STORE.email)).toHaveLength(before);
    await post('ODFL', { events: [event(s.bolNumber, 'X6', '2026-11-26T08:00:00-06:00', { description: 'Out for delivery' })] });
    const mails = (await mailsTo(t, DALLAS_STORE.email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Shipment ${s.bolNumber}: In-Transit`);
    expect(mails[0]?.text).toContain('the shipper asked us to keep you informed');
    expect(mails[0]?.text).not.toContain('Dana');
  });
});
