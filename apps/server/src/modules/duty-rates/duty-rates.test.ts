import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { text } from '../shipments/test-helpers';

let t: TestApp;
let shipper: TestClient;
let ops: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  ops = await t.client().login('ops@demo.test');
});
afterAll(async () => {
  await t.close();
});

const intoMexico = (items: object[], over: object = {}) => ({
  origin_country: 'US',
  destination_country: 'MX',
  destination_state: 'NLE',
  mode: 'ltl',
  incoterm: 'DAP',
  currency: 'USD',
  items,
  ...over,
});
const furniture = { hs_code: '9403.20', origin_country: 'CN', quantity: 2, unit_value_cents: 1_000_000, usmca: false };

async function estimate(body: object) {
  const res = await shipper.post('/api/customs/duty-estimate', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('the duties and taxes estimate', () => {
  it('into Mexico: the duty from the table, the DTA, then IVA on the value, duty and DTA; the consignee pays under DAP', async () => {
    // Customs value 2 x USD 10,000.00 = 2,000,000 cents; duty 35% = 700,000; DTA 0.8% = 16,000;
    // IVA 16% of (2,000,000 + 700,000 + 16,000) = 434,560; in all 1,150,560.
    const data = await estimate(intoMexico([furniture]));
    expect(data).toMatchObject({
      destination: 'MX',
      currency: 'USD',
      payer: 'consignee',
      total_duty_cents: 700_000,
      total_tax_cents: 450_560,
      total_cents: 1_150_560,
      complete: true,
      source: 'SAT TIGIE 2026',
      source_caveat: { kind: 'demo', codes: [] },
      as_of: '2026-01-01',
    });
    expect(data.lines).toEqual([
      {
        hs_code: '940320',
        description: 'Other metal furniture, other',
        customs_value_cents: 2_000_000,
        duty_rate_basis_points: 3500,
        duty_cents: 700_000,
        reason: null,
      },
    ]);
    expect(data.taxes).toEqual([
      { kind: 'dta', rate_basis_points: 80, cents: 16_000, complete: true },
      { kind: 'iva', rate_basis_points: 1600, cents: 434_560, complete: true },
    ]);
    // DDP: the shipper pays.
    expect((await estimate(intoMexico([furniture], { incoterm: 'DDP' }))).payer).toBe('shipper');
  });

  it('says what it could not estimate rather than guessing, and refuses a shipment within one country', async () => {
    const data = await estimate(intoMexico([{ ...furniture, hs_code: '0101.21' }]));
    expect(data.complete).toBe(false);
    expect(data.lines[0]).toMatchObject({ hs_code: '010121', duty_cents: null, reason: 'unknown_hs_code', description: null });
    const same = await shipper.post('/api/customs/duty-estimate', intoMexico([furniture], { origin_country: 'MX' }));
    expect(same.statusCode).toBe(422);
    expect(Object.keys(same.json().errors)).toEqual(['destination_country']);
    expect((await t.client().post('/api/customs/duty-estimate', intoMexico([furniture]))).statusCode).toBe(401);
  });
});

describe("staff's duty-rate tables", () => {
  it('reads the shipped table until staff change it, then their own: a rate set, a source dated, a rate removed, each audited', async () => {
    const shipped = (await ops.get('/api/admin/duty-rates/CA')).json().data;
    expect(shipped).toMatchObject({
      country: 'CA',
      edited: false,
      as_of: '2026-01-01',
      source_caveat: { kind: 'demo', codes: ['8504.40', '8708.99.99'] },
    });
    expect(shipped.rates.find((r: { hs_code: string }) => r.hs_code === '940320')).toMatchObject({
      rate_basis_points: 800,
      updated_at: null,
    });

    const set = await ops.put('/api/admin/duty-rates/CA/rates/9403.20', { rate_basis_points: 950, description: 'Other metal furniture' });
    expect(set.statusCode, set.body).toBe(200);
    const edited = set.json().data;
    expect(edited.edited).toBe(true);
    // Adopted as shipped, with the shipped figures' limits, until staff restate the source.
    expect(edited.source_caveat).toEqual(shipped.source_caveat);
    expect(edited.rates.find((r: { hs_code: string }) => r.hs_code === '940320')).toMatchObject({
      rate_basis_points: 950,
      updated_at: t.clock.now.toISOString(),
    });
    // The rest of the shipped table came along, untouched.
    expect(edited.rates).toHaveLength(shipped.rates.length);
    const intoToronto = { ...intoMexico([{ ...furniture, origin_country: 'CN' }]), destination_country: 'CA', destination_state: 'ON' };
    expect((await estimate(intoToronto)).lines[0]).toMatchObject({ duty_rate_basis_points: 950, duty_cents: 190_000 });

    const dated = await ops.put('/api/admin/duty-rates/CA', { source: 'CBSA Customs Tariff, checked by ops', as_of: '2026-11-30' });
    expect(dated.json().data).toMatchObject({ source: 'CBSA Customs Tariff, checked by ops', as_of: '2026-11-30' });
    expect((await estimate(intoToronto)).source).toBe('CBSA Customs Tariff, checked by ops');
    // Staff who restate the source say what they checked: the shipped table's caveat goes.
    expect((await estimate(intoToronto)).source_caveat).toBeNull();

    expect((await ops.request({ method: 'DELETE', url: '/api/admin/duty-rates/CA/rates/940320' })).statusCode).toBe(200);
    expect((await estimate(intoToronto)).lines[0]).toMatchObject({ reason: 'unknown_hs_code', duty_cents: null });
    expect((await ops.request({ method: 'DELETE', url: '/api/admin/duty-rates/CA/rates/940320' })).statusCode).toBe(404);

    const actions = await t.database.db
      .select({ action: auditLog.action, targetLabel: auditLog.targetLabel })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'duty_rate'), eq(auditLog.actorEmail, 'ops@demo.test')));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'duty_rate.set', targetLabel: 'CA 940320' },
        { action: 'duty_rate.source', targetLabel: 'CA' },
        { action: 'duty_rate.delete', targetLabel: 'CA 940320' },
      ]),
    );
  });

  it('answers bad input with field errors, and opens only to the staff who work the border', async () => {
    const badCode = await ops.put('/api/admin/duty-rates/US/rates/12-34', { rate_basis_points: 100, description: 'x' });
    expect(badCode.statusCode).toBe(422);
    expect(badCode.json().errors).toEqual({ hs_code: [text('validation.hs_code')] });
    const badRate = await ops.put('/api/admin/duty-rates/US/rates/940320', { rate_basis_points: -5, description: '' });
    expect(badRate.statusCode).toBe(422);
    expect(Object.keys(badRate.json().errors).sort()).toEqual(['description', 'rate_basis_points']);
    expect((await ops.get('/api/admin/duty-rates/XX')).statusCode).toBe(422);
    const accounting = await t.client().login('accounting@demo.test');
    for (const client of [shipper, accounting]) {
      expect((await client.get('/api/admin/duty-rates/US')).statusCode).toBe(403);
      expect((await client.put('/api/admin/duty-rates/US/rates/940320', { rate_basis_points: 0, description: 'x' })).statusCode).toBe(403);
    }
  });
});
