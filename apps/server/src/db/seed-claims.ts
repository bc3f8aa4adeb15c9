import { type ClaimKind, type Country, zonedDate } from '@freight/domain';
import { carrierDeadlines, claimAmount, lineBoundCents, shipperDeadlines } from '@freight/domain/claims';
import { zoneOf } from '@freight/domain/rating';
import { and, desc, eq, gt, isNotNull, notExists, sql } from 'drizzle-orm';
import { claimsRepository } from '../modules/claims/claims.repository';
import { freightOf } from '../modules/claims/claims.service';
import { issueClaimCredit } from '../modules/invoices/invoices.service';
import type { Db } from './client';
import { claims, invoices, shipments, users } from './schema';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Delivered = Awaited<ReturnType<typeof deliveredOfDemoShipper>>[number];

/** The demo shipper's delivered shipments of the past 8 months without a claim, newest first, with their freight invoice. */
function deliveredOfDemoShipper(tx: Db, accountId: string, now: Date) {
  return tx
    .select({
      shipment: shipments,
      invoiceId: invoices.id,
      /** What the freight invoice still owes (a pending bank payment included). */
      owedCents: sql<number | null>`${invoices.balanceCents} + ${invoices.pendingCents}`,
    })
    .from(shipments)
    .leftJoin(invoices, and(eq(invoices.shipmentId, shipments.id), eq(invoices.type, 'freight')))
    .where(
      and(
        eq(shipments.accountId, accountId),
        eq(shipments.status, 'delivered'),
        isNotNull(shipments.deliveredAt),
        gt(shipments.deliveredAt, new Date(now.getTime() - 240 * DAY)),
        notExists(tx.select({ one: sql`1` }).from(claims).where(eq(claims.shipmentId, shipments.id))),
      ),
    )
    .orderBy(desc(shipments.deliveredAt), desc(shipments.id));
}

/** An instant `days` after the delivery, no later than `cap` unless the delivery is later; never after now. */
function after(row: Delivered, days: number, cap: Date, now: Date) {
  const delivered = (row.shipment.deliveredAt as Date).getTime();
  const at = Math.max(Math.min(delivered + days * DAY, cap.getTime()), delivered + 30 * 60_000);
  return new Date(Math.min(at, now.getTime()));
}

/**
 * Files a claim on a demo shipment as the shipper would have at `filedAt`: its deadlines and
 * bounds from @freight/domain/claims, each line within its share of the carrier's liability.
 */
async function fileClaim(
  tx: Db,
  row: Delivered,
  filer: string,
  claim: { kind: ClaimKind; description: string; lines: { description: string; pieces: number; amountCents: number }[]; filedAt: Date },
) {
  const s = row.shipment;
  const timeZone = zoneOf(s.destinationState, s.destinationCountry);
  const deliveredOn = zonedDate(s.deliveredAt as Date, timeZone);
  const filedOn = zonedDate(claim.filedAt, timeZone);
  const deadlines = shipperDeadlines({
    kind: claim.kind,
    deliveredOn,
    expectedDeliveryOn: s.shownEstimatedDelivery,
    country: s.destinationCountry as Country,
  });
  if (!deadlines) return undefined;
  const freight = freightOf(s);
  const shipped = Math.max(1, freight.pieces);
  const probe = claimAmount(freight, { lines: [], freightCents: 0, salvageCents: 0, commercialInvoiceCents: null });
  // A demo shipment may be light or have few pieces: each line keeps to its share of the liability.
  const lines = claim.lines
    .filter((_, i) => i < shipped)
    .map((l) => ({ ...l, pieces: 1, amountCents: Math.min(l.amountCents, lineBoundCents(probe.capCents, 1, shipped)) }));
  const amount = claimAmount(freight, {
    lines: lines.map((l) => ({ pieces: l.pieces, amountCents: l.amountCents })),
    freightCents: 0,
    salvageCents: 0,
    commercialInvoiceCents: null,
  });
  const carrier = carrierDeadlines(filedOn);
  return claimsRepository(tx).insert(
    {
      accountId: s.accountId,
      shipmentId: s.id,
      kind: claim.kind,
      description: claim.description,
      currency: s.currency,
      commercialInvoiceCents: null,
      goodsCents: amount.goodsCents,
      freightCents: 0,
      salvageCents: 0,
      amountCents: amount.totalCents,
      liabilityBasis: amount.basis,
      liabilityCents: amount.capCents,
      filedBy: filer,
      filedAt: claim.filedAt,
      timeZone,
      deliveredOn,
      expectedDeliveryOn: s.shownEstimatedDelivery,
      noticeDueOn: deadlines.noticeDueOn,
      noticeLate: deadlines.noticeDueOn !== null && filedOn > deadlines.noticeDueOn,
      filingDueOn: deadlines.filingDueOn,
      acknowledgementDueOn: carrier.acknowledgementDueOn,
      decisionDueOn: carrier.decisionDueOn,
      createdAt: claim.filedAt,
      updatedAt: claim.filedAt,
    },
    lines.map((l, position) => ({ position, description: l.description, pieces: l.pieces, amountCents: l.amountCents })),
  );
}

/**
 * Freight claims (docs/claims.md) of the demo shipper, so its claim screens and the staff queue
 * show each stage: a concealed-damage claim just filed with the shipper's message (no photos), one
 * the carrier acknowledged, and one the carrier paid in part, credited to the shipper by its
 * credit memo (on the shipment's invoice when it has one). Every instant counts back from `now`
 * and from each shipment's delivery; a seed run again finds its marker and adds nothing.
 */
export async function seedDemoClaims(tx: Db, now: Date, timeZone: string) {
  const people = await tx
    .select({ id: users.id, email: users.email, accountId: users.accountId })
    .from(users)
    .where(sql`${users.email} in ('shipper@demo.test', 'accounting@demo.test')`);
  const shipper = people.find((p) => p.email === 'shipper@demo.test');
  const accounting = people.find((p) => p.email === 'accounting@demo.test');
  if (!shipper?.accountId || !accounting) return;
  const rows = await deliveredOfDemoShipper(tx, shipper.accountId, now);
  // The paid claim is on a shipment delivered weeks ago whose invoice is paid (its memo credits that
  // invoice, owed to the shipper), so the demo's open invoices and aging stay as seed-invoices.ts made them.
  const settled = rows.filter((r) => r.invoiceId === null || Number(r.owedCents) === 0);
  const weeksAgo = (r: Delivered) => (r.shipment.deliveredAt as Date).getTime() < now.getTime() - 20 * DAY;
  const paidOn = settled.find((r) => r.invoiceId && weeksAgo(r)) ?? settled.find(weeksAgo) ?? settled.at(-1);
  const rest = rows.filter((r) => r !== paidOn);
  // The latest delivery's receipt notes a damage (seed-delivery-receipts.ts): its claim is for visible damage.
  const [acknowledgedOn, newest] = rest;
  const repo = claimsRepository(tx);

  if (newest) {
    const filedAt = after(newest, 1, new Date(now.getTime() - HOUR), now);
    const claim = await fileClaim(tx, newest, shipper.id, {
      kind: 'concealed_damage',
      description: 'Two cartons were crushed inside the shrink wrap; we found it when the pallet was broken down the next morning.',
      lines: [{ description: 'Ceramic tile, 2 cartons crushed', pieces: 1, amountCents: 68_000 }],
      filedAt,
    });
    if (claim) {
      await repo.insertMessage({
        claimId: claim.id,
        author: 'shipper',
        userId: shipper.id,
        body: 'The wrap looked fine at delivery, so the driver signed clean. The damage is on the bottom layer; we kept the cartons for inspection.',
        createdAt: new Date(filedAt.getTime() + 10 * 60_000),
      });
    }
  }

  if (acknowledgedOn) {
    const filedAt = after(acknowledgedOn, 1, new Date(now.getTime() - 5 * DAY), now);
    const claim = await fileClaim(tx, acknowledgedOn, shipper.id, {
      kind: 'visible_damage',
      description: 'The driver noted torn wrap and crushed cartons on one corner of the pallet; the goods in them are broken.',
      lines: [{ description: 'Boxed parts, 4 cartons crushed', pieces: 1, amountCents: 120_000 }],
      filedAt,
    });
    if (claim) {
      const acknowledgedAt = new Date(Math.max(filedAt.getTime(), Math.min(filedAt.getTime() + 3 * DAY, now.getTime() - HOUR)));
      await repo.update(claim.id, {
        status: 'acknowledged',
        assigneeId: accounting.id,
        acknowledgedAt,
        carrierClaimNumber: `OSD-${claim.number.slice(3)}`,
        updatedAt: acknowledgedAt,
      });
      await repo.insertMessage({
        claimId: claim.id,
        author: 'carrier',
        userId: accounting.id,
        body: 'Claim received and under review; the terminal is tracing the pallet.',
        createdAt: acknowledgedAt,
      });
    }
  }

  if (paidOn) {
    const filedAt = after(paidOn, 2, new Date(now.getTime() - 12 * DAY), now);
    const claim = await fileClaim(tx, paidOn, shipper.id, {
      kind: 'visible_damage',
      description: 'Forklift damage noted on the delivery receipt: one pallet punctured.',
      lines: [{ description: 'Packaged goods, 1 pallet punctured', pieces: 1, amountCents: 90_000 }],
      filedAt,
    });
    if (claim) {
      const at = (days: number) => new Date(Math.max(filedAt.getTime(), Math.min(filedAt.getTime() + days * DAY, now.getTime() - HOUR)));
      // The carrier pays three quarters of it (depreciation), and the payment reaches the shipper as credit.
      const decided = Math.floor((claim.amountCents * 3) / 4);
      const credit = await issueClaimCredit(tx, at(8), timeZone, {
        accountId: claim.accountId,
        shipmentId: claim.shipmentId,
        claimNumber: claim.number,
        amountCents: decided,
        currency: claim.currency,
      });
      await repo.update(claim.id, {
        status: 'paid',
        assigneeId: accounting.id,
        acknowledgedAt: at(2),
        carrierClaimNumber: `OSD-${claim.number.slice(3)}`,
        decision: 'paid_in_part',
        decisionReason: 'Depreciation of the goods; the salvage stays with the shipper.',
        decidedAmountCents: decided,
        decidedAt: at(6),
        paidAmountCents: decided,
        paymentReference: `CHK ${40_000 + Number(claim.number.slice(3))}`,
        paidAt: at(8),
        creditMemoId: credit?.memo.id ?? null,
        updatedAt: at(8),
      });
    }
  }
}
