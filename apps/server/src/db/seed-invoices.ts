import { correctedAmounts } from '@freight/domain';
import type { ChargeLine } from '@freight/domain/rating';
import { eq } from 'drizzle-orm';
import { invoicesRepository } from '../modules/invoices/invoices.repository';
import { billedCorrection, chargeLines, insertInvoice } from '../modules/invoices/invoicing';
import type { Db } from './client';
import { accounts, users } from './schema';
import { type DemoShipmentSpec, demoShipment } from './seed-shipments';

/**
 * Demo invoices, so a newcomer sees every invoice screen filled at once: Demo Shipper
 * Co has invoices current, past due (within its grace days, so it can still ship), disputed,
 * partly paid, paid last week by card and by bank, one processing, and a reweigh's adjustment
 * invoice (from the carrier's approved correction); Other Freight LLC starts near its $5,000 credit limit (one more booking holds it).
 * Each invoice has its delivered shipment, as invoicing on delivery would have made it.
 */

const DAY = 86_400_000;

interface DemoInvoice {
  lane: number;
  linehaul: number;
  deliveredDaysAgo: number;
  netDays?: number;
  reweigh?: number;
  /** What the carrier's dock found at delivery (seed-carrier-invoices.ts bills a reweigh it found). */
  dock?: DemoShipmentSpec['dock'];
}

/** A shipment delivered `deliveredDaysAgo` days ago after three days on the road. */
function deliveredShipment(tx: Db, accountId: string, userId: string, d: DemoInvoice, now: Date) {
  const deliveredAt = new Date(now.getTime() - d.deliveredDaysAgo * DAY);
  const pickedUpAt = new Date(deliveredAt.getTime() - 3 * DAY);
  return demoShipment(
    tx,
    { accountId, userId },
    {
      lane: d.lane,
      linehaul: d.linehaul,
      dock: d.dock,
      pickedUpAt,
      estimatedDelivery: deliveredAt,
      events: [
        { code: 'AF', at: pickedUpAt, end: 'pickup', description: 'Picked up' },
        { code: 'D1', at: deliveredAt, end: 'delivery', description: 'Delivered' },
      ],
    },
  );
}

/**
 * The freight invoice of a demo shipment delivered `deliveredDaysAgo` days ago, dated that day at the
 * business (`timeZone`), at the booked price. A `reweigh` is the carrier's correction accounting
 * approved (seed-carrier-invoices.ts keeps its carrier invoice): an adjustment invoice the same day,
 * the linehaul, discount and fuel scaled, as `issueCorrectionAdjustment` bills it.
 */
async function demoInvoice(tx: Db, accountId: string, userId: string, d: DemoInvoice, now: Date, timeZone: string) {
  const s = await deliveredShipment(tx, accountId, userId, d, now);
  const lines = s.charges as ChargeLine[];
  const booked = lines.map((l) => l.amount_cents);
  const at = new Date(now.getTime() - d.deliveredDaysAgo * DAY);
  const invoice = await insertInvoice(tx, {
    type: 'freight',
    shipment: s,
    charges: chargeLines(lines, booked),
    totalCents: s.totalCents,
    quotedTotalCents: s.totalCents,
    correction: null,
    now: at,
    timeZone,
    netDays: d.netDays ?? 30,
  });
  if (d.reweigh && invoice) {
    const after = correctedAmounts(lines, d.reweigh);
    const correction = billedCorrection(
      { weight_lb: 1200, freight_class: 70 },
      { weight_lb: Math.round(1200 * d.reweigh), freight_class: 70 },
    );
    const difference = after.reduce((sum, cents, i) => sum + cents - (booked[i] ?? 0), 0);
    const adjustment = await insertInvoice(tx, {
      type: 'adjustment',
      shipment: s,
      charges: chargeLines(lines, after),
      totalCents: difference,
      quotedTotalCents: s.totalCents,
      correction,
      now: at,
      timeZone,
      netDays: d.netDays ?? 30,
      relatedInvoiceId: invoice.id,
    });
    return adjustment ?? invoice;
  }
  return invoice!;
}

/** Pays `cents` of an invoice (card settled, or ACH pending or settled) `daysAgo` days ago. */
async function demoPayment(
  tx: Db,
  invoice: { id: string; accountId: string; balanceCents: number; currency: string },
  userId: string,
  o: { cents: number; method: 'card' | 'ach'; status: 'settled' | 'pending'; daysAgo: number },
  now: Date,
) {
  const repo = invoicesRepository(tx);
  const at = new Date(now.getTime() - o.daysAgo * DAY);
  const payment = await repo.insertPayment({
    accountId: invoice.accountId,
    userId,
    idempotencyKey: `demo-${invoice.id}`,
    requestHash: 'demo',
    method: o.method,
    status: o.status,
    provider: 'test',
    providerRef: o.method === 'card' ? `test_charge_demo${invoice.id.slice(0, 8)}` : `test_ach_s_demo${invoice.id.slice(0, 8)}`,
    amountCents: o.cents,
    currency: invoice.currency,
    cardBrand: o.method === 'card' ? 'visa' : null,
    last4: o.method === 'card' ? '4242' : '6789',
    createdAt: at,
    settledAt: o.status === 'settled' ? at : null,
  });
  await repo.insertAllocations([{ paymentId: payment.id, invoiceId: invoice.id, amountCents: o.cents }]);
  const balance = invoice.balanceCents - o.cents;
  const pending = o.status === 'pending' ? o.cents : 0;
  await repo.update(invoice.id, { balanceCents: balance, pendingCents: pending, paidAt: balance === 0 && pending === 0 ? at : null });
  return payment;
}

/** A demo customer's ids; undefined when a database seeded by an earlier release has no such user. */
async function accountUser(tx: Db, email: string) {
  const [user] = await tx.select().from(users).where(eq(users.email, email));
  return user?.accountId ? { userId: user.id, accountId: user.accountId } : undefined;
}

export async function seedDemoInvoices(tx: Db, now: Date, timeZone: string) {
  const shipper = await accountUser(tx, 'shipper@demo.test');
  const other = await accountUser(tx, 'other@demo.test');
  if (!shipper || !other) return;
  const issue = (d: DemoInvoice) => demoInvoice(tx, shipper.accountId, shipper.userId, d, now, timeZone);
  await issue({ lane: 0, linehaul: 152_000, deliveredDaysAgo: 3 }); // current
  await issue({ lane: 1, linehaul: 98_000, deliveredDaysAgo: 12, reweigh: 1.18 }); // current, reweighed
  await issue({ lane: 2, linehaul: 131_000, deliveredDaysAgo: 38 }); // 8 days past due, within the grace days
  const disputed = await issue({ lane: 0, linehaul: 87_000, deliveredDaysAgo: 70 }); // 40 days past due, all of it disputed
  const repo = invoicesRepository(tx);
  const dispute = await repo.insertDispute({
    invoiceId: disputed.id,
    accountId: shipper.accountId,
    userId: shipper.userId,
    chargeCode: null,
    reason: 'The carrier missed the delivery appointment; we will not pay this invoice until it is rebilled.',
    amountCents: disputed.balanceCents,
    createdAt: new Date(now.getTime() - 20 * DAY),
  });
  await repo.update(disputed.id, { disputedCents: disputed.balanceCents });
  const [staff] = await tx.select().from(users).where(eq(users.email, 'accounting@demo.test'));
  await repo.insertMessage({
    disputeId: dispute.id,
    authorId: staff?.id ?? null,
    staff: true,
    body: 'We are checking the appointment record with the carrier.',
    createdAt: new Date(now.getTime() - 18 * DAY),
  });
  const partly = await issue({ lane: 1, linehaul: 120_000, deliveredDaysAgo: 20 });
  await demoPayment(
    tx,
    partly,
    shipper.userId,
    { cents: Math.round(partly.balanceCents / 2), method: 'card', status: 'settled', daysAgo: 5 },
    now,
  );
  const processing = await issue({ lane: 2, linehaul: 76_000, deliveredDaysAgo: 15 });
  await demoPayment(tx, processing, shipper.userId, { cents: processing.balanceCents, method: 'ach', status: 'pending', daysAgo: 1 }, now);
  // Its carrier's dock reweighed it: the carrier's reweigh waits for accounting, supported (seed-carrier-invoices.ts).
  const paidCard = await issue({ lane: 0, linehaul: 64_000, deliveredDaysAgo: 25, dock: 'reweigh' });
  await demoPayment(tx, paidCard, shipper.userId, { cents: paidCard.balanceCents, method: 'card', status: 'settled', daysAgo: 2 }, now);
  const paidBank = await issue({ lane: 1, linehaul: 88_000, deliveredDaysAgo: 30 });
  await demoPayment(tx, paidBank, shipper.userId, { cents: paidBank.balanceCents, method: 'ach', status: 'settled', daysAgo: 4 }, now);

  // About $4,560 open against a $4,600 limit (the price billed: the carriers' cost and the default
  // program's 15%): its next booking holds it.
  await tx.update(accounts).set({ creditLimitCents: 460_000 }).where(eq(accounts.id, other.accountId));
  for (const [i, linehaul] of [225_000, 213_000, 219_000, 217_000].entries()) {
    await demoInvoice(tx, other.accountId, other.userId, { lane: 3, linehaul, deliveredDaysAgo: 2 + i * 3 }, now, timeZone);
  }
}
