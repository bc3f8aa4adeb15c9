import { readFileSync } from 'node:fs';
import type { InvoiceSummary, InvoiceView } from '@freight/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, invoiceDisputes, invoices, userSettings } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { userByEmail } from '../tracking/test-fixtures';
import { deliveredShipment } from './test-helpers';

let t: TestApp;
let shipper: TestClient;
let accountId: string;
let userId: string;
beforeAll(async () => {
  // A fixed instant (a Chicago evening, the next day in UTC), never the wall clock's.
  t = await createTestApp({}, {}, { start: new Date('2026-12-09T03:30:00Z') });
  shipper = await t.client().login('shipper@demo.test');
  const user = await userByEmail(t.database.db, 'shipper@demo.test');
  accountId = user.accountId;
  userId = user.id;
});
afterAll(() => t.close());

const db = () => t.database.db;
beforeEach(async () => {
  await db().update(invoices).set({ balanceCents: 0, pendingCents: 0, disputedCents: 0 }).where(eq(invoices.accountId, accountId));
  await db().update(accounts).set({ status: 'active', holdSource: null, creditLimitCents: 2_500_000 }).where(eq(accounts.id, accountId));
});

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const view = async (id: string) => (await shipper.get(`/api/invoices/${id}`)).json().data as InvoiceView;
const dispute = (id: string, amount_cents: number, charge_code?: string) =>
  shipper.post(`/api/invoices/${id}/disputes`, { charge_code, reason: 'Not what was quoted', amount_cents });
const summary = async () => (await shipper.get('/api/invoices/summary')).json().data as InvoiceSummary;

describe('a dispute is bounded', () => {
  it('a line: exactly its invoiced amount passes, one cent more is 422 naming the maximum', async () => {
    const { invoice } = await deliveredShipment(t);
    const fuel = (await view(invoice!.id)).charges.find((c) => c.code === 'fuel')!;
    const over = await dispute(invoice!.id, fuel.invoiced_cents + 1, fuel.key);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ amount_cents: [`The disputed amount cannot be more than ${dollars(fuel.invoiced_cents)}`] });
    const exact = await dispute(invoice!.id, fuel.invoiced_cents, fuel.key);
    expect(exact.statusCode, exact.body).toBe(201);
    expect((await view(invoice!.id)).disputed_cents).toBe(fuel.invoiced_cents);
  });

  it('the whole invoice: its open balance less the other open disputes, and in the reader’s language', async () => {
    const { invoice } = await deliveredShipment(t);
    const fuel = (await view(invoice!.id)).charges.find((c) => c.code === 'fuel')!;
    expect((await dispute(invoice!.id, fuel.invoiced_cents, fuel.key)).statusCode).toBe(201);
    const room = invoice!.balanceCents - fuel.invoiced_cents;
    const over = await dispute(invoice!.id, room + 1);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount_cents).toEqual([`The disputed amount cannot be more than ${dollars(room)}`]);

    await db().update(userSettings).set({ language: 'es' }).where(eq(userSettings.userId, userId));
    try {
      const spanish = await dispute(invoice!.id, room + 1);
      const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'USD' }).format(room / 100);
      expect(spanish.json().errors.amount_cents).toEqual([`El importe disputado no puede ser mayor que ${money}`]);
    } finally {
      await db().update(userSettings).set({ language: 'en' }).where(eq(userSettings.userId, userId));
    }

    expect((await dispute(invoice!.id, room)).statusCode).toBe(201);
    // Everything is under dispute: no room left, not even for another line.
    const freight = (await view(invoice!.id)).charges.find((c) => c.code === 'freight')!;
    const none = await dispute(invoice!.id, 1, freight.key);
    expect(none.json().errors.amount_cents).toEqual(['The disputed amount cannot be more than $0.00']);
  });

  it('a line of a partly paid invoice: the balance bounds it', async () => {
    const { invoice } = await deliveredShipment(t);
    const freight = (await view(invoice!.id)).charges.find((c) => c.code === 'freight')!;
    const balance = Math.floor(freight.invoiced_cents / 2);
    await db().update(invoices).set({ balanceCents: balance }).where(eq(invoices.id, invoice!.id));
    expect((await dispute(invoice!.id, balance + 1, freight.key)).statusCode).toBe(422);
    expect((await dispute(invoice!.id, balance, freight.key)).statusCode).toBe(201);
  });
});

describe('what a dispute takes out of the credit figures', () => {
  it('only the disputed amount, of its own invoice', async () => {
    const { invoice: a } = await deliveredShipment(t);
    const { invoice: b } = await deliveredShipment(t);
    const before = (await summary()).credit.used_cents;
    const fuel = (await view(a!.id)).charges.find((c) => c.code === 'fuel')!;
    expect((await dispute(a!.id, fuel.invoiced_cents, fuel.key)).statusCode).toBe(201);
    expect((await summary()).credit.used_cents).toBe(before - fuel.invoiced_cents);
    // A dispute recorded over its bound before the bound existed (the migration clamps those):
    // it comes off its own invoice only, never off a neighbour due the same day.
    await db()
      .update(invoices)
      .set({ disputedCents: a!.balanceCents + b!.balanceCents })
      .where(eq(invoices.id, a!.id));
    expect((await summary()).credit.used_cents).toBe(before - a!.balanceCents);
  });
});

describe('migration 0021', () => {
  const migration = readFileSync(new URL('../../../drizzle/0021_dispute_bounds.sql', import.meta.url), 'utf8');
  const migrate = async () => {
    for (const statement of migration.split('--> statement-breakpoint')) await db().execute(sql.raw(statement));
  };

  it('clamps open disputes over their bound and recomputes the invoices’ disputed amounts', async () => {
    const { invoice } = await deliveredShipment(t);
    const lines = (await view(invoice!.id)).charges;
    const fuel = lines.find((c) => c.code === 'fuel')!;
    const freight = lines.find((c) => c.code === 'freight')!;
    const at = (minutes: number) => new Date(t.clock.now.getTime() + minutes * 60_000);
    const base = { invoiceId: invoice!.id, accountId, userId, reason: 'old', status: 'open' as const };
    const rows = await db()
      .insert(invoiceDisputes)
      .values([
        { ...base, chargeCode: fuel.key, amountCents: fuel.invoiced_cents + 5_000, createdAt: at(1) },
        { ...base, chargeCode: freight.key, amountCents: freight.invoiced_cents, createdAt: at(2) },
        { ...base, chargeCode: null, amountCents: invoice!.balanceCents, createdAt: at(3) },
        { ...base, chargeCode: 'gone', amountCents: 100, createdAt: at(4) },
        { ...base, chargeCode: fuel.key, status: 'rejected' as const, amountCents: 999_999, createdAt: at(0) },
      ])
      .returning();
    await db().update(invoices).set({ disputedCents: 999_999 }).where(eq(invoices.id, invoice!.id));

    await migrate();
    const after = new Map(
      (await db().select().from(invoiceDisputes).where(eq(invoiceDisputes.invoiceId, invoice!.id))).map((d) => [d.id, d.amountCents]),
    );
    const fuelCents = fuel.invoiced_cents;
    const freightCents = Math.min(freight.invoiced_cents, invoice!.balanceCents - fuelCents);
    expect(rows.map((r) => after.get(r.id))).toEqual([
      fuelCents,
      freightCents,
      invoice!.balanceCents - fuelCents - freightCents,
      0,
      999_999,
    ]);
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(row!.disputedCents).toBe(invoice!.balanceCents);
    // Run again: nothing moves.
    await migrate();
    const [again] = await db().select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(again!.disputedCents).toBe(invoice!.balanceCents);
  });
});
