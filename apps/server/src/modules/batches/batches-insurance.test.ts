import type { BatchResultRow } from '@freight/contracts';
import { DEFAULT_INSURANCE_PARAMS, insurancePremiumCents } from '@freight/domain/rating';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { bookableLine, bookBatch, chosenTotal, header, rate, upload as uploadFile } from './batches-test-helpers';

/** A batch row's insurance: its own yes or no, else its automation rules', priced before booking and booked. */
let t: TestApp;
let shipper: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
});
afterAll(() => t.close());

const upload = (lines: string[], query = '') => uploadFile(shipper, [header, ...lines].join('\n'), query);

// Goods worth $3,000: the first tier of cover takes all of them.
const PREMIUM_3000 = insurancePremiumCents(300_000, DEFAULT_INSURANCE_PARAMS);

describe('insurance in a batch', () => {
  it('insures a row that asks, prices its premium before booking and books it insured', async () => {
    const batch = await upload([
      bookableLine(t, { client_ref: 'INS-YES', insured_value: '3000', insurance: 'yes' }),
      bookableLine(t, { client_ref: 'INS-NO', insured_value: '3000', insurance: 'no' }),
      bookableLine(t, { client_ref: 'INS-EMPTY', insured_value: '3000' }),
    ]);
    const rated = await rate(shipper, batch.id);
    const [yes, no, empty] = rated.rows;
    expect(yes!.result!.insurance).toEqual({ kind: 'first_tier', premium_cents: PREMIUM_3000, coverage_cents: 300_000 });
    // Not asked for and no rule to say so: none.
    expect(no!.result!.insurance).toBeNull();
    expect(empty!.result!.insurance).toBeNull();

    const results = (await shipper.get(`/api/batches/${batch.id}/results`)).json().data as BatchResultRow[];
    expect(results[0]!.price_cents).toBe(chosenTotal(yes!) + PREMIUM_3000);
    expect(results[1]!.price_cents).toBe(chosenTotal(no!));

    const booked = await bookBatch(shipper, batch.id);
    expect(booked.rows.map((r) => r.status)).toEqual(['booked', 'booked', 'booked']);
    const insured = (await shipper.get(`/api/shipments/${booked.rows[0]!.shipment_id}`)).json().data;
    expect(insured.insurance).toMatchObject({ kind: 'first_tier', premium_cents: PREMIUM_3000, coverage_cents: 300_000 });
    const after = (await shipper.get(`/api/batches/${batch.id}/results`)).json().data as BatchResultRow[];
    // The booked shipment's total is the price the row showed before booking.
    expect(after[0]!.price_cents).toBe(results[0]!.price_cents);
    expect((await shipper.get(`/api/shipments/${booked.rows[1]!.shipment_id}`)).json().data.insurance).toBeNull();
  });

  it('leaves an empty cell to the automation rules when the batch is rated by them; the row’s own no wins', async () => {
    const made = await shipper.post('/api/automation-rules', {
      name: 'Batch test: insure $2,000 or more',
      conditions: [{ field: 'order_value_cents', op: 'gte', value: 200_000 }],
      actions: { insurance: 'insured' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const batch = await upload(
      [
        bookableLine(t, { client_ref: 'RULE-EMPTY', insured_value: '3000' }),
        bookableLine(t, { client_ref: 'RULE-NO', insured_value: '3000', insurance: 'false' }),
        bookableLine(t, { client_ref: 'RULE-LOW', insured_value: '1000' }),
      ],
      '?rule=automation_rules',
    );
    const rated = await rate(shipper, batch.id);
    expect(rated.rows.map((r) => r.result?.insurance?.kind ?? null)).toEqual(['first_tier', null, null]);
  });

  it('refuses insurance without a value to insure, naming the column', async () => {
    const batch = await upload([
      bookableLine(t, { client_ref: 'NO-VALUE', insured_value: '0', insurance: 'yes' }),
      bookableLine(t, { client_ref: 'BAD-WORD', insurance: 'perhaps' }),
    ]);
    expect(batch.rows.map((r) => r.status)).toEqual(['invalid', 'invalid']);
    expect(batch.rows[0]!.errors).toEqual([{ field: 'insured_value', message: 'Enter the value of the goods to insure them' }]);
    expect(batch.rows[1]!.errors.map((e) => e.field)).toEqual(['insurance']);
  });
});
