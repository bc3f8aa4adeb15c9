import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import { auditLog, claims, deliveryReceipts, invoices, shipments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { pdfPages } from '../documents/pdf-text';
import { deliveredShipment as invoicedShipment } from '../invoices/test-helpers';
import { insertShipment } from '../tracking/test-fixtures';
import { claimsRepository } from './claims.repository';

/**
 * Freight claims after the carrier answers (docs/claims.md): the payment credited to the shipper,
 * the packet sent to the carrier, closing, and the shipper's list in pages. The fixture shipments
 * carry 3 pieces declared at $12,500 and cost the shipper less than the claims ask.
 */
let t: TestApp;
let shipper: TestClient;
let other: TestClient;
let accounting: TestClient;

/** A real 1x1 PNG (the PDF prints it), and the first bytes of a PDF (listed by name). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n% repair estimate\n');

async function upload(c: TestClient, name: string, bytes: Buffer, type: string) {
  const res = await c.request({
    method: 'POST',
    url: `/api/support/attachments?name=${encodeURIComponent(name)}`,
    payload: bytes,
    headers: { 'content-type': type },
  });
  return res.json().data.id as string;
}

/** A shipment delivered on Dec 1 with no invoice (the invoicing job never ran for it). */
async function delivered(email = 'shipper@demo.test') {
  const row = await insertShipment(t.database.db, { email });
  await t.database.db
    .update(shipments)
    .set({ status: 'delivered', deliveredAt: new Date('2026-12-01T15:00:00Z') })
    .where(eq(shipments.id, row.id));
  return row;
}

const fileClaim = async (c: TestClient, shipmentId: string, amountCents = 150_000) => {
  const res = await c.post(`/api/shipments/${shipmentId}/claims`, {
    kind: 'visible_damage',
    description: 'Forklift punctured one pallet; noted on the receipt.',
    lines: [{ description: 'Pallet of tiles, punctured', pieces: 1, amount_cents: amountCents }],
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; number: string };
};

/** Decides a claim paid in part and records the carrier's payment of it. */
async function paid(id: string, cents: number) {
  const url = `/api/admin/claims/${id}`;
  expect(
    (await accounting.post(`${url}/decision`, { decision: 'paid_in_part', reason: 'Depreciation', decided_amount_cents: cents }))
      .statusCode,
  ).toBe(200);
  const res = await accounting.post(`${url}/payment`, { amount_cents: cents, reference: 'CHK 5521' });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The credit memo a claim's row links to. */
async function linkOf(claimId: string) {
  const [row] = await t.database.db.select({ id: claims.creditMemoId }).from(claims).where(eq(claims.id, claimId));
  return row?.id;
}

beforeAll(async () => {
  t = await createTestApp({}, {}, { start: new Date('2026-12-01T18:00:00Z') });
  shipper = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
  accounting = await t.client().login('accounting@demo.test');
});
afterAll(() => t.close());

describe('a paid claim', () => {
  it("becomes a credit memo of the amount paid on the shipment's invoice, reconciled to the cent", async () => {
    const { shipment, invoice } = await invoicedShipment(t);
    expect(invoice?.type).toBe('freight');
    const before = invoice!.balanceCents;
    const claim = await fileClaim(shipper, shipment.id);
    const staffView = await paid(claim.id, 120_000);

    const memo = staffView.credit_memo;
    expect(memo).toEqual({ id: expect.any(String), number: expect.any(String), amount_cents: 120_000, currency: 'USD' });
    expect((await shipper.get(`/api/claims/${claim.id}`)).json().data.credit_memo).toEqual(memo);
    expect((await accounting.get(`/api/admin/claims/${claim.id}`)).json().data.credit_memo).toEqual(memo);
    // The claim links to the memo the payment issued.
    expect(await linkOf(claim.id)).toBe(memo.id);

    // The shipper reads it with its invoices: the memo itself, on its invoice, and in the history.
    const memoView = (await shipper.get(`/api/invoices/${memo.id}`)).json().data;
    expect(memoView).toMatchObject({
      type: 'credit_memo',
      number: memo.number,
      total_cents: -120_000,
      balance_cents: 0,
      currency: 'USD',
      related_invoice: { id: invoice!.id, number: invoice!.number },
    });
    expect(memoView.charges).toHaveLength(1);
    expect(memoView.charges[0]).toMatchObject({ invoiced_cents: -120_000, label: 'Credit (freight claim paid by the carrier)' });
    const credited = (await shipper.get(`/api/invoices/${invoice!.id}`)).json().data;
    expect(credited.credit_memos).toEqual([{ id: memo.id, number: memo.number, total_cents: -120_000 }]);
    const history = (await shipper.get('/api/invoices/history')).json().data as { id: string }[];
    expect(history.map((i) => i.id)).toContain(memo.id);

    // What the invoice still owed is paid by the credit; the rest is owed to the shipper, to the cent.
    const applied = Math.min(before, 120_000);
    expect(credited.balance_cents).toBe(before - applied);
    const [after] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(before - after!.balanceCents + (120_000 - applied)).toBe(120_000);
    if (after!.balanceCents === 0) expect(after!.paidAt).not.toBeNull();

    const [entry] = await t.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, claim.id), eq(auditLog.action, 'claim.pay')));
    expect(entry?.after).toMatchObject({
      amount_cents: 120_000,
      credit_memo: { id: memo.id, number: memo.number, invoice_id: invoice!.id, applied_cents: applied },
    });
  });

  it('stands on its shipment alone when no invoice billed it', async () => {
    const shipment = await delivered();
    const claim = await fileClaim(shipper, shipment.id, 90_000);
    const before = (await shipper.get(`/api/claims/${claim.id}`)).json().data;
    expect(before.credit_memo).toBeNull();
    const memo = (await paid(claim.id, 45_500)).credit_memo;
    expect(memo).toMatchObject({ amount_cents: 45_500, currency: 'USD' });
    const memoView = (await shipper.get(`/api/invoices/${memo.id}`)).json().data;
    expect(memoView).toMatchObject({ type: 'credit_memo', total_cents: -45_500, related_invoice: null, shipment_id: shipment.id });
    expect(await linkOf(claim.id)).toBe(memo.id);
  });

  it('reads the memo it links to, and none once the memo is gone', async () => {
    const claim = await fileClaim(shipper, (await delivered()).id, 30_000);
    const memo = (await paid(claim.id, 30_000)).credit_memo;
    // A later memo with the same line (as a hand-made copy would be) is not the claim's.
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, memo.id));
    const { id: _, searchText: __, ...copy } = row!;
    await t.database.db.insert(invoices).values({
      ...copy,
      number: `${row!.number}-COPY`,
      totalCents: -1,
      createdAt: new Date(row!.createdAt.getTime() + 60_000),
    });
    expect((await shipper.get(`/api/claims/${claim.id}`)).json().data.credit_memo).toEqual(memo);
    expect((await accounting.get(`/api/admin/claims/${claim.id}`)).json().data.credit_memo).toEqual(memo);

    await t.database.db.delete(invoices).where(eq(invoices.id, memo.id));
    expect(await linkOf(claim.id)).toBeNull();
    const after = (await shipper.get(`/api/claims/${claim.id}`)).json().data;
    expect(after).toMatchObject({ status: 'paid', payment: { amount_cents: 30_000 }, credit_memo: null });
  });

  it("is linked to its memo by migration 0058's backfill, as the memo was found before the link", async () => {
    const linked = await fileClaim(shipper, (await delivered()).id, 25_000);
    const memo = (await paid(linked.id, 25_000)).credit_memo;
    const unpaid = await fileClaim(shipper, (await delivered()).id, 25_000);
    // Claims paid before the column: no link.
    await t.database.db.update(claims).set({ creditMemoId: null });
    const statements = readFileSync(join(migrationsFolder, '0058_claim_credit_memo.sql'), 'utf8').split('--> statement-breakpoint');
    const backfill = statements.find((s) => s.includes('UPDATE "claims"'));
    if (!backfill) throw new Error('no backfill in 0058');
    await t.database.db.execute(sql.raw(backfill));
    expect(await linkOf(linked.id)).toBe(memo.id);
    expect(await linkOf(unpaid.id)).toBeNull();
    expect((await shipper.get(`/api/claims/${linked.id}`)).json().data.credit_memo).toEqual(memo);
  });
});

describe('the claim packet', () => {
  it('is a PDF of the claim, its BOL, its delivery receipt and its photos, for the shipper and staff', async () => {
    const shipment = await delivered();
    await t.database.db.insert(deliveryReceipts).values({
      shipmentId: shipment.id,
      signerName: 'Rosa Receiving',
      signedAt: new Date('2026-12-01T15:00:00Z'),
      exceptions: [{ kind: 'damage', pieces: 1, note: 'Pallet punctured by a fork' }],
      source: 'carrier_api',
    });
    const claim = await fileClaim(shipper, shipment.id);
    const photo = await upload(shipper, 'punctured pallet.png', PNG, 'image/png');
    const estimate = await upload(shipper, 'repair estimate.pdf', PDF, 'application/pdf');
    const sent = await shipper.post(`/api/claims/${claim.id}/messages`, { body: 'Photo and estimate.', attachment_ids: [photo, estimate] });
    expect(sent.statusCode).toBe(201);

    const res = await shipper.get(`/api/claims/${claim.id}/packet.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Claim-${claim.number}.pdf"`);
    const pages = await pdfPages(res.rawPayload);
    const text = pages.map((p) => p.text).join('\n');
    expect(text).toContain(claim.number);
    expect(text).toContain('Pallet of tiles, punctured');
    expect(text).toContain('$1,500.00');
    expect(text).toContain('Rosa Receiving');
    expect(text).toContain('Pallet punctured by a fork');
    expect(text).toContain(shipment.bolNumber);
    expect(text).toContain("Carrier's acknowledgement (30 days)");
    expect(text).toContain('repair estimate.pdf');
    // The photo on a page of its own, after the form.
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.at(-1)?.images).toBe(1);
    expect(pages.at(-1)?.text).toContain('punctured pallet.png');

    // The carrier's language by default (a US origin: English); the reader may ask for Spanish.
    expect(text).toContain('FREIGHT CLAIM');
    const es = await accounting.get(`/api/admin/claims/${claim.id}/packet.pdf?language=es`);
    expect(es.statusCode).toBe(200);
    const esText = (await pdfPages(es.rawPayload)).map((p) => p.text).join('\n');
    expect(esText).toContain('RECLAMACIÓN DE FLETE');
    expect(esText).toContain('Rosa Receiving');
  });

  it('says so when the shipment has no delivery receipt', async () => {
    const claim = await fileClaim(shipper, (await delivered()).id);
    const res = await shipper.get(`/api/claims/${claim.id}/packet.pdf`);
    expect(res.statusCode).toBe(200);
    const text = (await pdfPages(res.rawPayload)).map((p) => p.text).join('\n');
    expect(text).toContain('No delivery receipt is on file for this shipment.');
    expect(text).toContain('No files were sent with this claim.');
  });
});

describe('closing a claim', () => {
  it('closes a declined or paid claim, audited, and refuses any other', async () => {
    const open = await fileClaim(shipper, (await delivered()).id);
    expect((await accounting.post(`/api/admin/claims/${open.id}/close`, {})).statusCode).toBe(409);
    expect((await accounting.post(`/api/admin/claims/${open.id}/acknowledgement`, {})).statusCode).toBe(200);
    const refused = await accounting.post(`/api/admin/claims/${open.id}/close`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('conflict');

    await accounting.post(`/api/admin/claims/${open.id}/decision`, { decision: 'declined', reason: 'Not noted at delivery' });
    const closed = await accounting.post(`/api/admin/claims/${open.id}/close`, {});
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', decision: { decision: 'declined' } });
    expect((await shipper.get(`/api/claims/${open.id}`)).json().data.status).toBe('closed');
    expect((await accounting.post(`/api/admin/claims/${open.id}/close`, {})).statusCode).toBe(409);

    const settled = await fileClaim(shipper, (await delivered()).id, 10_000);
    await paid(settled.id, 10_000);
    const done = (await accounting.post(`/api/admin/claims/${settled.id}/close`, {})).json().data;
    expect(done).toMatchObject({ status: 'closed', payment: { amount_cents: 10_000 }, credit_memo: { amount_cents: 10_000 } });

    // Off the queue, and in the log.
    const queue = (await accounting.get('/api/admin/claims')).json().data as { id: string }[];
    expect(queue.map((c) => c.id)).not.toContain(open.id);
    const entries = await t.database.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, open.id), eq(auditLog.action, 'claim.close')));
    expect(entries).toEqual([{ action: 'claim.close', after: { status: 'closed' } }]);
  });
});

describe("the shipper's list and another account", () => {
  it('pages the list 50 at a time, newest first', async () => {
    const first = await fileClaim(other, (await delivered('other@demo.test')).id);
    const repo = claimsRepository(t.database.db);
    const row = await repo.claim(first.id);
    const [line] = await repo.lines(first.id);
    const { id: _, number: __, ...copy } = row!;
    for (let i = 1; i <= 50; i++) {
      await repo.insert({ ...copy, filedAt: new Date(row!.filedAt.getTime() - i * 60_000) }, [
        { position: 0, description: line!.description, pieces: line!.pieces, amountCents: line!.amountCents },
      ]);
    }
    const one = (await other.get('/api/claims')).json();
    expect(one.data).toHaveLength(50);
    expect(one.has_more).toBe(true);
    expect(one.data[0].id).toBe(first.id);
    const two = (await other.get('/api/claims?page=2')).json();
    expect(two.data).toHaveLength(1);
    expect(two.has_more).toBe(false);
    const ids = new Set([...one.data, ...two.data].map((c: { id: string }) => c.id));
    expect(ids.size).toBe(51);
    expect((await other.get('/api/claims?page=0')).statusCode).toBe(422);
  });

  it("answers 404 for another account's claim, its packet and its memo", async () => {
    const mine = await fileClaim(shipper, (await delivered()).id, 20_000);
    const memo = (await paid(mine.id, 20_000)).credit_memo;
    expect((await other.get(`/api/claims/${mine.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/claims/${mine.id}/packet.pdf`)).statusCode).toBe(404);
    expect((await other.get(`/api/invoices/${memo.id}`)).statusCode).toBe(404);
    expect((await shipper.get('/api/claims/not-an-id/packet.pdf')).statusCode).toBe(404);
    const theirs = (await other.get('/api/claims')).json().data as { id: string }[];
    expect((await shipper.get(`/api/claims/${theirs[0]!.id}`)).statusCode).toBe(404);
    expect((await shipper.get(`/api/claims/${theirs[0]!.id}/packet.pdf`)).statusCode).toBe(404);
  });
});
