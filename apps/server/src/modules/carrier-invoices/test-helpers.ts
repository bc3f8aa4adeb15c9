import type { CarrierInvoiceImportReport, CarrierInvoiceView } from '@freight/contracts';
import { CARRIER_INVOICE_CSV_COLUMNS } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { writeCsv } from '../../csv/csv';
import { shipments } from '../../db/schema';
import type { TestApp, TestClient } from '../../test/harness';
import { inspectedShipment } from '../invoices/invoicing';
import { type Dock, deliveredShipment } from '../invoices/test-helpers';

/** Carrier invoice test helpers: shipments with a kept cost, the CSV upload, an invoice's page. */

/** The broker's expected cost kept on a test shipment: linehaul, fuel and the liftgate it booked. */
export const COST = [
  { code: 'freight', label: 'quote.charge.freight', amount_cents: 36_000 },
  { code: 'fuel', label: 'quote.charge.fuel', amount_cents: 6_500 },
  { code: 'accessorial', label: 'quote.charge.accessorial', detail: 'liftgate_delivery', amount_cents: 2_500 },
];
export const COST_CENTS = 45_000;

export type Line = { code: string; amount_cents: number; description?: string };
export interface CsvInvoice {
  invoice_number?: string;
  scac?: string;
  pro_number?: string | null;
  bol_number?: string;
  weight_lb?: number;
  freight_class?: number | null;
  lines: Line[];
}

/** The billed lines of the expected cost, any of them changed. */
export const billedAsExpected = (over: Partial<Record<string, number>> = {}): Line[] => [
  { code: 'freight', amount_cents: over.freight ?? 36_000 },
  { code: 'fuel', amount_cents: over.fuel ?? 6_500 },
  { code: 'liftgate_delivery', amount_cents: over.liftgate_delivery ?? 2_500 },
];

/** The CSV rows of an invoice: one per line, its header repeated. */
export const asRows = (inv: CsvInvoice & { invoice_number: string }) =>
  inv.lines.map((l) => ({
    invoice_number: inv.invoice_number,
    scac: inv.scac ?? 'ODFL',
    invoice_date: '2026-11-20',
    pro_number: inv.pro_number ?? '',
    bol_number: inv.bol_number ?? '',
    currency: 'USD',
    weight_lb: inv.weight_lb ?? '',
    freight_class: inv.freight_class ?? '',
    code: l.code,
    description: l.description ?? l.code,
    amount_cents: l.amount_cents,
  }));

/** The helpers on a test app, uploading and reading as `accounting`. */
export function carrierInvoiceFixtures(t: TestApp, accounting: TestClient) {
  let serial = 0;
  return {
    /** A delivered ODFL shipment of Demo Shipper Co (its freight invoice issued) with the cost above; `dock` as TariffCarrier finds it. */
    async shipment(dock: Dock = 'as_booked', scac = 'ODFL') {
      const { shipment: s, invoice } = await deliveredShipment(t, { scac, dock });
      await t.database.db.update(shipments).set({ costLines: COST, costCents: COST_CENTS }).where(eq(shipments.id, s.id));
      return { s, invoice, booked: inspectedShipment(s) };
    },

    /** Uploads the invoices (numbered when they have no number) and `extra` rows as they are; answers the report. */
    async upload(invs: CsvInvoice[], extra: Record<string, unknown>[] = []) {
      const numbered = invs.map((i) => ({ ...i, invoice_number: i.invoice_number ?? `CI-${++serial}` }));
      const csv = writeCsv(CARRIER_INVOICE_CSV_COLUMNS, [...numbered.flatMap(asRows), ...extra]);
      const res = await accounting.request({
        method: 'POST',
        url: '/api/admin/carrier-invoices/import',
        payload: csv,
        headers: { 'content-type': 'text/csv' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as CarrierInvoiceImportReport;
    },

    async view(id: string) {
      const res = await accounting.get(`/api/admin/carrier-invoices/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as CarrierInvoiceView;
    },
  };
}
