import type { CarrierInvoice210 } from '@freight/contracts';
import {
  addCalendarDays,
  CARRIER_INVOICE_TOLERANCE,
  CARRIER_NET_DAYS,
  type ExpectedLine,
  expectedLineKey,
  NMFC_CLASSES,
  zonedDate,
} from '@freight/domain';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { demoDockFinding } from '../carrier-adapters/tariff-carrier';
import type { AppContext } from '../context';
import { carrierInvoicesRepository } from '../modules/carrier-invoices/carrier-invoices.repository';
import { expectedOf, inspectionOf, intakeInvoices } from '../modules/carrier-invoices/intake';
import { inspectedShipment } from '../modules/invoices/invoicing';
import type { ShipmentRow } from '../modules/shipments/shipments.repository';
import type { Db } from './client';
import { carrierInvoiceMessages, invoices, payablesBatches, shipments, users } from './schema';

/**
 * Demo carrier invoices, so the audit queue and payables screens are full at once, on the demo
 * invoices' delivered shipments (seed-invoices.ts): auto-approved; waiting with each reason (a
 * reweigh of a Demo Shipper Co shipment for accounting to approve, which its carrier's dock
 * inspection supports; a reclass it does not; an accessorial not ordered, an amount variance);
 * unmatched; a duplicate; disputed with its thread; short-paid; approved and paid in a payables
 * batch; and the reweigh accounting approved, whose adjustment the shipper was billed. Each goes
 * through the real intake, so its audit is the real one.
 */

const DAY = 86_400_000;

type Shipment = ShipmentRow;

/** A 210 billing the shipment's expected cost, `scale` applied to its linehaul and fuel, `extra` lines added. */
function billOf(
  s: Shipment,
  number: string,
  invoiceDate: string,
  o: { scale?: number; weight?: number; freightClass?: number | null; extra?: ExpectedLine[]; plus?: number } = {},
) {
  const { lines } = expectedOf(s);
  const booked = inspectedShipment(s);
  const billed = [...lines, ...(o.extra ?? [])].map((l, i) => {
    const key = expectedLineKey(l);
    const scaled = ['freight', 'fuel', 'discount'].includes(l.code) ? Math.round(l.amount_cents * (o.scale ?? 1)) : l.amount_cents;
    return {
      code: key as CarrierInvoice210['lines'][number]['code'],
      description: l.detail ?? l.code,
      amount_cents: scaled + (i === 0 ? (o.plus ?? 0) : 0),
    };
  });
  const data: CarrierInvoice210 = {
    invoice_number: number,
    scac: s.scac,
    invoice_date: invoiceDate,
    pro_number: s.proNumber ?? '',
    bol_number: s.bolNumber,
    currency: 'USD',
    weight_lb: o.weight ?? booked.weight_lb,
    freight_class: o.freightClass === undefined ? booked.freight_class : o.freightClass,
    amount_due_cents: billed.reduce((a, l) => a + l.amount_cents, 0),
    lines: billed,
  };
  return data;
}

export async function seedDemoCarrierInvoices(tx: Db, now: Date, timeZone: string) {
  const ctx = {
    now: () => now,
    config: {
      CARRIER_INVOICE_TOLERANCE_CENTS: CARRIER_INVOICE_TOLERANCE.cents,
      CARRIER_INVOICE_TOLERANCE_BP: CARRIER_INVOICE_TOLERANCE.bp,
    },
  } as Pick<AppContext, 'now' | 'config'>;
  const delivered = await tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.status, 'delivered'), isNotNull(shipments.carrierId), eq(shipments.mode, 'ltl')))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
  const [staff] = await tx.select().from(users).where(eq(users.email, 'accounting@demo.test'));
  const [shipper] = await tx.select({ accountId: users.accountId }).from(users).where(eq(users.email, 'shipper@demo.test'));
  if (delivered.length < 10 || !staff) return;
  const reweighed = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.type, 'adjustment'), isNotNull(invoices.correction)));
  const today = zonedDate(now, timeZone);
  const daysAgo = (n: number) => addCalendarDays(today, -n);
  const at = (n: number) => new Date(now.getTime() - n * DAY);
  const repo = carrierInvoicesRepository(tx);
  const byShipment = new Map(delivered.map((s) => [s.id, s]));
  const rebilledShipment = reweighed[0]?.shipmentId ? byShipment.get(reweighed[0].shipmentId) : undefined;
  const others = delivered.filter((s) => s.id !== rebilledShipment?.id);
  // Demo Shipper Co's reweigh to approve: a shipment whose carrier's dock reweighed it (seed-invoices.ts books one).
  const rw =
    others.find((s) => s.accountId === shipper?.accountId && demoDockFinding(s.bolNumber) === 'reweigh') ??
    others.find((s) => s.accountId === shipper?.accountId);
  // The reclass on freight the dock found as booked: its inspection does not support it.
  const rc = others.find((s) => s !== rw && demoDockFinding(s.bolNumber) === 'as_booked');
  const rest = others.filter((s) => s !== rw && s !== rc);
  const pick = (i: number) => rest[i] as Shipment;
  const nextClass = (c: number | null) =>
    c === null ? 85 : ((NMFC_CLASSES as readonly number[])[(NMFC_CLASSES as readonly number[]).indexOf(c) + 1] ?? c);

  const take = async (data: CarrierInvoice210) => {
    const [outcome] = await intakeInvoices(tx, ctx, { source: 'csv' }, [{ line: null, data }]);
    if (!outcome) throw new Error('demo carrier invoice not taken');
    const row = await repo.lock(outcome.id);
    if (!row) throw new Error('demo carrier invoice not found');
    return row;
  };
  const decide = (id: string, version: number, values: Parameters<typeof repo.updateAt>[2]) =>
    repo.updateAt(id, version, { decidedBy: staff.id, decidedAt: at(1), updatedAt: at(1), ...values });

  // The reweigh accounting approved: its shipper was billed the adjustment (seed-invoices.ts).
  if (rebilledShipment && reweighed[0]) {
    const booked = inspectedShipment(rebilledShipment);
    const row = await take(billOf(rebilledShipment, 'RB-88120', daysAgo(11), { scale: 1.18, weight: Math.round(booked.weight_lb * 1.18) }));
    await decide(row.id, row.version, {
      status: 'approved',
      approvedCents: row.audit?.corrected_cents ?? row.billedCents,
      dueDate: addCalendarDays(row.invoiceDate, CARRIER_NET_DAYS),
      rebillInvoiceId: reweighed[0].id,
      decisionNote: 'Reweigh certificate received',
    });
  }

  // Waiting in the queue, one per reason; the first a reweigh of Demo Shipper Co's for a scenario to
  // approve, billed at the weight the dock found (15% over when it found none: then unsupported).
  if (rw) {
    const booked = inspectedShipment(rw).weight_lb;
    const found = (await inspectionOf(tx, rw, new Map()))?.weight_lb ?? booked;
    const weight = found > booked ? found : Math.round(booked * 1.15);
    await take(billOf(rw, 'RW-20451', daysAgo(2), { scale: weight / booked, weight }));
  }
  if (rc) await take(billOf(rc, 'RC-20452', daysAgo(2), { scale: 1.1, freightClass: nextClass(inspectedShipment(rc).freight_class) }));
  await take(billOf(pick(0), 'AC-20453', daysAgo(3), { extra: [{ code: 'accessorial', detail: 'inside_delivery', amount_cents: 7_500 }] }));
  await take(billOf(pick(1), 'AV-20454', daysAgo(3), { plus: 6_000 }));

  // As expected: approved by itself; one of them sent twice (a duplicate).
  await take(billOf(pick(2), 'OK-20455', daysAgo(4)));
  await take(billOf(pick(2), 'OK-20455', daysAgo(4)));
  await take(billOf(pick(3), 'OK-20456', daysAgo(1)));

  // Unmatched: a PRO nobody has, under a carrier's SCAC.
  await take({ ...billOf(pick(4), 'UM-20457', daysAgo(1)), pro_number: '7700012345', bol_number: 'VICS-UNKNOWN-1' });

  // Disputed, with its thread.
  const disputed = await take(billOf(pick(5), 'DS-20458', daysAgo(9), { plus: 20_000 }));
  await decide(disputed.id, disputed.version, { status: 'disputed' });
  await tx.insert(carrierInvoiceMessages).values([
    {
      carrierInvoiceId: disputed.id,
      authorId: staff.id,
      fromCarrier: false,
      body: 'The linehaul is $200.00 over the rate confirmation. Please rebill.',
      createdAt: at(8),
    },
    {
      carrierInvoiceId: disputed.id,
      authorId: null,
      fromCarrier: true,
      body: 'Our rate included a detention charge; we will send the driver log.',
      createdAt: at(6),
    },
  ]);

  // Short-paid: paid the expected cost, saying why.
  const short = await take(billOf(pick(6), 'SP-20459', daysAgo(6), { plus: 12_000 }));
  await decide(short.id, short.version, {
    status: 'short_paid',
    approvedCents: short.expectedCents ?? short.billedCents - 12_000,
    dueDate: addCalendarDays(short.invoiceDate, CARRIER_NET_DAYS),
    decisionNote: 'Paid at the rate confirmation: no detention was approved',
  });

  // Approved and paid, in last week's payables batch.
  if (rest.length > 7) {
    const paid = await take(billOf(pick(7), 'PD-20460', daysAgo(20)));
    const [batch] = await tx
      .insert(payablesBatches)
      .values({ createdBy: staff.id, createdAt: at(7) })
      .returning();
    if (batch) {
      await repo.updateAt(paid.id, paid.version, {
        payablesBatchId: batch.id,
        status: 'paid',
        paidAt: at(5),
        paidBy: staff.id,
        paidReference: 'ACH 0042',
        updatedAt: at(5),
      });
    }
  }
}
