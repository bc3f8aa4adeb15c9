import { type StaffCarrierDetail, type TariffImpact, tariffDraftRequest } from '@freight/contracts';
import { addDays, DEFAULT_PICKUP_CUTOFF, firstPickupDate, isBusinessDay } from '@freight/domain/rating';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, carriers, carrierTariffVersions, quotes } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { flattenFigures } from '../../versions/figure-diff';
import { CARRIER_RECHECK_MS, carrierAsOn } from '../quotes/quotes.repository';
import type { QuoteCosts } from '../quotes/quotes.service';

let t: TestApp;
let admin: TestClient;
let shipper: TestClient;
let saiaId = '';

const today = () => t.clock.now.toISOString().slice(0, 10);
/**
 * The first U.S. business day at least `days` after today that a quote from Chicago can still ask
 * for: on the afternoon before a holiday weekend the first pickup date is days away.
 */
function businessDayAfter(days: number) {
  const first = firstPickupDate({ country: 'US', state: 'IL' }, t.clock.now, DEFAULT_PICKUP_CUTOFF).date;
  let d = addDays(today(), days);
  if (d < first) d = first;
  while (!isBusinessDay(d, 'US')) d = addDays(d, 1);
  return d;
}
const quote = (pickup_date = businessDayAfter(1)) => ({
  mode: 'ltl',
  pickup_date,
  origin: { postal_code: '60606', country: 'US', site_type: 'business' },
  destination: { postal_code: '75201', country: 'US', site_type: 'business' },
  items: [{ package_type: 'pallets', quantity: 2, length: 48, width: 40, height: 48, weight: 400, stackable: true, hazardous: false }],
  accessorials: [],
  insured_value: 0,
});
type Rate = { scac: string; total_cents: number; charges: { code: string; amount_cents: number }[] };
/**
 * A quote's carrier rates as the tariffs make them: each rate's stored cost (the shipper is shown
 * the price a pricing program makes of it; this lane is Demo Shipper Co's contract lane).
 */
async function saiaTotal(pickup?: string) {
  const res = await shipper.post('/api/quotes', quote(pickup));
  expect(res.statusCode).toBe(201);
  const q = res.json().data as { id: string; rates: (Rate & { id: string })[] };
  const [row] = await t.database.db.select({ costs: quotes.costs }).from(quotes).where(eq(quotes.id, q.id));
  const costs = row!.costs as QuoteCosts;
  const rates: Rate[] = q.rates.map((r) => ({ scac: r.scac, total_cents: costs[r.id]!.total_cents, charges: costs[r.id]!.charges }));
  return { id: q.id, total: rates.find((r) => r.scac === 'SAIA')?.total_cents, rates };
}
/** Another process's cache would see a change within CARRIER_RECHECK_MS; so does this one. */
const later = () => t.clock.advanceMinutes((CARRIER_RECHECK_MS + 1) / 60_000);
const patch = (c: TestClient, url: string, payload: object) => c.request({ method: 'PATCH', url, payload });
const del = (c: TestClient, url: string) => c.request({ method: 'DELETE', url });

async function startingTariff() {
  const res = await admin.get(`/api/admin/carriers/${saiaId}/draft/new`);
  expect(res.statusCode).toBe(200);
  return res.json().data as { mode: string; tariff: Record<string, unknown>; fuel_bp: number; based_on: number };
}
async function saveDiscount(discount_bp: number) {
  const start = await startingTariff();
  return admin.put(`/api/admin/carriers/${saiaId}/draft`, {
    mode: 'ltl',
    tariff: { ...start.tariff, discount_bp },
    note: `discount ${discount_bp}`,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.client().login('super@demo.test', undefined, true);
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  const [saia] = await t.database.db.select().from(carriers).where(eq(carriers.scac, 'SAIA'));
  saiaId = saia!.id;
});
afterAll(() => t.close());

describe('staff carriers', () => {
  it('lists every carrier with its version in force, last week share and tracking link', async () => {
    await saiaTotal();
    const res = await admin.get('/api/admin/carriers');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as {
      scac: string;
      mode: string;
      version_in_force: number;
      quotes_last_week: number;
      quotes_won_last_week: number;
      tracking: string;
      active: boolean;
    }[];
    expect(new Set(rows.map((r) => r.mode))).toEqual(new Set(['ltl', 'parcel', 'truckload']));
    const saia = rows.find((r) => r.scac === 'SAIA')!;
    expect(saia).toMatchObject({ version_in_force: 1, active: true, tracking: 'signed_events' });
    expect(saia.quotes_last_week).toBeGreaterThanOrEqual(1);
    const ltlWins = rows.filter((r) => r.mode === 'ltl').reduce((s, r) => s + r.quotes_won_last_week, 0);
    expect(ltlWins).toBe(saia.quotes_last_week); // each LTL quote has exactly one lowest carrier
  });

  it('refuses the carriers pages to staff other than super_admin and to customers', async () => {
    const ops = await t.client().login('ops@demo.test');
    expect((await ops.get('/api/admin/carriers')).statusCode).toBe(403);
    expect((await shipper.get(`/api/admin/carriers/${saiaId}`)).statusCode).toBe(403);
    expect((await ops.put('/api/admin/diesel-prices/2026-11-23', { usd_per_gallon: 3.5 })).statusCode).toBe(403);
  });

  it('refuses malformed tariffs figure by figure, and never stores them', async () => {
    const start = await startingTariff();
    const bad: [unknown, string][] = [
      [{ ...start.tariff, discount_bp: -5 }, 'tariff.discount_bp'],
      [{ ...start.tariff, discount_bp: 9_900 }, 'tariff.discount_bp'],
      [{ ...start.tariff, amc_cents: 'ten' }, 'tariff.amc_cents'],
      [{ ...start.tariff, amc_cents: 0 }, 'tariff.amc_cents'],
      [{ ...start.tariff, rates: [] }, 'tariff.rates'],
      [{ ...start.tariff, nyc_zip3: ['10a'] }, 'tariff.nyc_zip3.0'],
      [
        {
          ...start.tariff,
          fuel: {
            steps: [
              { at_least_usd: 3, pct_bp: 100 },
              { at_least_usd: 2, pct_bp: 200 },
            ],
            heavy_over_lb: 20_000,
            heavy_multiplier: 2,
          },
        },
        'tariff.fuel.steps.1.at_least_usd',
      ],
      [{ ...start.tariff, accessorials: { hazmat: { kind: 'gift', cents: 1 } } }, 'tariff.accessorials.hazmat.kind'],
      [
        {
          ...start.tariff,
          distance_bands: [
            { max_miles: null, factor: 1 },
            { max_miles: 500, factor: 1 },
          ],
        },
        'tariff.distance_bands.0.max_miles',
      ],
      [null, 'tariff'],
      [{ deeply: { nested: { nonsense: [[[1]]] } } }, 'tariff.rates'],
    ];
    for (const [tariff, field] of bad) {
      const res = await admin.put(`/api/admin/carriers/${saiaId}/draft`, { mode: 'ltl', tariff });
      expect(res.statusCode, JSON.stringify(tariff)?.slice(0, 80)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const wrongMode = await admin.put(`/api/admin/carriers/${saiaId}/draft`, {
      mode: 'truckload',
      tariff: {
        linehaul_cents_per_mile: 160,
        fuel_base_price_cents_per_gal: 125,
        mpg: 6,
        minimum_cents: 50_000,
        stop_off_cents: 7_500,
        team_cents_per_mile: 25,
        solo_miles_per_day: 500,
        team_miles_per_day: 1_000,
      },
    });
    expect(wrongMode.statusCode).toBe(422);
    expect(wrongMode.json().errors.mode).toEqual(["This tariff is for another mode than the carrier's"]);
    const drafts = await t.database.db.select().from(carrierTariffVersions).where(eq(carrierTariffVersions.state, 'draft'));
    expect(drafts).toHaveLength(0);
  });

  it('never answers 5xx nor stores a broken tariff, whatever figure is replaced by junk', async () => {
    const start = await startingTariff();
    const paths = Object.keys(flattenFigures(start.tariff));
    const junk: unknown[] = ['x', -1, 1e12, null, [], {}, 0.5, '\u0000', { deep: [[[{}]]] }];
    // Every 7th figure with each junk value: a few hundred drafts across the whole tariff's shape.
    for (const [n, path] of paths.entries()) {
      if (n % 7) continue;
      for (const value of junk) {
        const tariff = structuredClone(start.tariff);
        const keys = path.split('.');
        let at = tariff as Record<string, unknown>;
        for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
        at[keys.at(-1)!] = value;
        const res = await admin.put(`/api/admin/carriers/${saiaId}/draft`, { mode: 'ltl', tariff });
        expect([200, 422], `${path} = ${JSON.stringify(value)}: ${res.body.slice(0, 120)}`).toContain(res.statusCode);
        if (res.statusCode === 422) expect(res.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
      }
    }
    // Whatever was accepted still reads back as a tariff the contract accepts.
    const draft = await t.database.db.select().from(carrierTariffVersions).where(eq(carrierTariffVersions.state, 'draft'));
    for (const d of draft) expect(tariffDraftRequest.safeParse({ mode: 'ltl', tariff: d.tariff }).success).toBe(true);
    await t.database.db.delete(carrierTariffVersions).where(eq(carrierTariffVersions.state, 'draft'));
  });

  it('refuses a tariff whose figures together price freight absurdly, saying which shipment and why', async () => {
    const start = await startingTariff();
    // Base rates typed in dollars where cents were meant: every figure in range, the prices absurd.
    const rates = (start.tariff.rates as { freight_class: number; per_cwt_cents: Record<string, number> }[]).map((r) => ({
      ...r,
      per_cwt_cents: Object.fromEntries(Object.entries(r.per_cwt_cents).map(([k, v]) => [k, Math.min(1_000_000, v * 100)])),
    }));
    const res = await admin.put(`/api/admin/carriers/${saiaId}/draft`, { mode: 'ltl', tariff: { ...start.tariff, rates, discount_bp: 0 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.tariff[0]).toMatch(
      /^This tariff prices 150 lb over 120 miles at \$[\d.]+, above the \$1500\.00 no real tariff reaches/,
    );
  });

  it('saves a draft, previews it against the last real quotes, publishes it for today: new quotes change, old ones do not', async () => {
    const before = await saiaTotal();
    expect(before.total).toBeGreaterThan(0);
    const saved = await saveDiscount(6_000); // 70% -> 60% off: dearer
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ has_draft: true, version_in_force: 1 });

    const unseen = await admin.post(`/api/admin/carriers/${saiaId}/draft/publish`, { effective_date: today() });
    expect(unseen.statusCode).toBe(409);
    expect(unseen.json()).toEqual({
      code: 'tariff_not_previewed',
      message: 'Preview this draft before publishing it: its figures are new or changed since the last preview.',
    });

    const preview = await admin.post(`/api/admin/carriers/${saiaId}/draft/preview`);
    expect(preview.statusCode).toBe(200);
    const p = preview.json().data as {
      quotes: number;
      difference_cents: number;
      old_total_cents: number;
      lines: { quote_id: string; old_cents: number; new_cents: number; difference_cents: number }[];
      impact: TariffImpact;
    };
    const changes = p.lines.map((l) => l.difference_cents);
    expect(p.impact).toEqual({
      quotes: p.quotes,
      compared: changes.length,
      average_change_cents: Math.round(changes.reduce((a, b) => a + b, 0) / changes.length),
      largest_change_cents: Math.max(...changes),
      total_change_bp: Math.round((p.difference_cents / p.old_total_cents) * 10_000),
      no_longer_rated: 0,
      newly_rated: 0,
      previewed_at: t.clock.now.toISOString(),
    });
    expect((await admin.get(`/api/admin/carriers/${saiaId}`)).json().data.draft_impact).toEqual(p.impact);
    const [previewed] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, saiaId), eq(auditLog.action, 'carrier.tariff_previewed')));
    expect(previewed).toMatchObject({ after: { version: 2, quotes: p.quotes } });

    // Editing the draft after its preview: it must be previewed again.
    expect((await saveDiscount(6_100)).json().data.draft_impact).toBeNull();
    expect((await admin.post(`/api/admin/carriers/${saiaId}/draft/publish`, { effective_date: today() })).statusCode).toBe(409);
    expect((await saveDiscount(6_000)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/carriers/${saiaId}/draft/preview`)).json().data.impact).toEqual(p.impact);
    expect(p.quotes).toBeGreaterThanOrEqual(2);
    expect(p.difference_cents).toBeGreaterThan(0);
    const line = p.lines.find((l) => l.quote_id === before.id)!;
    expect(line.old_cents).toBe(before.total);
    expect(line.difference_cents).toBe(line.new_cents - line.old_cents);
    expect(p.difference_cents).toBe(p.lines.reduce((s, l) => s + (l.difference_cents ?? 0), 0));

    const published = await admin.post(`/api/admin/carriers/${saiaId}/draft/publish`, { effective_date: today() });
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ has_draft: false, version_in_force: 2 });
    later();
    const after = await saiaTotal();
    expect(after.total).toBe(line.new_cents);
    const [stored] = await t.database.db.select().from(quotes).where(eq(quotes.id, after.id));
    expect(
      (stored!.result as { rates: { scac: string; tariff_version: number }[] }).rates.find((r) => r.scac === 'SAIA')?.tariff_version,
    ).toBe(2);
    // The quote made before keeps the cost it was rated with.
    const [old] = await t.database.db.select({ result: quotes.result, costs: quotes.costs }).from(quotes).where(eq(quotes.id, before.id));
    const oldSaia = (old!.result as { rates: { id: string; scac: string }[] }).rates.find((r) => r.scac === 'SAIA')!;
    expect((old!.costs as QuoteCosts)[oldSaia.id]!.total_cents).toBe(before.total);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, saiaId), eq(auditLog.action, 'carrier.tariff_published')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorEmail: 'super@demo.test',
      before: { version: 1, discount_bp: 7000 },
      after: { version: 2, discount_bp: 6000 },
    });
  });

  it('publishes for a later day: pickups before it keep the tariff in force, pickups from it take the new one', async () => {
    const from = businessDayAfter(14);
    const earlier = (await saiaTotal(businessDayAfter(2))).total;
    expect((await saveDiscount(8_000)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/carriers/${saiaId}/draft/preview`)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/carriers/${saiaId}/draft/publish`, { effective_date: addDays(today(), -1) })).statusCode).toBe(
      422,
    );
    const res = await admin.post(`/api/admin/carriers/${saiaId}/draft/publish`, { effective_date: from });
    expect(res.json().data).toMatchObject({ version_in_force: 2, next_effective_date: from });
    later();
    expect((await saiaTotal(businessDayAfter(2))).total).toBe(earlier);
    expect((await saiaTotal(from)).total).toBeLessThan(earlier!);
    // Work after the quote (the dock's reclass on the invoice) reads the version of the pickup day.
    expect((await carrierAsOn(t.database.db, saiaId, from))?.tariff).toMatchObject({ discount_bp: 8_000 });
    expect((await carrierAsOn(t.database.db, saiaId, businessDayAfter(2)))?.tariff).toMatchObject({ discount_bp: 6_000 });
  });

  it('restores an earlier version as a new draft, which is previewed and published like any draft', async () => {
    const v1 = (await admin.get(`/api/admin/carriers/${saiaId}/versions/1`)).json().data as {
      tariff: { discount_bp: number };
      state: string;
    };
    expect(v1).toMatchObject({ state: 'published', tariff: { discount_bp: 7000 } });
    const res = await admin.post(`/api/admin/carriers/${saiaId}/versions/1/restore`);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data as StaffCarrierDetail;
    expect(detail).toMatchObject({ version_in_force: 2, has_draft: true, draft_impact: null });
    expect(detail.versions.find((v) => v.number === 4)).toMatchObject({ state: 'draft', restored_from_number: 1, in_force: false });
    expect((await admin.get(`/api/admin/carriers/${saiaId}/versions/4`)).json().data.tariff.discount_bp).toBe(7000);
    // Another draft waits: a second restore would overwrite it.
    const twice = await admin.post(`/api/admin/carriers/${saiaId}/versions/2/restore`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This carrier already has a draft: publish or discard it before restoring an earlier version.');

    expect((await admin.post(`/api/admin/carriers/${saiaId}/draft/publish`, { effective_date: today() })).json().code).toBe(
      'tariff_not_previewed',
    );
    expect((await admin.post(`/api/admin/carriers/${saiaId}/draft/preview`)).statusCode).toBe(200);
    const published = await admin.post(`/api/admin/carriers/${saiaId}/draft/publish`, { effective_date: today() });
    expect(published.json().data).toMatchObject({ version_in_force: 4, has_draft: false, draft_impact: null });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, saiaId), eq(auditLog.action, 'carrier.tariff_restored')));
    expect(entry).toMatchObject({ after: { draft: 4, restored_from: 1, discount_bp: 7000 } });
    expect((await admin.post(`/api/admin/carriers/${saiaId}/versions/99/restore`)).statusCode).toBe(404);
    expect((await admin.get(`/api/admin/carriers/${saiaId}/versions/abc`)).statusCode).toBe(404);
  });

  it('switches a carrier off and on: off, it rates nothing', async () => {
    expect((await patch(admin, `/api/admin/carriers/${saiaId}`, { active: false })).json().data.active).toBe(false);
    later();
    expect((await saiaTotal()).total).toBeUndefined();
    expect((await patch(admin, `/api/admin/carriers/${saiaId}`, { active: true })).statusCode).toBe(200);
    later();
    expect((await saiaTotal()).total).toBeGreaterThan(0);
    expect((await patch(admin, `/api/admin/carriers/${saiaId}`, { active: 'yes' })).statusCode).toBe(422);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, saiaId), eq(auditLog.action, 'carrier.deactivated')));
    expect(entries).toHaveLength(1);
  });

  it('discards a draft', async () => {
    expect((await saveDiscount(6_500)).statusCode).toBe(200);
    const res = await del(admin, `/api/admin/carriers/${saiaId}/draft`);
    expect(res.json().data.has_draft).toBe(false);
    expect((await del(admin, `/api/admin/carriers/${saiaId}/draft`)).statusCode).toBe(404);
    expect((await admin.post(`/api/admin/carriers/${saiaId}/draft/preview`)).statusCode).toBe(404);
  });
});

describe('weekly diesel prices', () => {
  const monday = (from: string) => {
    let d = from;
    while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 1) d = addDays(d, 1);
    return d;
  };

  it('are entered per week (a Monday), and the quote uses the week of its pickup', async () => {
    const week = monday(addDays(today(), 21));
    const pickup = businessDayAfter(22 + ((8 - new Date(`${today()}T00:00:00Z`).getUTCDay()) % 7));
    const fuel = async () =>
      (await saiaTotal(pickup)).rates.find((r) => r.scac === 'SAIA')?.charges.find((c) => c.code === 'fuel')?.amount_cents ?? 0;
    const before = await fuel();
    expect((await admin.put(`/api/admin/diesel-prices/${addDays(week, 1)}`, { usd_per_gallon: 4.5 })).statusCode).toBe(422);
    expect((await admin.put(`/api/admin/diesel-prices/${week}`, { usd_per_gallon: 0 })).statusCode).toBe(422);
    const saved = await admin.put(`/api/admin/diesel-prices/${week}`, { usd_per_gallon: 4.5 });
    expect(saved.statusCode).toBe(200);
    expect((saved.json().data as { week_of: string; in_force: boolean }[]).find((d) => d.week_of === week)).toMatchObject({
      in_force: false,
    });
    later();
    expect(pickup >= week).toBe(true);
    expect(await fuel()).toBeGreaterThan(before);
    expect((await del(admin, `/api/admin/diesel-prices/${week}`)).statusCode).toBe(200);
    for (const junk of ['not-a-date', '2026-02-30', "'; drop table x;--"])
      expect((await del(admin, `/api/admin/diesel-prices/${encodeURIComponent(junk)}`)).statusCode).toBe(404);
    later();
    expect(await fuel()).toBe(before);
  });

  it('import from CSV: checked row by row (dry run), then written, correcting weeks already there', async () => {
    const w1 = monday(addDays(today(), -70));
    const w2 = addDays(w1, 7);
    const csv = `week_of,usd_per_gallon\r\n${w1},3.611\r\n${w2},3.642\r\n`;
    const upload = (body: string, dry = false) =>
      admin.request({
        method: 'POST',
        url: `/api/admin/diesel-prices/import${dry ? '?dry_run=1' : ''}`,
        payload: body,
        headers: { 'content-type': 'text/csv' },
      });
    const bad = await upload(`week_of,usd_per_gallon\r\n${addDays(w1, 2)},3.6\r\n${w2},=1+1\r\n`, true);
    expect(bad.statusCode).toBe(200);
    expect(bad.json().errors.map((e: { line: number; field: string }) => [e.line, e.field])).toEqual([
      [2, 'week_of'],
      [3, 'usd_per_gallon'],
    ]);
    const ok = await upload(csv);
    expect(ok.json()).toMatchObject({ rows_valid: 2, imported: 2 });
    await upload(csv.replace('3.642', '3.7'));
    const list = (await admin.get('/api/admin/diesel-prices')).json().data as { week_of: string; usd_per_gallon: number }[];
    expect(list.find((d) => d.week_of === w2)?.usd_per_gallon).toBe(3.7);
    const exported = await admin.get('/api/admin/diesel-prices/export.csv');
    expect(exported.body).toContain(`${w2},3.7`);
  });
});
