import { disputeMaximum, INVOICE_STATUSES, invoiceStatus, SHIPMENT_STATUSES, zonedDate } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businessDays, DEFAULT_BUSINESS_TIME_ZONE } from '../business-days';
import { creditSummary } from '../modules/invoices/credit';
import { chargeKey } from '../modules/invoices/invoices.presenter';
import { deliveryPlaceOf, stopsOf } from '../modules/shipments/truckload-stops';
import { trackingRepository } from '../modules/tracking/tracking.repository';
import { zoneOf } from '../zones';
import { accounts, invoiceDisputes, invoices, quotes, shipmentEvents, shipments, users } from './schema';
import { seededDemoDatabase } from './seeded-demo.test-support';

// A fixed instant, never the wall clock: 9 PM in Chicago, already the next day in UTC, so the
// demo's dates must be the business's days (and the places' days) to pass.
const now = new Date('2026-03-10T03:00:00Z');
const business = businessDays(DEFAULT_BUSINESS_TIME_ZONE);
const today = business.today(now);
const demo = seededDemoDatabase(now, { timeZone: DEFAULT_BUSINESS_TIME_ZONE });

async function accountOf(email: string) {
  const [user] = await demo().db.select().from(users).where(eq(users.email, email));
  const [account] = await demo().db.select().from(accounts).where(eq(accounts.id, user!.accountId!));
  return account!;
}

describe('the demo invoices', () => {
  it('give Demo Shipper Co an invoice in every state, a reweigh and an open dispute, and keep it able to ship', async () => {
    const account = await accountOf('shipper@demo.test');
    const rows = await demo().db.select().from(invoices).where(eq(invoices.accountId, account.id));
    const statuses = new Set(rows.map((r) => invoiceStatus(r, today)));
    expect([...statuses].sort()).toEqual([...INVOICE_STATUSES].sort());
    // The reweigh reaches the shipper as the adjustment of its freight invoice, billed at the booked price.
    expect(rows.some((r) => r.type === 'adjustment' && r.correction?.kind === 'reweigh' && r.totalCents > 0 && r.relatedInvoiceId)).toBe(
      true,
    );
    expect(rows.some((r) => r.balanceCents > 0 && r.balanceCents < r.totalCents)).toBe(true);
    const disputes = await demo().db.select().from(invoiceDisputes).where(eq(invoiceDisputes.accountId, account.id));
    expect(disputes.map((d) => d.status)).toEqual(['open']);
    // Within its bound: what would be left for it, were it not there, covers it.
    for (const d of disputes) {
      const invoice = rows.find((r) => r.id === d.invoiceId)!;
      const lines = invoice.charges.map((l) => ({ key: chargeKey(l), invoicedCents: l.invoiced_cents }));
      const others = disputes.filter((o) => o.id !== d.id && o.invoiceId === d.invoiceId);
      expect(d.amountCents).toBeLessThanOrEqual(
        disputeMaximum({ balanceCents: invoice.balanceCents, lines, disputes: others }, d.chargeCode),
      );
      expect(invoice.disputedCents).toBe(d.amountCents);
    }
    const summary = await creditSummary(demo().db, account, today);
    expect(summary.credit).toMatchObject({ on_hold: false, hold_reasons: [] });
    expect(account.status).toBe('active');
    const usd = summary.currencies[0]!;
    expect(usd.current).toBeGreaterThan(0);
    expect(usd.days_1_30).toBeGreaterThan(0);
    expect(usd.days_31_60).toBeGreaterThan(0);
  });

  it('start Other Freight LLC near its credit limit, not over it', async () => {
    const account = await accountOf('other@demo.test');
    const summary = await creditSummary(demo().db, account, today);
    expect(summary.credit.on_hold).toBe(false);
    expect(summary.credit.used_cents).toBeGreaterThan(summary.credit.credit_limit_cents * 0.9);
    expect(summary.credit.used_cents).toBeLessThan(summary.credit.credit_limit_cents);
  });
});

describe('the demo dates', () => {
  it("date each invoice the business's day it was issued, and each pickup and delivery the day at its place", async () => {
    expect(today).toBe('2026-03-09');
    const rows = await demo().db.select().from(invoices);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.invoiceDate, r.number).toBe(business.today(r.createdAt));
      expect(r.invoiceDate, r.number).not.toBe(r.createdAt.toISOString().slice(0, 10));
    }
    const account = await accountOf('shipper@demo.test');
    const delivered = (await demo().db.select().from(shipments).where(eq(shipments.accountId, account.id))).filter(
      (s) => s.mode === 'ltl' && s.deliveredAt,
    );
    expect(delivered.length).toBeGreaterThan(0);
    for (const s of delivered) {
      expect(s.estimatedDelivery, s.bolNumber).toBe(zonedDate(s.deliveredAt!, zoneOf(s.destinationState, s.destinationCountry)));
    }
  });
});

describe('the demo shipments on the road', () => {
  it('give Demo Shipper Co every status (moving, delivered, canceled), an attempted delivery and an alert needing action, and their carrier events', async () => {
    const account = await accountOf('shipper@demo.test');
    const rows = await demo().db.select().from(shipments).where(eq(shipments.accountId, account.id));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(SHIPMENT_STATUSES));
    const moving = rows.filter((r) => r.status !== 'delivered');
    expect(moving.map((r) => r.status).sort()).toEqual([
      'canceled',
      'delayed',
      'delayed',
      'dispatched',
      'in_transit',
      'in_transit',
      'pending',
    ]);
    expect(moving.find((r) => r.status === 'canceled')?.canceledAt).not.toBeNull();
    // Phoenix by its attempted delivery; Dallas, the oldest on the road, by the demo's Action
    // Required alert (staff set it by hand, seed-alerts.ts).
    expect(
      moving
        .filter((r) => r.actionRequired)
        .map((r) => r.destinationCity)
        .sort(),
    ).toEqual(['Dallas', 'Phoenix']);
    for (const r of moving.filter((m) => m.status !== 'pending')) {
      const events = await demo().db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, r.id));
      expect(events.length, r.bolNumber).toBeGreaterThan(0);
    }
  });
});

describe('the demo truckload with an extra stop', () => {
  it('runs Chicago -> Indianapolis (a drop) -> Atlanta with its stop-off charged', async () => {
    const account = await accountOf('shipper@demo.test');
    const rows = await demo().db.select().from(shipments).where(eq(shipments.accountId, account.id));
    const truckload = rows.find((r) => r.mode === 'truckload');
    expect(truckload).toMatchObject({ status: 'in_transit', scac: 'DVLN', service: 'dry_van', destinationCity: 'Atlanta' });
    expect(stopsOf(truckload!).map((s) => [s.kind, s.place.city])).toEqual([['drop', 'Indianapolis']]);
    expect(deliveryPlaceOf(truckload!)).not.toHaveProperty('stops');
    expect(truckload!.charges).toContainEqual(expect.objectContaining({ detail: 'stop_off' }));
  });
});

describe('the demo shipments waiting on the shipper', () => {
  it('are never due for the demo tracking poll, so their story stays', async () => {
    const all = await demo().db.select({ id: shipments.id, carrierId: shipments.carrierId, status: shipments.status }).from(shipments);
    const carriers = [...new Set(all.map((s) => s.carrierId).filter((id): id is string => Boolean(id)))];
    const due = await trackingRepository(demo().db).dueForPolling(carriers, now, 500);
    const dueIds = new Set(due.map((s) => s.id));
    for (const s of all.filter((x) => x.status === 'delayed')) expect(dueIds.has(s.id)).toBe(false);
    expect(due.length).toBeGreaterThan(0);
  });
});

describe('the demo quote history', () => {
  it('gives the demo shipper two weeks of rated quotes of every mode, some saved, none in the future', async () => {
    const account = await accountOf('shipper@demo.test');
    const rows = await demo().db.select().from(quotes).where(eq(quotes.accountId, account.id));
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((r) => r.mode))).toEqual(new Set(['ltl', 'parcel', 'truckload']));
    expect(rows.some((r) => r.saved)).toBe(true);
    expect(rows.every((r) => r.createdAt <= now)).toBe(true);
    // Rated by the engine: each has rates, and its lowest total is one of them (the carriers' share).
    for (const r of rows) {
      const rates = (r.result as { rates: { total_cents: number }[] }).rates;
      expect(rates.length, JSON.stringify(r.input)).toBeGreaterThan(0);
      expect(rates.map((x) => x.total_cents)).toContain(r.lowestTotalCents);
    }
    const lastWeek = rows.filter((r) => r.createdAt.getTime() > now.getTime() - 7 * 86_400_000);
    expect(lastWeek.length).toBeGreaterThanOrEqual(15);
  });
});
