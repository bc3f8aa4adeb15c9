import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, claimMessages, claims, invoices, shipments } from './schema';
import { seedDemo } from './seed';
import { seededDemoDatabase } from './seeded-demo.test-support';

const NOW = new Date('2026-11-25T16:00:00Z');
const demo = seededDemoDatabase(NOW);

describe('the demo claims', () => {
  it('give the demo shipper a claim filed, one acknowledged and one paid in part with its credit memo', async () => {
    const { db } = demo();
    const rows = await db
      .select({ claim: claims, deliveredAt: shipments.deliveredAt })
      .from(claims)
      .innerJoin(shipments, eq(shipments.id, claims.shipmentId))
      .innerJoin(accounts, eq(accounts.id, claims.accountId))
      .where(eq(accounts.name, 'Demo Shipper Co'))
      .orderBy(asc(claims.filedAt));
    expect(rows.map((r) => r.claim.status).sort()).toEqual(['acknowledged', 'filed', 'paid']);
    for (const { claim, deliveredAt } of rows) {
      // Every instant from the seed's now, after the delivery.
      expect(claim.filedAt.getTime()).toBeGreaterThan((deliveredAt as Date).getTime());
      expect(claim.filedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(claim.amountCents).toBeGreaterThan(0);
      expect(claim.amountCents).toBeLessThanOrEqual(claim.liabilityCents);
    }

    const filed = rows.find((r) => r.claim.status === 'filed')?.claim;
    expect(filed?.kind).toBe('concealed_damage');
    const thread = await db
      .select()
      .from(claimMessages)
      .where(eq(claimMessages.claimId, filed?.id ?? ''));
    expect(thread.map((m) => m.author)).toEqual(['shipper']);

    const paid = rows.find((r) => r.claim.status === 'paid')?.claim;
    expect(paid).toMatchObject({ decision: 'paid_in_part' });
    expect(paid?.paidAmountCents).toBe(paid?.decidedAmountCents);
    expect(paid?.paidAt?.getTime()).toBeLessThanOrEqual(NOW.getTime());
    const memos = await db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.type, 'credit_memo'),
          sql`${invoices.charges} @> ${JSON.stringify([{ code: 'claim', detail: paid?.number }])}::jsonb`,
        ),
      );
    expect(memos).toHaveLength(1);
    // The claim links to it, as the payment step links its own.
    expect(paid?.creditMemoId).toBe(memos[0]?.id);
    // It credits the shipment's invoice, paid already: what the demo owes is as seed-invoices.ts made it.
    const [credited] = await db
      .select()
      .from(invoices)
      .where(eq(invoices.id, memos[0]?.relatedInvoiceId ?? '00000000-0000-4000-8000-000000000000'));
    expect(credited).toMatchObject({ type: 'freight', balanceCents: 0, shipmentId: paid?.shipmentId });
    expect(memos[0]).toMatchObject({ totalCents: -(paid?.paidAmountCents ?? 0), accountId: paid?.accountId, shipmentId: paid?.shipmentId });
  });

  it('add nothing when seeded again', async () => {
    const { db } = demo();
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(claims))[0]?.n;
    const before = await count();
    expect(await seedDemo(db, new Date(NOW.getTime() + 86_400_000))).toBe(false);
    expect(await count()).toBe(before);
  });
});
