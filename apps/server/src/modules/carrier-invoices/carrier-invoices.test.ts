import type { CarrierInvoiceView, IssuedCredential, PayablesBatchView } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices } from '../../db/schema';
import { ApiTestClient, requestToken } from '../../test/api-client';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { carrierAsOn } from '../quotes/quotes.repository';
import { defaultCarrierFor } from '../shipments/shipments.service';
import { carrierByScac } from '../tracking/test-fixtures';
import { billedAsExpected, COST_CENTS, carrierInvoiceFixtures } from './test-helpers';

/**
 * Carrier invoices end to end: intake by CSV and through the partner API, matching, the audit's
 * reasons and tolerance, the queue's actions and their audit, the re-bill, payables, and who may.
 * (intake.test.ts: the CSV upload and matching; queue.test.ts: the queue's tabs, a shipment's
 * invoices and what approving would re-bill.)
 */
let t: TestApp;
let accounting: TestClient;
let ops: TestClient;
let fx: ReturnType<typeof carrierInvoiceFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  accounting = await t.client().login('accounting@demo.test');
  ops = await t.client().login('ops@demo.test');
  fx = carrierInvoiceFixtures(t, accounting);
});
afterAll(() => t.close());

const shipment = (...args: Parameters<typeof fx.shipment>) => fx.shipment(...args);
const upload = (...args: Parameters<typeof fx.upload>) => fx.upload(...args);
const view = (id: string) => fx.view(id);

describe('audit reasons', () => {
  it('names each reason: reweigh and reclass checked against the inspection, accessorial not ordered, amount variance, duplicate', async () => {
    const rw = await shipment('reweigh');
    const rc = await shipment('reclass');
    const plain = await shipment();
    const dup = await shipment();
    const carrier = await carrierAsOn(t.database.db, rw.s.carrierId!, rw.s.pickupDate);
    const found = await defaultCarrierFor(carrier!).inspect!(rw.booked);
    const factor = found!.weight_lb / rw.booked.weight_lb;
    const reweighLines = billedAsExpected({ freight: Math.round(36_000 * factor), fuel: Math.round(6_500 * factor) });
    const report = await upload([
      { bol_number: rw.s.bolNumber, weight_lb: found!.weight_lb, lines: reweighLines },
      { bol_number: rc.s.bolNumber, freight_class: 500, lines: billedAsExpected({ freight: 40_000, fuel: 7_200 }) },
      { bol_number: plain.s.bolNumber, lines: [...billedAsExpected(), { code: 'inside_delivery', amount_cents: 9_000 }] },
      { bol_number: plain.s.bolNumber, invoice_number: 'BIG-1', lines: billedAsExpected({ freight: 46_000 }) },
      { bol_number: dup.s.bolNumber, invoice_number: 'TWICE-1', lines: billedAsExpected() },
    ]);
    // The same invoice number again, in a later file (in one file its rows would be one invoice's lines).
    const [twice] = (await upload([{ bol_number: dup.s.bolNumber, invoice_number: 'TWICE-1', lines: billedAsExpected() }])).outcomes;
    const [reweigh, reclass, notOrdered, variance, first] = report.outcomes;
    expect(reweigh!.reasons).toEqual(['reweigh']);
    const rwView = await view(reweigh!.id);
    expect(rwView.audit!.reasons[0]).toMatchObject({ code: 'reweigh', supported: true, billed_weight_lb: found!.weight_lb });
    expect(reclass!.reasons).toEqual(['reclass']);
    expect((await view(reclass!.id)).audit!.reasons[0]).toMatchObject({ code: 'reclass', billed_class: 500, supported: false });
    expect(notOrdered!.reasons).toEqual(['accessorial_not_ordered']);
    expect(notOrdered!.status).toBe('pending_audit');
    // The same shipment's second invoice: an approved one of the carrier is there (the first), and $100 is past the tolerance.
    expect(variance!.status).toBe('pending_audit');
    expect(variance!.reasons).toEqual(expect.arrayContaining(['amount_variance']));
    expect(first!.status).toBe('approved');
    expect(twice).toMatchObject({ status: 'duplicate', reasons: ['duplicate'] });

    // The queue filters by reason: an invoice is listed under each of its reasons, and only there.
    const listed = async (reason: string) => {
      const res = await accounting.get(`/api/admin/carrier-invoices?reason=${reason}&per_page=100`);
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: { id: string; reasons: string[] }[] }).data;
    };
    const reweighs = await listed('reweigh');
    expect(reweighs.map((r) => r.id)).toContain(reweigh!.id);
    expect(reweighs.map((r) => r.id)).not.toContain(reclass!.id);
    expect(reweighs.every((r) => r.reasons.includes('reweigh'))).toBe(true);
    const notOrderedIds = (await listed('accessorial_not_ordered')).map((r) => r.id);
    expect(notOrderedIds).toContain(notOrdered!.id);
    expect(notOrderedIds).not.toContain(reweigh!.id);
    const bad = await accounting.get('/api/admin/carrier-invoices?reason=weather');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('reason');
  });

  it('approves by itself within the tolerance ($5 or 2% of the expected cost, the larger)', async () => {
    const within = await shipment();
    const beyond = await shipment();
    const report = await upload([
      { bol_number: within.s.bolNumber, lines: billedAsExpected({ fuel: 6_500 + 900 }) }, // 2% of $450 is $9
      { bol_number: beyond.s.bolNumber, lines: billedAsExpected({ fuel: 6_500 + 901 }) },
    ]);
    expect(report.outcomes.map((o) => o.status)).toEqual(['approved', 'pending_audit']);
  });
});

describe('queue actions and the re-bill', () => {
  it('approving a reweigh re-bills the shipper an adjustment of the price scaled alike; audited with the shipment', async () => {
    const rw = await shipment('reweigh');
    const billedWeight = Math.round(rw.booked.weight_lb * 1.2);
    const [o] = (
      await upload([{ bol_number: rw.s.bolNumber, weight_lb: billedWeight, lines: billedAsExpected({ freight: 43_200, fuel: 7_800 }) }])
    ).outcomes;
    const before = await view(o!.id);
    const res = await accounting.post(`/api/admin/carrier-invoices/${o!.id}/approve`, { version: before.version, amount: 'corrected' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as CarrierInvoiceView;
    expect(after).toMatchObject({ status: 'approved', approved_cents: before.audit!.corrected_cents });
    expect(after.rebill_invoice).not.toBeNull();
    const [adjustment] = await t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.shipmentId, rw.s.id), eq(invoices.type, 'adjustment')));
    // The shipper's price lines (freight 41,200, fuel 7,531) scaled by the weight ratio.
    const factor = billedWeight / rw.booked.weight_lb;
    expect(adjustment!.totalCents).toBe(Math.round(41_200 * factor) - 41_200 + Math.round(7_531 * factor) - 7_531);
    expect(adjustment!.correction).toMatchObject({ kind: 'reweigh', invoiced_weight_lb: billedWeight });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, o!.id), eq(auditLog.action, 'carrier_invoice.approve')));
    expect(entry!.after).toMatchObject({ shipment_id: rw.s.id, rebill_invoice_id: adjustment!.id });
  });

  it('a short-pay, or approving an accessorial not ordered, re-bills nothing', async () => {
    const rw = await shipment('reweigh');
    const extra = await shipment();
    const [short, accessorial] = (
      await upload([
        { bol_number: rw.s.bolNumber, weight_lb: rw.booked.weight_lb + 200, lines: billedAsExpected({ freight: 42_000 }) },
        { bol_number: extra.s.bolNumber, lines: [...billedAsExpected(), { code: 'inside_delivery', amount_cents: 9_000 }] },
      ])
    ).outcomes;
    const tooMuch = await accounting.post(`/api/admin/carrier-invoices/${short!.id}/short-pay`, {
      version: 1,
      amount_cents: 60_000,
      reason: 'x',
    });
    expect(tooMuch.statusCode).toBe(422);
    const sp = await accounting.post(`/api/admin/carrier-invoices/${short!.id}/short-pay`, {
      version: 1,
      amount_cents: COST_CENTS,
      reason: 'The reweigh certificate was not sent',
    });
    expect(sp.statusCode, sp.body).toBe(200);
    expect(sp.json().data).toMatchObject({ status: 'short_paid', approved_cents: COST_CENTS, rebill_invoice: null });
    const ap = await accounting.post(`/api/admin/carrier-invoices/${accessorial!.id}/approve`, { version: 1 });
    expect(ap.json().data).toMatchObject({ status: 'approved', rebill_invoice: null });
    for (const id of [rw.s.id, extra.s.id]) {
      const adj = await t.database.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.shipmentId, id), eq(invoices.type, 'adjustment')));
      expect(adj).toEqual([]);
    }
  });

  it('disputes with a thread (staff, the carrier’s reply recorded), then resolves at the agreed amount', async () => {
    const s = await shipment();
    const [o] = (
      await upload([{ bol_number: s.s.bolNumber, lines: [...billedAsExpected(), { code: 'inside_delivery', amount_cents: 9_000 }] }])
    ).outcomes;
    const d = await accounting.post(`/api/admin/carrier-invoices/${o!.id}/dispute`, {
      version: 1,
      message: 'Inside delivery was not ordered.',
    });
    expect(d.json().data.status).toBe('disputed');
    t.clock.advanceMinutes(1);
    const m = await accounting.post(`/api/admin/carrier-invoices/${o!.id}/messages`, {
      body: 'Driver notes say inside.',
      from_carrier: true,
    });
    expect(m.statusCode, m.body).toBe(200);
    const r = await accounting.post(`/api/admin/carrier-invoices/${o!.id}/resolve`, {
      version: 2,
      amount_cents: COST_CENTS,
      note: 'Carrier dropped it',
    });
    expect(r.statusCode, r.body).toBe(200);
    const done = r.json().data as CarrierInvoiceView;
    expect(done).toMatchObject({ status: 'approved', approved_cents: COST_CENTS, decision_note: 'Carrier dropped it' });
    expect(done.messages.map((x) => x.from_carrier)).toEqual([false, true]);
    const actions = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, o!.id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'carrier_invoice.dispute',
      'carrier_invoice.import',
      'carrier_invoice.message',
      'carrier_invoice.resolve',
    ]);
  });
});

describe('payables', () => {
  it('exports what is payable by carrier with due dates, formula-safe, and marks the batch paid, audited', async () => {
    const s = await shipment();
    await upload([{ bol_number: s.s.bolNumber, invoice_number: '=HYPERLINK("x")', lines: billedAsExpected() }]);
    const made = await accounting.post('/api/admin/carrier-payables/batches', {});
    expect(made.statusCode, made.body).toBe(201);
    const batch = made.json().data as PayablesBatchView;
    expect(batch.invoice_count).toBeGreaterThan(0);
    // Named as the batch reads afterwards.
    expect(batch.created_by).toBe('Alma Accounting');
    const csv = await accounting.get(`/api/admin/carrier-payables/batches/${batch.id}/payables.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`'=HYPERLINK`);
    expect(csv.body).toContain('ODFL');
    expect((await accounting.post('/api/admin/carrier-payables/batches', {})).statusCode).toBe(409);
    const paid = await accounting.post('/api/admin/carrier-payables/paid', { batch_id: batch.id, reference: 'ACH 2026-12-01' });
    expect(paid.json().data.paid).toBe(batch.invoice_count);
    const one = batch.carriers[0]!.invoices[0]!;
    expect((await view(one.id)).status).toBe('paid');
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, one.id), eq(auditLog.action, 'carrier_invoice.paid')));
    expect(entries).toHaveLength(1);
  });
});

describe('the carriers’ partner API', () => {
  it('a carrier partner posts its 210 and reads it; another carrier’s invoice is not found; customers and ops are refused', async () => {
    const superAdmin = await (await t.client().login('super@demo.test')).confirmPassword();
    const odfl = await carrierByScac(t.database.db, 'ODFL');
    const saia = await carrierByScac(t.database.db, 'SAIA');
    async function carrierApi(carrierId: string, name: string) {
      const partner = (await superAdmin.post('/api/admin/integration-partners', { name, carrier_id: carrierId })).json().data;
      const issued = (
        await superAdmin.post('/api/admin/oauth-clients', {
          name,
          partner_id: partner.id,
          scopes: ['carrier_invoices:write', 'carrier_invoices:read'],
        })
      ).json().data as IssuedCredential;
      const token = (await requestToken(t.app, issued.credential.client_id, issued.client_secret)).json().access_token as string;
      return new ApiTestClient(t.app, token);
    }
    const odflApi = await carrierApi(odfl.id, 'ODFL EDI');
    const saiaApi = await carrierApi(saia.id, 'Saia EDI');
    const s = await shipment();
    const body = {
      invoice_number: 'EDI-210-1',
      invoice_date: '2026-11-21',
      pro_number: s.s.proNumber,
      amount_due_cents: COST_CENTS,
      lines: billedAsExpected().map((l) => ({ ...l, description: l.code })),
    };
    const bad = await odflApi.request({ method: 'POST', url: '/api/v1/carrier-invoices', payload: { ...body, amount_due_cents: 1 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('amount_due_cents');
    const posted = await odflApi.request({ method: 'POST', url: '/api/v1/carrier-invoices', payload: body });
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().data.id as string;
    expect(posted.json().data).toMatchObject({ status: 'approved', approved_cents: COST_CENTS });
    expect(posted.body).not.toMatch(/expected|audit|cost/);
    expect((await odflApi.get(`/api/v1/carrier-invoices/${id}`)).statusCode).toBe(200);
    expect((await saiaApi.get(`/api/v1/carrier-invoices/${id}`)).statusCode).toBe(404);
    expect((await saiaApi.request({ method: 'POST', url: `/api/v1/carrier-invoices/${id}/messages`, payload: {} })).statusCode).toBe(404);
    const shipper = await t.client().login('shipper@demo.test');
    for (const c of [shipper, ops, await t.client().login('sales@demo.test')]) {
      expect((await c.get('/api/admin/carrier-invoices')).statusCode).toBe(403);
      expect((await c.get(`/api/admin/carrier-invoices/${id}`)).statusCode).toBe(403);
    }
    expect((await shipper.get(`/api/carrier-invoices/${id}`)).statusCode).toBe(404);
  });

  it('staff tie a partner to a carrier and untie it, audited as the partner’s edit; an unknown carrier is refused at the field', async () => {
    const superAdmin = await (await t.client().login('super@demo.test')).confirmPassword();
    const odfl = await carrierByScac(t.database.db, 'ODFL');
    const partner = (await superAdmin.post('/api/admin/integration-partners', { name: 'Dock EDI' })).json().data;
    expect(partner.carrier).toBeNull();
    const tied = await superAdmin.put(`/api/admin/integration-partners/${partner.id}`, { name: 'Dock EDI', carrier_id: odfl.id });
    expect(tied.statusCode, tied.body).toBe(200);
    expect(tied.json().data.carrier).toMatchObject({ id: odfl.id, scac: 'ODFL' });
    const unknown = await superAdmin.put(`/api/admin/integration-partners/${partner.id}`, {
      name: 'Dock EDI',
      carrier_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty('carrier_id');
    t.clock.advanceMinutes(1);
    const untied = await superAdmin.put(`/api/admin/integration-partners/${partner.id}`, { name: 'Dock EDI', carrier_id: null });
    expect(untied.json().data.carrier).toBeNull();
    const edits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, partner.id), eq(auditLog.action, 'integration_partner.update')))
      .orderBy(auditLog.createdAt);
    expect(edits.map((e) => [e.before, e.after])).toEqual([
      [{ carrier_id: null }, { carrier_id: odfl.id }],
      [{ carrier_id: odfl.id }, { carrier_id: null }],
    ]);
    expect(edits[0]?.targetLabel).toBe('Integration partner Dock EDI');
  });

  it('the carrier answers in its disputed invoice’s thread', async () => {
    const superAdmin = await (await t.client().login('super@demo.test')).confirmPassword();
    const odfl = await carrierByScac(t.database.db, 'ODFL');
    const partner = (await superAdmin.post('/api/admin/integration-partners', { name: 'ODFL replies', carrier_id: odfl.id })).json().data;
    const issued = (
      await superAdmin.post('/api/admin/oauth-clients', {
        name: 'ODFL replies',
        partner_id: partner.id,
        scopes: ['carrier_invoices:write', 'carrier_invoices:read'],
      })
    ).json().data as IssuedCredential;
    const api = new ApiTestClient(
      t.app,
      (await requestToken(t.app, issued.credential.client_id, issued.client_secret)).json().access_token,
    );
    const s = await shipment();
    const posted = await api.request({
      method: 'POST',
      url: '/api/v1/carrier-invoices',
      payload: {
        invoice_number: 'EDI-D-1',
        invoice_date: '2026-11-21',
        bol_number: s.s.bolNumber,
        amount_due_cents: 60_000,
        lines: [{ code: 'freight', amount_cents: 60_000 }],
      },
    });
    const id = posted.json().data.id as string;
    expect(posted.json().data.status).toBe('pending_audit');
    await accounting.post(`/api/admin/carrier-invoices/${id}/dispute`, { version: 1, message: 'Linehaul is over the tariff.' });
    t.clock.advanceMinutes(1);
    const reply = await api.request({
      method: 'POST',
      url: `/api/v1/carrier-invoices/${id}/messages`,
      payload: { body: 'We will re-rate it.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data.messages.map((m: { from_carrier: boolean }) => m.from_carrier)).toEqual([false, true]);
  });
});
