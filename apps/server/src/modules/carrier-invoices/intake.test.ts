import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIncidents, auditLog, carrierInvoices } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { carrierByScac } from '../tracking/test-fixtures';
import { billedAsExpected, COST_CENTS, carrierInvoiceFixtures } from './test-helpers';

/**
 * Carrier invoices taken in by staff's CSV upload: matching by PRO, BOL and SCAC (aliases count),
 * a refused row refusing its whole invoice, and matching by hand.
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

const shipment = () => fx.shipment();
const upload = (...args: Parameters<typeof fx.upload>) => fx.upload(...args);
const view = (id: string) => fx.view(id);

describe('intake and matching', () => {
  it('matches by PRO and by BOL, keeps a wrong SCAC or an unknown number unmatched, one bad row refusing only itself', async () => {
    const a = await shipment();
    const b = await shipment();
    const c = await shipment();
    const report = await upload(
      [
        { pro_number: a.s.proNumber, lines: billedAsExpected() },
        { bol_number: b.s.bolNumber, lines: billedAsExpected({ fuel: 6_700 }) },
        { bol_number: c.s.bolNumber, scac: 'SAIA', lines: billedAsExpected() },
        { bol_number: 'NO-SUCH-BOL', lines: billedAsExpected() },
      ],
      [{ invoice_number: 'BAD', scac: 'ODFL', invoice_date: 'soon', pro_number: '1', code: 'freight', amount_cents: 'x' }],
    );
    expect(report.invoices).toBe(4);
    expect(report.outcomes.map((o) => o.status)).toEqual(['approved', 'approved', 'unmatched', 'unmatched']);
    expect(report.errors.map((e) => e.field)).toEqual(expect.arrayContaining(['invoice_date', 'amount_cents']));
    const matched = await view(report.outcomes[0]!.id);
    expect(matched).toMatchObject({ shipment: { id: a.s.id }, expected_cents: COST_CENTS, billed_cents: COST_CENTS, auto_approved: true });
    expect(matched.due_date).toBe('2026-12-20');
    // A shipment found under another carrier's SCAC: an incident for staff.
    const incidents = await t.database.db.select().from(apiIncidents).where(eq(apiIncidents.operation, 'carrier_invoice.intake'));
    expect(incidents.map((i) => i.kind)).toContain('unknown_shipment');
  });

  it('a refused row refuses its whole invoice (named with the row’s reason); the other invoices are taken', async () => {
    const a = await shipment();
    const b = await shipment();
    const c = await shipment();
    const row = (number: string, over: Record<string, unknown>) => ({
      invoice_number: number,
      scac: 'odfl',
      invoice_date: '2026-11-20',
      bol_number: b.s.bolNumber,
      code: 'freight',
      amount_cents: 100,
      ...over,
    });
    const report = await upload(
      [
        { invoice_number: 'GOOD-1', bol_number: a.s.bolNumber, lines: billedAsExpected() },
        // Two good lines and, further down the file, a third whose amount is not a number.
        { invoice_number: 'HALF-1', bol_number: b.s.bolNumber, lines: billedAsExpected() },
        // Its second row contradicts its first (another BOL).
        { invoice_number: 'SPLIT-1', bol_number: c.s.bolNumber, lines: billedAsExpected().slice(0, 1) },
      ],
      [
        row(' HALF-1 ', { code: 'fuel', amount_cents: 'lots' }),
        row('SPLIT-1', { bol_number: a.s.bolNumber }),
        // A row naming no invoice refuses only itself.
        row('', { amount_cents: 5 }),
      ],
    );
    expect(report.outcomes.map((o) => o.invoice_number)).toEqual(['GOOD-1']);
    expect(report.invoices).toBe(1);
    expect(report.rows_total).toBe(10);
    expect(report.rows_valid).toBe(3);
    expect(report.refused_invoices).toEqual([
      { line: 9, invoice_number: 'HALF-1', scac: 'ODFL', field: 'amount_cents', message: expect.any(String) },
      { line: 10, invoice_number: 'SPLIT-1', scac: 'ODFL', field: 'bol_number', message: expect.stringContaining('line 8') },
    ]);
    expect(report.errors.map((e) => [e.line, e.field])).toEqual([
      [9, 'amount_cents'],
      [10, 'bol_number'],
      [11, 'invoice_number'],
    ]);
    const stored = await t.database.db.select({ number: carrierInvoices.invoiceNumber }).from(carrierInvoices);
    expect(stored.map((r) => r.number)).not.toContain('HALF-1');
    expect(stored.map((r) => r.number)).not.toContain('SPLIT-1');
  });

  it('matches an invoice billed under a SCAC alias of the shipment’s carrier; an unknown SCAC is an incident', async () => {
    const odfl = await carrierByScac(t.database.db, 'ODFL');
    const superAdmin = await t.client().login('super@demo.test');
    await superAdmin.post('/api/admin/scac-aliases', { kind: 'scac', alias: 'ODFX', carrier_id: odfl.id });
    const a = await shipment();
    const b = await shipment();
    const report = await upload([
      { scac: 'odfx', bol_number: a.s.bolNumber, lines: billedAsExpected() },
      { scac: 'QQZZ', bol_number: b.s.bolNumber, lines: billedAsExpected() },
    ]);
    expect(report.outcomes.map((o) => o.status)).toEqual(['approved', 'unmatched']);
    const rows = await t.database.db.select().from(apiIncidents).where(eq(apiIncidents.operation, 'carrier_invoice.intake'));
    expect(rows.find((r) => r.kind === 'unknown_scac')?.error).toBe('No carrier or alias for SCAC QQZZ');
  });

  it('an unmatched invoice is matched by hand by BOL, then audited; a stale version is a conflict', async () => {
    const a = await shipment();
    const [outcome] = (await upload([{ pro_number: 'WRONG-PRO', lines: billedAsExpected() }])).outcomes;
    const before = await view(outcome!.id);
    expect(before.status).toBe('unmatched');
    const wrong = await accounting.post(`/api/admin/carrier-invoices/${outcome!.id}/match`, { version: before.version, number: 'NO-SUCH' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toHaveProperty('number');
    const res = await accounting.post(`/api/admin/carrier-invoices/${outcome!.id}/match`, {
      version: before.version,
      number: a.s.bolNumber,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'approved', shipment: { id: a.s.id } });
    const again = await accounting.post(`/api/admin/carrier-invoices/${outcome!.id}/match`, {
      version: before.version,
      number: a.s.bolNumber,
    });
    expect(again.statusCode).toBe(409);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, outcome!.id), eq(auditLog.action, 'carrier_invoice.match')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.targetLabel).toContain(outcome!.invoice_number);
  });
});
