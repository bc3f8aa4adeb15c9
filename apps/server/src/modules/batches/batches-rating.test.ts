import { BATCH_CSV_COLUMNS, type BatchView } from '@freight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierAdapter } from '../../carrier-adapters/adapter';
import { TariffCarrier } from '../../carrier-adapters/tariff-carrier';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { businessDay } from '../shipments/test-helpers';
import { batchesRepository } from './batches.repository';

/** Rating a batch: every good row quoted, a failing carrier or row never the batch's failure, a choice by the batch's rule. */
const failing = new Set<string>();
function adapterFor(row: ConstructorParameters<typeof TariffCarrier>[0]): CarrierAdapter {
  const real = new TariffCarrier(row);
  return {
    carrier: real.carrier,
    rate: (request) => (failing.has(row.scac) ? Promise.reject(new Error('HTTP 503 Service Unavailable')) : real.rate(request)),
  };
}

let t: TestApp;
let shipper: TestClient;
let other: TestClient;
beforeAll(async () => {
  t = await createTestApp({}, { rateAdapterFor: adapterFor });
  shipper = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
});
afterAll(() => t.close());

const header = BATCH_CSV_COLUMNS.join(',');
const line = (over: Record<string, string> = {}) => {
  const good: Record<string, string> = {
    mode: 'ltl',
    pickup_date: businessDay(t),
    origin_postal_code: '60606',
    origin_country: 'US',
    destination_postal_code: '75201',
    destination_country: 'US',
    package_type: 'pallets',
    quantity: '1',
    length: '48',
    width: '40',
    height: '48',
    weight: '500',
    insured_value: '1000',
  };
  return BATCH_CSV_COLUMNS.map((c) => ({ ...good, ...over })[c] ?? '').join(',');
};
const upload = async (csv: string, query = '') => {
  const res = await shipper.request({ method: 'POST', url: `/api/batches${query}`, payload: csv, headers: { 'content-type': 'text/csv' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as BatchView;
};
const rate = async (id: string) => {
  const res = await shipper.post(`/api/batches/${id}/rate`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BatchView;
};

describe('rating a batch', () => {
  it('rates every good row, leaves the bad ones, and picks the cheapest by default', async () => {
    const batch = await upload([header, line(), line({ height: '' }), line({ destination_postal_code: '10001' })].join('\n'));
    const rated = await rate(batch.id);
    expect(rated.status).toBe('rated');
    expect(rated.rows.map((r) => r.status)).toEqual(['rated', 'invalid', 'rated']);
    for (const row of [rated.rows[0]!, rated.rows[2]!]) {
      expect(row.quote_id).toEqual(expect.any(String));
      expect(row.result!.rates.length).toBeGreaterThan(1);
      const cheapest = Math.min(...row.result!.rates.map((r) => r.total_cents));
      expect(row.result!.rates.find((r) => r.id === row.rate_id)?.total_cents).toBe(cheapest);
    }
    expect(rated.rows[1]).toMatchObject({ quote_id: null, rate_id: null, result: null });
  });

  it('goes on without a carrier that fails, and a row that cannot be rated is its own failure', async () => {
    const before = await upload([header, line()].join('\n'));
    const all = (await rate(before.id)).rows[0]!.result!.rates;
    const down = all[0]!.scac;
    failing.add(down);
    try {
      const batch = await upload(
        [
          header,
          line(),
          line({ origin_country: 'CA', origin_postal_code: 'M5V 3L9', destination_country: 'MX', destination_postal_code: '06600' }),
          line(),
        ].join('\n'),
      );
      const rated = await rate(batch.id);
      expect(rated.rows[0]!.status).toBe('rated');
      expect(rated.rows[0]!.result!.rates.map((r) => r.scac)).not.toContain(down);
      expect(rated.rows[0]!.rate_id).toEqual(expect.any(String));
      expect(rated.rows[2]!.status).toBe('rated');
      // A lane across a border that no carrier serves is quoted by phone: the row is rated with no rate and says why.
      expect(rated.rows[1]).toMatchObject({ rate_id: null, result: { rates: [], message: expect.stringContaining('Cross-border') } });
    } finally {
      failing.delete(down);
    }
  });

  it('picks by the batch rule: the fastest, a preferred carrier, the cheapest within a transit limit', async () => {
    const fastest = await rate((await upload([header, line()].join('\n'), '?rule=fastest')).id);
    const row = fastest.rows[0]!;
    const quickest = Math.min(...row.result!.rates.map((r) => r.transit_days));
    expect(row.result!.rates.find((r) => r.id === row.rate_id)?.transit_days).toBe(quickest);

    const dearest = [...row.result!.rates].sort((a, b) => b.total_cents - a.total_cents)[0]!;
    const preferred = await rate(
      (await upload([header, line()].join('\n'), `?rule=preferred_carrier&preferred_carrier=${dearest.scac}`)).id,
    );
    expect(preferred.rows[0]!.result!.rates.find((r) => r.id === preferred.rows[0]!.rate_id)?.scac).toBe(dearest.scac);

    const none = await rate((await upload([header, line()].join('\n'), '?rule=preferred_carrier&preferred_carrier=NOPE')).id);
    expect(none.rows[0]).toMatchObject({
      status: 'rated',
      rate_id: null,
      result: { message: "No rate fits the batch's rule; choose one of the rates." },
    });

    const within = await rate((await upload([header, line()].join('\n'), `?rule=cheapest_within_transit&max_transit_days=${quickest}`)).id);
    const pick = within.rows[0]!.result!.rates.find((r) => r.id === within.rows[0]!.rate_id);
    expect(pick!.transit_days).toBeLessThanOrEqual(quickest);
  });

  it('picks by the account’s automation rules', async () => {
    const first = await rate((await upload([header, line()].join('\n'))).id);
    const dearest = [...first.rows[0]!.result!.rates].sort((a, b) => b.total_cents - a.total_cents)[0]!;
    const made = await shipper.post('/api/automation-rules', {
      name: 'Batch test: prefer the dearest',
      conditions: [{ field: 'weight_lb', op: 'gt', value: 1 }],
      actions: { prefer_carriers: [dearest.scac] },
    });
    expect(made.statusCode, made.body).toBe(201);
    try {
      const ruled = await rate((await upload([header, line()].join('\n'), '?rule=automation_rules')).id);
      expect(ruled.rows[0]!.result!.rates.find((r) => r.id === ruled.rows[0]!.rate_id)?.scac).toBe(dearest.scac);
    } finally {
      await shipper.request({ method: 'DELETE', url: `/api/automation-rules/${made.json().data.id}` });
    }
  });

  it('lets the user choose another of a rated row’s rates', async () => {
    const batch = await upload([header, line(), line({ height: '' })].join('\n'));
    const rated = await rate(batch.id);
    const row = rated.rows[0]!;
    const other = row.result!.rates.find((r) => r.id !== row.rate_id)!;
    const url = `/api/batches/${batch.id}/rows/2`;
    const chosen = await shipper.put(url, { rate_id: other.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((chosen.json().data as BatchView).rows[0]).toMatchObject({ status: 'rated', rate_id: other.id, quote_id: row.quote_id });
    const unknown = await shipper.put(url, { rate_id: 'no-such-rate' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.rate_id).toEqual(['This rate is not part of the quote. Re-rate and choose again.']);
    expect((await shipper.put(`/api/batches/${batch.id}/rows/3`, { rate_id: other.id })).statusCode).toBe(422);
    expect((await shipper.put(url, { rate_id: other.id, cells: { height: '1' } })).statusCode).toBe(422);
    expect((await shipper.put(url, {})).statusCode).toBe(422);
    // A changed row is quoted again: its earlier quote and choice are gone.
    const changed = await shipper.put(url, { cells: { weight: '600' } });
    expect((changed.json().data as BatchView).rows[0]).toMatchObject({ status: 'valid', quote_id: null, rate_id: null, result: null });
  });

  it('counts a second rating’s progress from none: rows rated in the latest round of those still to rate', async () => {
    const batch = await upload([header, line(), line(), line({ height: '' })].join('\n'));
    const progress = async () => (await shipper.get(`/api/batches/${batch.id}/status`)).json().data.progress.rating;
    expect(await progress()).toEqual({ done: 0, total: 2 });
    await rate(batch.id);
    expect(await progress()).toEqual({ done: 2, total: 2 });
    // A changed row waits for the next rating; the invalid row, once fixed, too.
    expect((await shipper.put(`/api/batches/${batch.id}/rows/2`, { cells: { weight: '520' } })).statusCode).toBe(200);
    expect((await shipper.put(`/api/batches/${batch.id}/rows/4`, { cells: { height: '40' } })).statusCode).toBe(200);
    expect(await progress()).toEqual({ done: 1, total: 3 });
    // A second round started: every row it rates is to come, those rated in the first no longer count.
    await batchesRepository(t.database.db).startRatingRound(batch.id, t.clock.now);
    expect(await progress()).toEqual({ done: 0, total: 3 });
    await rate(batch.id);
    expect(await progress()).toEqual({ done: 3, total: 3 });
  });

  it('is the account’s own', async () => {
    const batch = await upload([header, line()].join('\n'));
    expect((await other.post(`/api/batches/${batch.id}/rate`)).statusCode).toBe(404);
    expect((await shipper.post('/api/batches/nope/rate')).statusCode).toBe(404);
  });
});
