import { zonedDate } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIncidents, auditLog } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { TimedOut } from '../../with-timeout';
import { carrierByScac } from '../tracking/test-fixtures';
import { carrierFailure, type IncidentIn, recordIncident } from './incidents.recorder';

let t: TestApp;
let sup: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  sup = await t.client().login('super@demo.test');
});
afterAll(() => t.close());

const minutesAgo = (n: number) => new Date(t.clock.now.getTime() - n * 60_000);
const record = (i: Partial<IncidentIn>) =>
  recordIncident(t.database.db, { kind: 'carrier_error', operation: 'rate', request: {}, error: 'boom', at: t.clock.now, ...i });
const rowsOf = (carrierId: string) => t.database.db.select().from(apiIncidents).where(eq(apiIncidents.carrierId, carrierId));

describe('the incident recorder', () => {
  it('groups the same failure: one row counting occurrences and affected quotes, the latest request kept', async () => {
    const abf = await carrierByScac(t.database.db, 'ABFS');
    for (let i = 0; i < 5; i++) {
      await record({
        carrierId: abf.id,
        kind: 'carrier_timeout',
        error: `Error: timed out after ${8000 + i} ms`,
        request: { attempt: i, destination: { first_name: 'Luis', email: 'l@x.test', city: 'Dallas' } },
        affectedQuotes: 1,
        at: minutesAgo(10 - i),
      });
    }
    await record({ carrierId: abf.id, error: 'HTTP 500 from carrier', affectedQuotes: 1, at: minutesAgo(1) });
    const rows = await rowsOf(abf.id);
    expect(rows).toHaveLength(2);
    const timeouts = rows.find((r) => r.kind === 'carrier_timeout');
    expect(timeouts).toMatchObject({ occurrences: 5, affectedQuotes: 5, state: 'open' });
    expect(timeouts?.createdAt.toISOString()).toBe(minutesAgo(10).toISOString());
    expect(timeouts?.lastSeenAt.toISOString()).toBe(minutesAgo(6).toISOString());
    // Redacted before it was stored.
    expect(timeouts?.request).toEqual({ attempt: 4, destination: { first_name: '[redacted]', email: '[redacted]', city: 'Dallas' } });
  });

  it("tells a carrier's time-out from its failure: the portal's own time-out in its words, an adapter's in the carrier's", () => {
    expect(carrierFailure(new TimedOut(8000))).toEqual({ kind: 'carrier_timeout', message: { key: 'timed_out', params: { seconds: 8 } } });
    expect(carrierFailure(new Error('socket timed out'))).toEqual({ kind: 'carrier_timeout', error: 'Error: socket timed out' });
    expect(carrierFailure(new Error('HTTP 502'))).toEqual({ kind: 'carrier_error', error: 'Error: HTTP 502' });
    expect(carrierFailure('refused')).toEqual({ kind: 'carrier_error', error: 'refused' });
  });

  it('after a resolve, the same failure opens a new group; the resolved one stays as it was', async () => {
    const avrt = await carrierByScac(t.database.db, 'AVRT');
    await record({ carrierId: avrt.id, operation: 'track', error: 'ECONNRESET' });
    const [first] = await rowsOf(avrt.id);
    const resolved = await sup.put(`/api/admin/incidents/${first!.id}/state`, { state: 'resolved', note: 'Carrier restarted its API' });
    expect(resolved.statusCode).toBe(200);
    await record({ carrierId: avrt.id, operation: 'track', error: 'ECONNRESET' });
    const rows = await rowsOf(avrt.id);
    expect(rows.map((r) => [r.state, r.occurrences]).sort()).toEqual([
      ['open', 1],
      ['resolved', 1],
    ]);
    // Reopening the old one would make two open groups of one failure.
    const reopen = await sup.put(`/api/admin/incidents/${first!.id}/state`, { state: 'open', note: 'Failing again' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe('A newer open incident of the same kind exists; add your note there.');
  });
});

describe('GET /api/admin/incidents', () => {
  it('lists groups newest last seen first, with occurrences, filtered by carrier, kind, state, words and days', async () => {
    const sefl = await carrierByScac(t.database.db, 'SEFL');
    await record({
      carrierId: sefl.id,
      kind: 'bad_signature',
      operation: 'tracking-events',
      error: 'The signature matches none',
      at: minutesAgo(3),
    });
    for (let i = 0; i < 40; i++)
      await record({
        carrierId: sefl.id,
        kind: 'rejected_event',
        operation: 'tracking-events',
        error: 'Unknown status code(s): QQ',
        at: minutesAgo(2),
      });
    const list = await sup.get(`/api/admin/incidents?carrier_id=${sefl.id}`);
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    expect(data.map((i: { kind: string; occurrences: number }) => [i.kind, i.occurrences])).toEqual([
      ['rejected_event', 40],
      ['bad_signature', 1],
    ]);
    expect(data[0]).toMatchObject({ carrier: { id: sefl.id, scac: 'SEFL', name: 'Southeastern Freight Lines' }, state: 'open' });
    expect(list.json().meta).toMatchObject({ total: 2, current_page: 1 });

    const byKind = (await sup.get(`/api/admin/incidents?carrier_id=${sefl.id}&kind=bad_signature`)).json().data;
    expect(byKind).toHaveLength(1);
    const byWords = (await sup.get('/api/admin/incidents?q=status%20code(s):%20QQ')).json().data;
    expect(byWords.map((i: { carrier: { scac: string } }) => i.carrier.scac)).toEqual(['SEFL']);
    expect((await sup.get(`/api/admin/incidents?carrier_id=${sefl.id}&state=resolved`)).json().data).toEqual([]);
    // The filter's days are the business's (the default BUSINESS_TIME_ZONE), not UTC's. The first
    // failure's day is the span's start: just after midnight there it was yesterday.
    const from = zonedDate(minutesAgo(3), 'America/Chicago');
    const today = zonedDate(t.clock.now, 'America/Chicago');
    expect((await sup.get(`/api/admin/incidents?carrier_id=${sefl.id}&from=${from}&to=${today}`)).json().data).toHaveLength(2);
    expect((await sup.get(`/api/admin/incidents?carrier_id=${sefl.id}&to=2020-01-01`)).json().data).toEqual([]);
    const paged = await sup.get(`/api/admin/incidents?carrier_id=${sefl.id}&per_page=1&page=2`);
    expect(paged.json().data.map((i: { kind: string }) => i.kind)).toEqual(['bad_signature']);
    expect((await sup.get('/api/admin/incidents?kind=nonsense')).statusCode).toBe(422);
  });

  it("words the portal's own failures in the reader's language, and keeps an outside service's error as it came", async () => {
    const dhwy = await carrierByScac(t.database.db, 'DHWY');
    await record({
      carrierId: dhwy.id,
      kind: 'unknown_shipment',
      operation: 'tracking-events',
      message: { key: 'unknown_shipments', params: { count: 3 } },
    });
    await record({ carrierId: dhwy.id, error: 'HTTP 503 Service Unavailable' });
    await record({ carrierId: dhwy.id, operation: 'track', ...carrierFailure(new TimedOut(8000)) });
    const errors = async (c: TestClient) =>
      ((await c.get(`/api/admin/incidents?carrier_id=${dhwy.id}`)).json().data as { error: string }[]).map((i) => i.error).sort();
    expect(await errors(sup)).toEqual([
      "3 event(s) for numbers that are none of the carrier's shipments",
      'HTTP 503 Service Unavailable',
      'No answer within 8 s',
    ]);
    // Staff search the English words, whatever their language.
    expect((await sup.get(`/api/admin/incidents?carrier_id=${dhwy.id}&q=numbers`)).json().data).toHaveLength(1);

    const spanish = await t.client().login('super@demo.test');
    expect((await spanish.put('/api/settings', { language: 'es' })).statusCode).toBe(200);
    try {
      expect(await errors(spanish)).toEqual([
        '3 evento(s) con números que no son envíos del transportista',
        'HTTP 503 Service Unavailable',
        'Sin respuesta en 8 s',
      ]);
      const [row] = await rowsOf(dhwy.id).then((rows) => rows.filter((r) => r.kind === 'unknown_shipment'));
      const detail = (await spanish.get(`/api/admin/incidents/${row!.id}`)).json().data;
      expect(detail.error).toBe('3 evento(s) con números que no son envíos del transportista');
    } finally {
      await spanish.put('/api/settings', { language: 'en' });
    }
  });

  it('is super_admin’s only', async () => {
    for (const email of ['admin@demo.test', 'ops@demo.test', 'accounting@demo.test']) {
      const c = await t.client().login(email);
      expect((await c.get('/api/admin/incidents')).statusCode).toBe(403);
    }
  });
});

describe('GET and PUT /api/admin/incidents/:id', () => {
  it('shows the request and answer as recorded, and resolves and reopens with a note, audited', async () => {
    const fxfe = await carrierByScac(t.database.db, 'FXFE');
    await record({
      carrierId: fxfe.id,
      kind: 'carrier_error',
      operation: 'book',
      request: { headers: { authorization: 'Bearer abc' }, pickup: { phone: '(312) 555-0142', city: 'Chicago' } },
      response: { status: 502, body: '<html>Bad gateway</html>' },
      error: 'HTTP 502',
    });
    const [row] = await rowsOf(fxfe.id);
    const detail = (await sup.get(`/api/admin/incidents/${row!.id}`)).json().data;
    expect(detail).toMatchObject({
      kind: 'carrier_error',
      operation: 'book',
      request: { headers: { authorization: '[redacted]' }, pickup: { phone: '[redacted]', city: 'Chicago' } },
      response: { status: 502, body: '<html>Bad gateway</html>' },
      state: 'open',
      resolved_at: null,
      resolution_note: '',
    });

    for (const note of [undefined, '', '   ']) {
      const bare = await sup.put(`/api/admin/incidents/${row!.id}/state`, { state: 'resolved', note });
      expect(bare.statusCode).toBe(422);
      expect(bare.json().errors).toEqual({ note: ['Field is required'] });
    }
    const resolved = await sup.put(`/api/admin/incidents/${row!.id}/state`, { state: 'resolved', note: 'FedEx fixed their gateway' });
    expect(resolved.json().data).toMatchObject({
      state: 'resolved',
      resolution_note: 'FedEx fixed their gateway',
      resolved_by: 'super@demo.test',
    });
    expect(resolved.json().data.resolved_at).toBe(t.clock.now.toISOString());
    const again = await sup.put(`/api/admin/incidents/${row!.id}/state`, { state: 'resolved', note: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This incident is already resolved.');

    const bareReopen = await sup.put(`/api/admin/incidents/${row!.id}/state`, { state: 'open', note: '' });
    expect(bareReopen.statusCode).toBe(422);
    expect(Object.keys(bareReopen.json().errors)).toEqual(['note']);
    const reopened = await sup.put(`/api/admin/incidents/${row!.id}/state`, { state: 'open', note: 'Failing again since 9:00' });
    expect(reopened.json().data).toMatchObject({
      state: 'open',
      resolved_at: null,
      resolved_by: null,
      resolution_note: 'Failing again since 9:00',
    });

    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id)).orderBy(auditLog.createdAt);
    expect(trail.map((e) => [e.action, e.entityType, e.actorEmail])).toEqual([
      ['incident.resolve', 'api_incident', 'super@demo.test'],
      ['incident.reopen', 'api_incident', 'super@demo.test'],
    ]);
    expect(trail[0]).toMatchObject({
      before: { state: 'open', resolution_note: '' },
      after: { state: 'resolved', resolution_note: 'FedEx fixed their gateway' },
    });
  });

  it('answers 404 for an unknown or malformed id and 422 for a bad state', async () => {
    expect((await sup.get('/api/admin/incidents/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await sup.get('/api/admin/incidents/nope')).statusCode).toBe(404);
    const [any] = await t.database.db.select().from(apiIncidents).limit(1);
    const bad = await sup.put(`/api/admin/incidents/${any!.id}/state`, { state: 'closed' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.state).toEqual(['Choose one of the listed options']);
  });
});
