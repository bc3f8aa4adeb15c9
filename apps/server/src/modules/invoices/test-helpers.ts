import { addCalendarDays, vicsBolNumber, zonedDate } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { type DemoDockFinding, demoDockFinding } from '../../carrier-adapters/tariff-carrier';
import { invoices, shipments } from '../../db/schema';
import type { TestApp } from '../../test/harness';
import { type FixtureOptions, insertShipment, setTrackingSecret, signature } from '../tracking/test-fixtures';

/** Invoice test helpers shared by the invoices, payments and credit tests. */

const SECRET = 'invoice-test-secret';
let serial = 8_000_000 + Math.floor(Math.random() * 1_000_000);

/** What the demo dock finds for a BOL (TariffCarrier.inspect). */
export type Dock = DemoDockFinding;

/** A fresh BOL number the demo dock treats as `dock`. */
export function bolFor(dock: Dock): string {
  for (;;) {
    const bol = vicsBolNumber(serial++);
    if (demoDockFinding(bol) === dock) return bol;
  }
}

/**
 * A booked LTL shipment of the user's account, delivered by its carrier's signed D1 event; the
 * invoicing job has run. Answers the shipment and its freight invoice (none for a prepaid account).
 */
export async function deliveredShipment(t: TestApp, opts: FixtureOptions & { dock?: Dock } = {}) {
  const db = t.database.db;
  const row = await insertShipment(db, { status: 'in_transit', ...opts });
  const bol = bolFor(opts.dock ?? 'as_booked');
  await db.update(shipments).set({ bolNumber: bol }).where(eq(shipments.id, row.id));
  await setTrackingSecret(db, row.scac, SECRET);
  const raw = JSON.stringify({
    events: [{ bol_number: bol, status_code: 'D1', occurred_at: t.clock.now.toISOString(), city: 'Dallas', state: 'TX' }],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/carriers/${row.scac}/tracking-events`,
    headers: { 'content-type': 'application/json', 'x-signature': signature(SECRET, raw) },
    payload: raw,
  });
  if (res.statusCode !== 202) throw new Error(`delivery not accepted: ${res.body}`);
  await t.app.jobs.runDue(200);
  await t.app.background.drain();
  const [invoice] = await db.select().from(invoices).where(eq(invoices.shipmentId, row.id));
  return { shipment: { ...row, bolNumber: bol }, invoice };
}

/** Moves an invoice's dates back `days` days, as if it had been issued that long ago. */
export async function ageInvoice(t: TestApp, id: string, days: number) {
  const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new Error('no invoice');
  const back = (d: string) => addCalendarDays(d, -days);
  await t.database.db
    .update(invoices)
    .set({ invoiceDate: back(row.invoiceDate), dueDate: back(row.dueDate) })
    .where(eq(invoices.id, id));
}

/**
 * Dates an invoice net 30 so that it falls due `days` days after the business's today (the
 * default BUSINESS_TIME_ZONE), the day the invoice round counts from, whatever the invoice's own
 * dates were.
 */
export async function dueInBusinessDays(t: TestApp, id: string, days: number) {
  const due = addCalendarDays(zonedDate(t.clock.now, 'America/Chicago'), days);
  await t.database.db
    .update(invoices)
    .set({ invoiceDate: addCalendarDays(due, -30), dueDate: due })
    .where(eq(invoices.id, id));
}
