import { randomUUID } from 'node:crypto';
import { addSums, FIGURE_SUM_KEYS, type FigureSums, noSums } from '@freight/domain/analytics';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import type { AnalyticsFilter } from './analytics.repository';
import { analyticsSummaryRepository, type SummaryRow, type SummedRow } from './analytics-summary.repository';

/**
 * The report's reads of the summary against the same rows added up here: every set of the grouped
 * sum (in all, by mode, carrier, lane and trend step, by day and by month), a carrier named as on
 * its latest day among the rows the filter selects (renamed within the period, and renamed again
 * in a currency the filter leaves out), and the period's dimensions whatever the filters.
 */
let t: TestApp;
let accountId: string;
const OLD = randomUUID();
const OTHER = randomUUID();
const ALICE = randomUUID();
const BOB = randomUUID();
const repo = () => analyticsSummaryRepository(t.database.db);

/** A row whose every sum is a different number, moved by `n`; weights not whole. */
const sums = (n: number): FigureSums =>
  Object.fromEntries(FIGURE_SUM_KEYS.map((k, i) => [k, k === 'weight_lb' ? n * 100.25 + 0.1 : n * (i + 1)])) as unknown as FigureSums;

const ROWS: Omit<SummaryRow, 'accountId'>[] = [
  ['2033-02-27', 'USD', 'ltl', OLD, 'Old Carrier', ALICE, 'IL', 'TX', 1],
  ['2033-03-02', 'USD', 'ltl', OLD, 'Old Carrier', ALICE, 'IL', 'TX', 2],
  ['2033-03-02', 'USD', 'parcel', null, 'Parcel Post', BOB, 'CA', 'NY', 3],
  ['2033-03-20', 'USD', 'ltl', OLD, 'Renamed Carrier', BOB, 'IL', 'GA', 4],
  ['2033-03-25', 'CAD', 'ltl', OLD, 'Canadian Name', ALICE, 'IL', 'TX', 5],
  ['2033-04-03', 'USD', 'truckload', OTHER, 'Other Lines', ALICE, 'GA', 'TX', 6],
  ['2033-04-28', 'USD', 'ltl', OTHER, 'Other Lines', BOB, 'IL', 'TX', 7],
  ['2033-05-09', 'USD', 'ltl', OLD, 'Renamed Carrier', ALICE, 'TX', 'IL', 8],
].map(([day, currency, mode, carrierId, carrierName, userId, originState, destinationState, n]) => ({
  day: day as string,
  currency: currency as string,
  mode: mode as string,
  carrierId: carrierId as string | null,
  carrierName: carrierName as string,
  userId: userId as string,
  originState: originState as string,
  destinationState: destinationState as string,
  accessorials: {},
  ...sums(n as number),
}));

/** The rows a filter selects, added up by a key (absent when none). */
function expected(f: AnalyticsFilter, key: (r: (typeof ROWS)[number]) => string) {
  const out = new Map<string, FigureSums>();
  for (const r of ROWS.filter((r) => r.day >= f.from && r.day <= f.to && r.currency === f.currency && (!f.mode || r.mode === f.mode))) {
    const k = key(r);
    out.set(k, addSums(out.get(k) ?? noSums(), r));
  }
  return out;
}
const sumsOf = (r: SummedRow): FigureSums => Object.fromEntries(FIGURE_SUM_KEYS.map((k) => [k, r[k]])) as unknown as FigureSums;
const closeTo = (actual: Map<string, FigureSums>, wanted: Map<string, FigureSums>) => {
  expect([...actual.keys()].sort()).toEqual([...wanted.keys()].sort());
  for (const [k, s] of wanted) for (const key of FIGURE_SUM_KEYS) expect(actual.get(k)?.[key]).toBeCloseTo(s[key], 6);
};

beforeAll(async () => {
  t = await createTestApp();
  const [account] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
  accountId = account?.id ?? '';
  await repo().replaceDays(
    accountId,
    [...new Set(ROWS.map((r) => r.day))],
    ROWS.map((r) => ({ ...r, accountId })),
    [],
  );
});

afterAll(() => t.close());

describe('the report read from the summary', () => {
  const cases: [string, Omit<AnalyticsFilter, 'accountId'>, 'day' | 'month'][] = [
    ['three months by month', { from: '2033-02-01', to: '2033-05-31', currency: 'USD' }, 'month'],
    ['one month by day', { from: '2033-03-01', to: '2033-03-31', currency: 'USD' }, 'day'],
    ['one mode', { from: '2033-02-01', to: '2033-05-31', currency: 'USD', mode: 'ltl' }, 'month'],
    ['the other currency', { from: '2033-02-01', to: '2033-05-31', currency: 'CAD' }, 'month'],
  ];
  it.each(cases)('adds up every set as the rows do: %s', async (_, filter, step) => {
    const f = { ...filter, accountId };
    const rows = await repo().grouped(f, step);
    const of = (set: SummedRow['set'], key: (r: SummedRow) => string) =>
      new Map(rows.filter((r) => r.set === set).map((r) => [key(r), sumsOf(r)]));
    closeTo(
      of('total', () => ''),
      expected(f, () => ''),
    );
    closeTo(
      of('mode', (r) => r.mode ?? ''),
      expected(f, (r) => r.mode),
    );
    closeTo(
      of('carrier', (r) => r.carrierId ?? 'none'),
      expected(f, (r) => r.carrierId ?? 'none'),
    );
    closeTo(
      of('lane', (r) => `${r.originState}-${r.destinationState}`),
      expected(f, (r) => `${r.originState}-${r.destinationState}`),
    );
    closeTo(
      of('trend', (r) => r.bucket ?? ''),
      expected(f, (r) => (step === 'day' ? r.day : r.day.slice(0, 7))),
    );
  });

  it('names a carrier as on its latest day among the rows the filter selects', async () => {
    const names = async (filter: Omit<AnalyticsFilter, 'accountId'>) =>
      Object.fromEntries(
        (await repo().grouped({ ...filter, accountId }, 'month'))
          .filter((r) => r.set === 'carrier')
          .map((r) => [r.carrierId ?? 'none', r.carrierName]),
      );
    expect(await names({ from: '2033-02-01', to: '2033-03-10', currency: 'USD' })).toEqual({ [OLD]: 'Old Carrier', none: 'Parcel Post' });
    // Renamed on the 20th; the later Canadian row is of another currency.
    expect(await names({ from: '2033-02-01', to: '2033-03-31', currency: 'USD' })).toEqual({
      [OLD]: 'Renamed Carrier',
      none: 'Parcel Post',
    });
    expect(await names({ from: '2033-02-01', to: '2033-03-31', currency: 'CAD' })).toEqual({ [OLD]: 'Canadian Name' });
    expect(await names({ from: '2033-04-01', to: '2033-05-31', currency: 'USD' })).toEqual({
      [OTHER]: 'Other Lines',
      [OLD]: 'Renamed Carrier',
    });
  });

  it("reads the period's dimensions whatever the filters and currency", async () => {
    const dims = await repo().dimensions({ accountId, from: '2033-03-01', to: '2033-04-30', currency: 'USD', mode: 'parcel' });
    expect([...dims.currencies].sort()).toEqual([
      ['CAD', 5],
      ['USD', 2 + 3 + 4 + 6 + 7],
    ]);
    const carriers = dims.carriers.map((c) => `${c.id}:${c.name}`).sort();
    expect(carriers).toEqual([`${OLD}:Old Carrier`, `${OLD}:Renamed Carrier`, `${OLD}:Canadian Name`, `${OTHER}:Other Lines`].sort());
    expect([...dims.userIds].sort()).toEqual([ALICE, BOB].sort());
    expect([...dims.origins].sort()).toEqual(['CA', 'GA', 'IL']);
    expect([...dims.destinations].sort()).toEqual(['GA', 'NY', 'TX']);
  });
});
