import type { CarrierInvoiceListResponse, CarrierInvoiceSummaryView, CarrierInvoiceView } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { billedAsExpected, carrierInvoiceFixtures } from './test-helpers';

/**
 * The audit queue around an invoice: the invoices approved by themselves as a tab of their own,
 * what approving the billed amount would re-bill the shipper (and that it is what is billed), and
 * a shipment's carrier invoices.
 */
let t: TestApp;
let accounting: TestClient;
let fx: ReturnType<typeof carrierInvoiceFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  accounting = await t.client().login('accounting@demo.test');
  fx = carrierInvoiceFixtures(t, accounting);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await accounting.get(`/api/admin/carrier-invoices?per_page=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CarrierInvoiceListResponse;
};
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('the auto-approved tab', () => {
  it('lists the invoices approved without a person (auto=true), whatever became of them, counted as a tab', async () => {
    const within = await fx.shipment();
    const over = await fx.shipment();
    const [auto, waiting] = (
      await fx.upload([
        { bol_number: within.s.bolNumber, lines: billedAsExpected({ fuel: 6_800 }) },
        { bol_number: over.s.bolNumber, lines: billedAsExpected({ freight: 46_000 }) },
      ])
    ).outcomes;
    expect([auto?.status, waiting?.status]).toEqual(['approved', 'pending_audit']);
    // Approved by a person: approved too, but not by itself.
    const approved = await accounting.post(`/api/admin/carrier-invoices/${waiting!.id}/approve`, { version: 1 });
    expect(approved.json().data).toMatchObject({ status: 'approved', auto_approved: false });

    const autoList = await list('auto=true');
    expect(ids(autoList.data)).toContain(auto!.id);
    expect(ids(autoList.data)).not.toContain(waiting!.id);
    expect(autoList.data.every((r: CarrierInvoiceSummaryView) => r.auto_approved)).toBe(true);
    expect(autoList.counts.auto_approved).toBe(autoList.meta.total);
    expect(autoList.counts.approved).toBeGreaterThanOrEqual(2);
    // With another filter: the approved ones a person decided.
    const byPerson = await list('status=approved&auto=false');
    expect(ids(byPerson.data)).toContain(waiting!.id);
    expect(ids(byPerson.data)).not.toContain(auto!.id);
    // Counted the same from any tab.
    expect((await list('status=unmatched')).counts.auto_approved).toBe(autoList.meta.total);

    const bad = await accounting.get('/api/admin/carrier-invoices?auto=maybe');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('auto');
  });
});

describe('what approving would re-bill', () => {
  it('shows the shipper’s adjustment before approval, and approval issues exactly that', async () => {
    const rw = await fx.shipment('reweigh');
    const factor = 1.2;
    const [o] = (
      await fx.upload([
        {
          bol_number: rw.s.bolNumber,
          weight_lb: Math.round(rw.booked.weight_lb * factor),
          lines: billedAsExpected({ freight: Math.round(36_000 * factor), fuel: Math.round(6_500 * factor) }),
        },
      ])
    ).outcomes;
    const before = await fx.view(o!.id);
    expect(before.status).toBe('pending_audit');
    expect(before.rebill_preview).toMatchObject({ currency: 'USD', amount_cents: expect.any(Number) });
    expect(before.rebill_preview!.amount_cents).toBeGreaterThan(0);

    const res = await accounting.post(`/api/admin/carrier-invoices/${o!.id}/approve`, { version: before.version, amount: 'billed' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as CarrierInvoiceView;
    const [adjustment] = await t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.shipmentId, rw.s.id), eq(invoices.type, 'adjustment')));
    expect(adjustment!.totalCents).toBe(before.rebill_preview!.amount_cents);
    expect(adjustment!.currency).toBe(before.rebill_preview!.currency);
    expect(after.rebill_invoice).toMatchObject({ id: adjustment!.id, total_cents: before.rebill_preview!.amount_cents });
    // Decided: nothing more would be re-billed.
    expect(after.rebill_preview).toBeNull();
  });

  it('is null when approving would re-bill nothing: an accessorial not ordered, or a shipment already adjusted', async () => {
    const extra = await fx.shipment();
    const rw = await fx.shipment('reweigh');
    const weight = Math.round(rw.booked.weight_lb * 1.1);
    const reweigh = { bol_number: rw.s.bolNumber, weight_lb: weight, lines: billedAsExpected({ freight: 39_600, fuel: 7_150 }) };
    const [notOrdered, first, second] = (
      await fx.upload([
        { bol_number: extra.s.bolNumber, lines: [...billedAsExpected(), { code: 'inside_delivery', amount_cents: 9_000 }] },
        reweigh,
        { ...reweigh, invoice_number: 'RW-AGAIN' },
      ])
    ).outcomes;
    expect((await fx.view(notOrdered!.id)).rebill_preview).toBeNull();
    expect((await fx.view(second!.id)).rebill_preview).not.toBeNull();
    await accounting.post(`/api/admin/carrier-invoices/${first!.id}/approve`, { version: 1 });
    // The shipment has its adjustment now: once per shipment.
    expect((await fx.view(second!.id)).rebill_preview).toBeNull();
  });
});

describe('a shipment’s carrier invoices', () => {
  it('lists the invoices matched to the shipment, newest first; 404 for an unknown shipment; the auditors’ door', async () => {
    const a = await fx.shipment();
    const b = await fx.shipment();
    const first = (await fx.upload([{ bol_number: a.s.bolNumber, lines: billedAsExpected() }])).outcomes[0]!;
    t.clock.advanceMinutes(1);
    const second = (await fx.upload([{ bol_number: a.s.bolNumber, lines: billedAsExpected({ fuel: 9_000 }) }])).outcomes[0]!;
    const other = (await fx.upload([{ bol_number: b.s.bolNumber, lines: billedAsExpected() }])).outcomes[0]!;

    const res = await accounting.get(`/api/admin/shipments/${a.s.id}/carrier-invoices`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as CarrierInvoiceSummaryView[];
    expect(ids(rows)).toEqual([second.id, first.id]);
    expect(ids(rows)).not.toContain(other.id);
    expect(rows[0]).toMatchObject({ shipment: { id: a.s.id }, invoice_number: second.invoice_number });

    expect((await accounting.get('/api/admin/shipments/00000000-0000-4000-8000-000000000000/carrier-invoices')).statusCode).toBe(404);
    expect((await accounting.get('/api/admin/shipments/not-an-id/carrier-invoices')).statusCode).toBe(404);
    const ops = await t.client().login('ops@demo.test');
    expect((await ops.get(`/api/admin/shipments/${a.s.id}/carrier-invoices`)).statusCode).toBe(403);
    // Ops opens the shipment itself.
    expect((await ops.get(`/api/admin/shipments/${a.s.id}`)).statusCode).toBe(200);
  });
});
