import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIncidents, auditLog, shipmentEvents, shipments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { carrierByScac, insertShipment, setTrackingSecret, signature } from '../tracking/test-fixtures';
import { UNKNOWN_SCAC_INCIDENTS_PER_HOUR } from '../tracking/tracking.service';

let t: TestApp;
let ops: TestClient;
const RLCA_SECRET = 'rlca-tracking-secret-0123456789abcdef';

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.client().login('ops@demo.test');
  await setTrackingSecret(t.database.db, 'RLCA', RLCA_SECRET);
});
afterAll(() => t.close());

const del = (c: TestClient, url: string) => c.request({ method: 'DELETE', url });
const auditOf = (id: string) => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.createdAt);

/** Posts events as a carrier would, under `scac`, signed with `secret`. */
async function post(scac: string, body: unknown, secret = RLCA_SECRET) {
  const raw = JSON.stringify(body);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/carriers/${scac}/tracking-events`,
    headers: { 'content-type': 'application/json', 'x-signature': signature(secret, raw) },
    payload: raw,
  });
  await t.app.background.drain();
  return res;
}
const delivered = (bol: string) => ({
  bol_number: bol,
  status_code: 'D1',
  occurred_at: '2026-11-26T14:20:00-06:00',
  city: 'Dallas',
  state: 'TX',
  description: 'Delivered',
});

describe('SCAC aliases: staff keep them', () => {
  it('adds, edits and deletes an alias, each audited with what changed, in its stored form', async () => {
    const rlca = await carrierByScac(t.database.db, 'RLCA');
    const created = await ops.post('/api/admin/scac-aliases', {
      kind: 'scac',
      alias: ' rnlo ',
      carrier_id: rlca.id,
      note: 'R&L legacy code',
    });
    expect(created.statusCode).toBe(201);
    const alias = created.json().data;
    expect(alias).toMatchObject({ kind: 'scac', alias: 'RNLO', note: 'R&L legacy code', carrier: { id: rlca.id, scac: 'RLCA' } });

    const list = await ops.get('/api/admin/scac-aliases?q=rnlo');
    expect(list.json().data.map((a: { id: string }) => a.id)).toEqual([alias.id]);
    expect((await ops.get(`/api/admin/scac-aliases?carrier_id=${rlca.id}&kind=name`)).json().data).toEqual([]);

    const edited = await ops.put(`/api/admin/scac-aliases/${alias.id}`, {
      kind: 'scac',
      alias: 'RNLO',
      carrier_id: rlca.id,
      note: 'Seen on 214s',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.note).toBe('Seen on 214s');

    expect((await del(ops, `/api/admin/scac-aliases/${alias.id}`)).statusCode).toBe(204);
    expect((await del(ops, `/api/admin/scac-aliases/${alias.id}`)).statusCode).toBe(404);
    const trail = await auditOf(alias.id);
    expect(trail.map((e) => [e.action, e.actorEmail])).toEqual([
      ['scac_alias.create', 'ops@demo.test'],
      ['scac_alias.update', 'ops@demo.test'],
      ['scac_alias.delete', 'ops@demo.test'],
    ]);
    expect(trail[1]).toMatchObject({ before: { note: 'R&L legacy code' }, after: { note: 'Seen on 214s' } });
    expect(trail[2]?.before).toMatchObject({ kind: 'scac', alias: 'RNLO', carrier_id: rlca.id });
  });

  it('stores a name alias lower-cased with its spaces collapsed', async () => {
    const odfl = await carrierByScac(t.database.db, 'ODFL');
    const res = await ops.post('/api/admin/scac-aliases', { kind: 'name', alias: '  Old   DOMINION ', carrier_id: odfl.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.alias).toBe('old dominion');
  });

  it('answers 422 for a bad SCAC, a duplicate, a carrier’s own SCAC and an unknown carrier', async () => {
    const saia = await carrierByScac(t.database.db, 'SAIA');
    const first = await ops.post('/api/admin/scac-aliases', { kind: 'scac', alias: 'SAIM', carrier_id: saia.id });
    expect(first.statusCode).toBe(201);
    const cases: [object, string, string][] = [
      [{ kind: 'scac', alias: 'SAI1', carrier_id: saia.id }, 'alias', 'Enter a SCAC of 2 to 4 letters'],
      [{ kind: 'scac', alias: 'TOOLONG', carrier_id: saia.id }, 'alias', 'Enter a SCAC of 2 to 4 letters'],
      [{ kind: 'scac', alias: 'saim', carrier_id: saia.id }, 'alias', 'This alias is already mapped to a carrier'],
      [{ kind: 'scac', alias: 'ODFL', carrier_id: saia.id }, 'alias', "This is a carrier's own SCAC, not an alias"],
      [{ kind: 'scac', alias: 'ZZQQ', carrier_id: '00000000-0000-4000-8000-000000000000' }, 'carrier_id', 'Choose carriers from the list'],
      [{ kind: 'ring', alias: 'SAIM', carrier_id: saia.id }, 'kind', 'Choose one of the listed options'],
    ];
    for (const [body, field, message] of cases) {
      const res = await ops.post('/api/admin/scac-aliases', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    // Renaming another alias onto a taken one is refused the same way.
    const other = (await ops.post('/api/admin/scac-aliases', { kind: 'scac', alias: 'SAIX', carrier_id: saia.id })).json().data;
    const clash = await ops.put(`/api/admin/scac-aliases/${other.id}`, { kind: 'scac', alias: 'SAIM', carrier_id: saia.id });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.alias).toEqual(['This alias is already mapped to a carrier']);
  });

  it('is every staff role’s but accounting’s; the carrier picker too', async () => {
    const accounting = await t.client().login('accounting@demo.test');
    const sales = await t.client().login('sales@demo.test');
    expect((await accounting.get('/api/admin/scac-aliases')).statusCode).toBe(403);
    expect((await accounting.get('/api/admin/scac-aliases/carriers')).statusCode).toBe(403);
    expect((await sales.get('/api/admin/scac-aliases')).statusCode).toBe(200);
    const carriers = (await sales.get('/api/admin/scac-aliases/carriers')).json().data;
    expect(carriers.map((c: { scac: string }) => c.scac)).toEqual(expect.arrayContaining(['ODFL', 'RLCA', 'UPSN']));
  });
});

describe('SCAC aliases: inbound tracking events under an alias', () => {
  it('an event posted under a SCAC alias moves the aliased carrier’s shipment', async () => {
    const rlca = await carrierByScac(t.database.db, 'RLCA');
    await ops.post('/api/admin/scac-aliases', { kind: 'scac', alias: 'RLXX', carrier_id: rlca.id });
    const s = await insertShipment(t.database.db, { scac: 'RLCA', status: 'in_transit' });
    const other = await insertShipment(t.database.db, { scac: 'ODFL', status: 'in_transit' });

    const res = await post('rlxx', { events: [delivered(s.bolNumber), delivered(other.bolNumber)] });
    expect(res.statusCode).toBe(202);
    // ODFL's shipment is not R+L's to report: unknown, and left alone.
    expect(res.json().data).toEqual({ accepted: 1, duplicates: 0, unknown: 1, rejected: 0 });
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, s.id));
    expect(row?.status).toBe('delivered');
    const [untouched] = await t.database.db.select().from(shipments).where(eq(shipments.id, other.id));
    expect(untouched?.status).toBe('in_transit');
    expect(await t.database.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, other.id))).toEqual([]);
    // The stray number is an incident of R+L's.
    const [stray] = await t.database.db
      .select()
      .from(apiIncidents)
      .where(and(eq(apiIncidents.kind, 'unknown_shipment'), eq(apiIncidents.carrierId, rlca.id)));
    expect(stray?.request).toMatchObject({ scac: 'RLXX', events: [{ bol_number: other.bolNumber }] });
  });

  it('an unknown SCAC with a carrier name the portal knows (by name alias) is matched by the name', async () => {
    const rlca = await carrierByScac(t.database.db, 'RLCA');
    await ops.post('/api/admin/scac-aliases', { kind: 'name', alias: 'R & L Carriers Inc', carrier_id: rlca.id });
    const s = await insertShipment(t.database.db, { scac: 'RLCA', status: 'in_transit' });
    const res = await post('QQRL', { carrier_name: 'R & L  CARRIERS INC', events: [delivered(s.bolNumber)] });
    expect(res.statusCode).toBe(202);
    expect(res.json().data.accepted).toBe(1);
  });

  it('an unknown SCAC is a 401 (as a bad signature) and one grouped unknown_scac incident, its signature never kept', async () => {
    const body = { events: [delivered('06141419999999990')] };
    for (let i = 0; i < 3; i++) expect((await post('QXYZ', body)).statusCode).toBe(401);
    const rows = await t.database.db.select().from(apiIncidents).where(eq(apiIncidents.kind, 'unknown_scac'));
    const qxyz = rows.filter((r) => r.error.includes('QXYZ'));
    expect(qxyz).toHaveLength(1);
    expect(qxyz[0]).toMatchObject({ occurrences: 3, carrierId: null, state: 'open', operation: 'tracking-events' });
    expect(JSON.stringify(qxyz[0]?.request)).not.toContain('sha256=');
    // Once an alias says who QXYZ is, the same post goes through.
    const rlca = await carrierByScac(t.database.db, 'RLCA');
    await ops.post('/api/admin/scac-aliases', { kind: 'scac', alias: 'QXYZ', carrier_id: rlca.id });
    expect((await post('QXYZ', body)).statusCode).toBe(202);
  });

  it('a stranger posting made-up SCACs gets its 401s, but opens at most UNKNOWN_SCAC_INCIDENTS_PER_HOUR incidents an hour', async () => {
    const before = (await t.database.db.select().from(apiIncidents).where(eq(apiIncidents.kind, 'unknown_scac'))).length;
    const codes = Array.from(
      { length: UNKNOWN_SCAC_INCIDENTS_PER_HOUR + 5 },
      (_, i) => `Z${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`,
    );
    for (const code of codes) expect((await post(code, { events: [delivered('1')] })).statusCode).toBe(401);
    const after = (await t.database.db.select().from(apiIncidents).where(eq(apiIncidents.kind, 'unknown_scac'))).length;
    // The earlier tests of this file posted unknown SCACs from the same address too.
    expect(after - before).toBeLessThanOrEqual(UNKNOWN_SCAC_INCIDENTS_PER_HOUR);
    expect(after).toBeLessThanOrEqual(UNKNOWN_SCAC_INCIDENTS_PER_HOUR);
    t.clock.advanceMinutes(61);
    await post('ZQQQ', { events: [delivered('1')] });
    const later = await t.database.db.select().from(apiIncidents).where(eq(apiIncidents.kind, 'unknown_scac'));
    expect(later.some((i) => i.error.includes('ZQQQ'))).toBe(true);
  });
});
