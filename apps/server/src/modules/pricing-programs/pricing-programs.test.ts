import type { PricingPreview, PricingProgramDetail } from '@freight/contracts';
import { addDays } from '@freight/domain/rating';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { DEMO_DEFAULT_PROGRAM, DEMO_PRICING_SINCE_DAYS } from '../../db/demo-programs';
import { accounts, auditLog, pricingProgramVersions, quotes } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import type { QuoteCosts } from '../quotes/quotes.service';
import { createQuote } from '../shipments/test-helpers';
import { pricingProgramsService } from './pricing-programs.service';

let t: TestApp;
let admin: TestClient;
let salesAdmin: TestClient;
let other: TestClient;
let shipper: TestClient;
let otherId = '';
let demoId = '';

const base = '/api/admin/pricing-programs';
const today = () => t.clock.now.toISOString().slice(0, 10);
const del = (c: TestClient, url: string) => c.request({ method: 'DELETE', url });

/** Other Freight LLC's program: LTL marked up 20%, no minimum (so each LTL margin is 20% of its cost, rounded). */
const twentyPercent = {
  rules: [{ name: 'LTL 20%', match: { mode: 'ltl' }, adjustment: { kind: 'markup', markup_bp: 2_000 } }],
  contract_lanes: [],
  minimum_margin_cents: 0,
  minimum_margin_bp: 0,
};
const entries = (action: string, entityId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.client().login('super@demo.test', undefined, true);
  salesAdmin = await t.client().login('salesadmin@demo.test', undefined, true);
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  other = await t.client().login('other@demo.test', undefined, true);
  const rows = await t.database.db.select().from(accounts);
  otherId = rows.find((a) => a.name === 'Other Freight LLC')!.id;
  demoId = rows.find((a) => a.name === 'Demo Shipper Co')!.id;
});
afterAll(() => t.close());

describe('pricing programs', () => {
  it('start with the seeded default program and Demo Shipper Co contract lane, each version 1 in force', async () => {
    const res = await salesAdmin.get(base);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { scope: string; account_name: string | null; version_in_force: number | null }[];
    expect(rows).toEqual([
      expect.objectContaining({ scope: 'default', account_name: null, version_in_force: 1, has_draft: false }),
      expect.objectContaining({ scope: 'account', account_name: 'Demo Shipper Co', version_in_force: 1 }),
    ]);
    const v1 = (await admin.get(`${base}/default/versions/1`)).json().data;
    expect(v1).toMatchObject({
      state: 'published',
      effective_date: addDays(today(), -DEMO_PRICING_SINCE_DAYS),
      in_force: true,
      program: DEMO_DEFAULT_PROGRAM,
    });
    const demo = (await admin.get(`${base}/${demoId}/in-force?date=${today()}`)).json().data;
    expect(demo.program.contract_lanes[0]).toMatchObject({ mode: 'ltl', origin: { zip3: ['606'] }, price_cents: 34_500 });
  });

  it('are refused to ops, accounting and customers, and to guests (a sales rep reads its own: sales-reps.test.ts)', async () => {
    for (const email of ['ops@demo.test', 'accounting@demo.test', 'feature@demo.test']) {
      const c = await t.client().login(email);
      const res = await c.get(base);
      expect(res.statusCode, email).toBe(403);
      expect(res.json()).toEqual({ code: 'forbidden', message: 'You do not have access to this page' });
    }
    expect((await shipper.put(`${base}/${demoId}/draft`, { program: twentyPercent })).statusCode).toBe(403);
    expect((await t.client().get(base)).statusCode).toBe(401);
  });

  it('refuse a malformed program field by field in the documented shape, and store nothing', async () => {
    const bad = await admin.put(`${base}/${otherId}/draft`, {
      program: {
        ...twentyPercent,
        minimum_margin_bp: 9_000,
        rules: [
          {
            name: 'x',
            match: { mode: 'parcel', origin: { states: ['Illinois'] } },
            adjustment: { kind: 'discount_off_base', discount_bp: 5_000 },
          },
        ],
        contract_lanes: [
          {
            name: 'l',
            mode: 'ltl',
            origin: { zip3: ['606'] },
            destination: {},
            price_cents: 100,
            valid_from: '2026-02-30',
            valid_to: '2026-01-01',
          },
        ],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      code: 'validation',
      message: expect.any(String),
      errors: {
        'program.minimum_margin_bp': ['This value is too large'],
        'program.rules.0.match.origin.states.0': ['Enter a state or province code: two letters (three for a Mexican state)'],
        'program.rules.0.match.mode': ['A discount off the base tariff prices LTL only: choose LTL as the mode'],
        'program.contract_lanes.0.destination': ['List either states or ZIP3 zones, not both'],
        'program.contract_lanes.0.valid_from': ['Please enter a valid date'],
        'program.contract_lanes.0.valid_to': ['The end date must be on or after the start date'],
      },
    });
    for (const junk of [[], { program: null }, { program: { rules: 'all' } }, { program: { ...twentyPercent, rules: [{}] } }]) {
      const res = await admin.put(`${base}/${otherId}/draft`, junk);
      expect([400, 422], JSON.stringify(junk)).toContain(res.statusCode);
    }
    expect((await admin.put(`${base}/00000000-0000-4000-8000-000000000000/draft`, { program: twentyPercent })).statusCode).toBe(404);
    expect((await admin.get(`${base}/not-an-account`)).statusCode).toBe(404);
    expect((await admin.get(`${base}/default/in-force?date=someday`)).statusCode).toBe(422);
    expect(await t.database.db.select().from(pricingProgramVersions).where(eq(pricingProgramVersions.state, 'draft'))).toEqual([]);
  });

  it('make an account program with its first draft, preview it against the account quotes, and publish it for today', async () => {
    const before = (await admin.get(`${base}/${otherId}`)).json().data as PricingProgramDetail;
    // The day it names is the one publishing is checked against, so the editor offers it first.
    expect(before).toMatchObject({ id: null, account_name: 'Other Freight LLC', versions: [], version_in_force: null, today: today() });
    expect((await admin.get(`${base}/${otherId}/draft/new`)).json().data).toMatchObject({ based_on: null, program: { rules: [] } });
    const quote = await createQuote(t, other);
    await createQuote(t, shipper); // another account's: not in this program's preview

    const saved = await salesAdmin.put(`${base}/${otherId}/draft`, { program: twentyPercent, note: 'Launch' });
    expect(saved.statusCode).toBe(200);
    const programId = saved.json().data.id as string;
    expect(saved.json().data).toMatchObject({ has_draft: true, version_in_force: null, draft_impact: null });

    const unseen = await admin.post(`${base}/${otherId}/draft/publish`, { effective_date: today() });
    expect(unseen.statusCode).toBe(409);
    expect(unseen.json()).toEqual({
      code: 'pricing_not_previewed',
      message: 'Preview this draft before publishing it: its rules are new or changed since the last preview.',
    });

    const res = await admin.post(`${base}/${otherId}/draft/preview?quotes=5`);
    expect(res.statusCode).toBe(200);
    const p = res.json().data as PricingPreview;
    expect(new Set(p.lines.map((l) => l.account_name))).toEqual(new Set(['Other Freight LLC']));
    expect(p.lines.map((l) => l.carrier_scac).sort()).toEqual(quote.rates.map((r) => r.scac).sort());
    const [stored] = await t.database.db.select({ costs: quotes.costs }).from(quotes).where(eq(quotes.id, quote.id));
    for (const line of p.lines) {
      const rate = quote.rates.find((r) => r.scac === line.carrier_scac)!;
      // The cost is the quote's stored cost; the shipper was quoted the default program's price of it.
      const cost = (stored!.costs as QuoteCosts)[rate.id]!.total_cents;
      expect(line.cost_cents).toBe(cost);
      const defaultMargin = Math.max(Math.round(cost * 0.15), 3_500, Math.ceil((cost * 800) / 9_200));
      expect(line.current_price_cents).toBe(cost + defaultMargin);
      expect(line.current_price_cents).toBe(rate.total_cents);
      expect(line.new_margin_cents).toBe(Math.round(cost * 0.2));
      expect(line.new_price_cents - line.cost_cents).toBe(line.new_margin_cents);
      expect(line).toMatchObject({ applied: 'rule', applied_name: 'LTL 20%', below_cost: false });
    }
    const sum = (pick: (l: PricingPreview['lines'][number]) => number) => p.lines.reduce((s, l) => s + pick(l), 0);
    expect(p.impact).toEqual({
      quotes: 1,
      rates: p.lines.length,
      skipped: 0,
      cost_cents: sum((l) => l.cost_cents),
      current_price_cents: sum((l) => l.current_price_cents),
      new_price_cents: sum((l) => l.new_price_cents),
      new_margin_cents: sum((l) => l.new_margin_cents),
      new_margin_bp: Math.round((sum((l) => l.new_margin_cents) * 10_000) / sum((l) => l.new_price_cents)),
      below_cost: 0,
      previewed_at: t.clock.now.toISOString(),
    });
    expect((await admin.get(`${base}/${otherId}`)).json().data.draft_impact).toEqual(p.impact);

    // Saved again after the preview: it needs another one.
    expect((await admin.put(`${base}/${otherId}/draft`, { program: twentyPercent, note: 'Launch' })).json().data.draft_impact).toBeNull();
    expect((await admin.post(`${base}/${otherId}/draft/publish`, { effective_date: today() })).statusCode).toBe(409);
    expect((await admin.post(`${base}/${otherId}/draft/preview`)).statusCode).toBe(200);
    const published = await admin.post(`${base}/${otherId}/draft/publish`, { effective_date: today() });
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ version_in_force: 1, has_draft: false });

    const [entry] = await entries('pricing_program.published', programId);
    expect(entry).toMatchObject({
      actorEmail: 'super@demo.test',
      targetLabel: 'Pricing program of Other Freight LLC',
      accountId: otherId,
      entityType: 'pricing_program',
      before: { version: null },
      after: { version: 1, effective_date: today(), 'rules.0.adjustment.markup_bp': 2_000 },
    });
    expect(await entries('pricing_program.draft_saved', programId)).toHaveLength(2);
    expect(await entries('pricing_program.previewed', programId)).toHaveLength(2);
  });

  it('publish for a later day: the version in force follows the pickup date', async () => {
    const later = addDays(today(), 10);
    const dearer = { ...twentyPercent, rules: [{ ...twentyPercent.rules[0]!, adjustment: { kind: 'markup', markup_bp: 2_500 } }] };
    expect((await admin.put(`${base}/${otherId}/draft`, { program: dearer })).statusCode).toBe(200);
    expect((await admin.post(`${base}/${otherId}/draft/preview`)).statusCode).toBe(200);
    const past = await admin.post(`${base}/${otherId}/draft/publish`, { effective_date: addDays(today(), -1) });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.effective_date).toEqual(['Date needs to be today or after.']);
    const res = await admin.post(`${base}/${otherId}/draft/publish`, { effective_date: later });
    expect(res.json().data).toMatchObject({ version_in_force: 1, next_effective_date: later });
    const on = async (day: string) => (await admin.get(`${base}/${otherId}/in-force?date=${day}`)).json().data;
    expect(await on(addDays(later, -1))).toMatchObject({ number: 1 });
    expect(await on(later)).toMatchObject({ number: 2, program: { rules: [{ adjustment: { markup_bp: 2_500 } }] } });
    expect((await admin.get(`${base}/${otherId}/in-force?date=${addDays(today(), -1)}`)).statusCode).toBe(404);

    // What quoting will read: the account's version of the day, and the default one behind it.
    const service = pricingProgramsService({ db: t.database.db, now: () => t.clock.now } as unknown as AppContext);
    const programs = await service.programsInForce(otherId, later);
    expect(programs.account).toMatchObject({ scope: 'account', version: 2 });
    expect(programs.fallback).toMatchObject({ scope: 'default', version: 1, program: DEMO_DEFAULT_PROGRAM });
  });

  it('restore an earlier version as a new draft, previewed and published like any draft', async () => {
    const res = await admin.post(`${base}/${otherId}/versions/1/restore`);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data as PricingProgramDetail;
    expect(detail.versions.find((v) => v.number === 3)).toMatchObject({ state: 'draft', restored_from_number: 1 });
    const twice = await admin.post(`${base}/${otherId}/versions/2/restore`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'This pricing program already has a draft: publish or discard it before restoring an earlier version.',
    );
    expect((await admin.post(`${base}/${otherId}/draft/preview`)).statusCode).toBe(200);
    const published = await admin.post(`${base}/${otherId}/draft/publish`, { effective_date: addDays(today(), 20) });
    expect(published.json().data).toMatchObject({ version_in_force: 1, has_draft: false });
    expect((await admin.get(`${base}/${otherId}/in-force?date=${addDays(today(), 20)}`)).json().data).toMatchObject({ number: 3 });
    const programId = detail.id!;
    expect((await entries('pricing_program.restored', programId))[0]).toMatchObject({ after: { draft: 3, restored_from: 1 } });
    expect((await admin.post(`${base}/${otherId}/versions/99/restore`)).statusCode).toBe(404);
    expect((await admin.get(`${base}/${otherId}/versions/abc`)).statusCode).toBe(404);
  });

  it('discards a draft', async () => {
    expect((await admin.put(`${base}/${otherId}/draft`, { program: twentyPercent })).statusCode).toBe(200);
    const res = await del(admin, `${base}/${otherId}/draft`);
    expect(res.json().data.has_draft).toBe(false);
    expect((await del(admin, `${base}/${otherId}/draft`)).statusCode).toBe(404);
    expect((await admin.post(`${base}/${otherId}/draft/preview`)).statusCode).toBe(404);
    expect(await entries('pricing_program.draft_discarded', res.json().data.id)).toHaveLength(1);
  });

  it('previews the default program over every account, an account contract lane still winning', async () => {
    await createQuote(t, shipper, {
      items: [{ package_type: 'pallets', quantity: 1, length: 48, width: 40, height: 48, weight: 600, stackable: true, hazardous: false }],
    });
    const start = (await admin.get(`${base}/default/draft/new`)).json().data;
    expect(start).toMatchObject({ based_on: 1, program: DEMO_DEFAULT_PROGRAM });
    const tighter = { ...start.program, minimum_margin_cents: 5_000 };
    expect((await admin.put(`${base}/default/draft`, { program: tighter })).statusCode).toBe(200);
    const p = (await admin.post(`${base}/default/draft/preview?quotes=50`)).json().data as PricingPreview;
    const names = new Set(p.lines.map((l) => l.account_name));
    expect(names).toEqual(new Set(['Demo Shipper Co', 'Other Freight LLC']));
    const contract = p.lines.filter((l) => l.applied === 'contract');
    expect(contract.length).toBeGreaterThan(0);
    for (const l of contract) {
      expect(l).toMatchObject({ account_name: 'Demo Shipper Co', new_price_cents: 34_500, current_price_cents: 34_500 });
      expect(l.below_cost).toBe(l.cost_cents > 34_500);
    }
    // Other Freight's own program (20%) prices its quotes, not the default draft.
    for (const l of p.lines.filter((x) => x.account_name === 'Other Freight LLC')) expect(l.applied_name).toBe('LTL 20%');
    expect((await admin.post(`${base}/default/draft/preview?quotes=0`)).statusCode).toBe(422);
    expect((await del(admin, `${base}/default/draft`)).statusCode).toBe(200);
  });
});
