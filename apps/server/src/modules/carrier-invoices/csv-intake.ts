import {
  CARRIER_INVOICE_CSV_COLUMNS,
  type CarrierInvoice210,
  type CarrierInvoiceImportReport,
  type CarrierInvoiceRefused,
  CSV_IMPORT_LIMITS,
  carrierInvoiceLine,
} from '@freight/contracts';
import { type Language, normaliseScac } from '@freight/domain';
import { z } from 'zod';
import { type CsvRowCheck, type CsvSource, type CsvSpec, readCsv, writeCsv } from '../../csv/csv';
import { isMessageKey, translator } from '../../i18n';
import type { IncomingInvoice } from './intake';

type Column = (typeof CARRIER_INVOICE_CSV_COLUMNS)[number];

/** One row of the file: a billed line with its invoice's header columns. */
const rowSchema = z.object({
  invoice_number: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(40, { error: 'validation.too_long' }),
  scac: z.string({ error: 'validation.required' }).trim().min(2, { error: 'validation.scac' }).max(10, { error: 'validation.scac' }),
  invoice_date: z.string({ error: 'validation.date' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' }),
  pro_number: z.string().trim().max(40, { error: 'validation.too_long' }).default(''),
  bol_number: z.string().trim().max(40, { error: 'validation.too_long' }).default(''),
  currency: z.enum(['USD', 'CAD', 'MXN'], { error: 'validation.choice' }).default('USD'),
  weight_lb: z.number().int({ error: 'validation.integer' }).min(1, { error: 'validation.positive' }).max(200_000).nullable().default(null),
  freight_class: z
    .number()
    .min(50, { error: 'validation.freight_class' })
    .max(500, { error: 'validation.freight_class' })
    .nullable()
    .default(null),
  code: carrierInvoiceLine.shape.code,
  description: z.string().trim().max(120, { error: 'validation.too_long' }).default(''),
  amount_cents: carrierInvoiceLine.shape.amount_cents,
});
type Row = z.output<typeof rowSchema> & { line: number };

const spec: CsvSpec<Column, z.output<typeof rowSchema>, Row> = {
  columns: CARRIER_INVOICE_CSV_COLUMNS,
  types: { weight_lb: 'number', freight_class: 'number', amount_cents: 'number' },
  schema: rowSchema,
  check: (value, line): CsvRowCheck<Row> => {
    if (!value.pro_number && !value.bol_number) return { errors: { pro_number: ['validation.pro_or_bol_required'] } };
    if (Number.isNaN(Date.parse(`${value.invoice_date}T00:00:00Z`))) return { errors: { invoice_date: ['validation.date'] } };
    return { value: { ...value, line } };
  },
  // Rows are lines of invoices, not records: the same values may repeat (two equal lines).
  key: (row) => String(row.line),
};

/** The template: its header and one invoice of two lines. */
export function carrierInvoiceTemplate() {
  const head = {
    invoice_number: 'INV-1001',
    scac: 'ODFL',
    invoice_date: '2026-11-20',
    pro_number: '',
    bol_number: 'FP00000001',
    currency: 'USD',
  };
  return writeCsv(CARRIER_INVOICE_CSV_COLUMNS, [
    { ...head, weight_lb: 1200, freight_class: 70, code: 'freight', description: 'Linehaul', amount_cents: 42_000 },
    { ...head, weight_lb: 1200, freight_class: 70, code: 'fuel', description: 'Fuel surcharge', amount_cents: 9_100 },
  ]);
}

/** The header columns whose values the rows of one invoice must share. */
const HEADER: readonly (keyof Row)[] = ['invoice_date', 'pro_number', 'bol_number', 'currency', 'weight_lb', 'freight_class'];

/** An invoice's key in the file: its SCAC and number (the invoice number as the schema trims it). */
const invoiceKey = (scac: string, invoiceNumber: string) => `${normaliseScac(scac)}|${invoiceNumber.trim()}`;

/**
 * Reads a carrier invoice CSV (bounded like every CSV import: CSV_IMPORT_LIMITS bytes and rows,
 * streamed) into invoices: the rows of one SCAC and invoice number make one invoice, in the order
 * first seen. A bad row is reported with its line and field; a row whose header columns
 * contradict its invoice's first row is refused the same way. An invoice with a refused row is
 * not taken at all (paid without that line, it would be short by it): it is named among the
 * refused invoices with that row's line and reason. The other invoices are taken.
 */
export async function readCarrierInvoiceCsv(source: CsvSource, language: Language) {
  /** The first refused row of each invoice, by its key, with the invoice as the row names it. */
  const refusedAt = new Map<string, { line: number; invoice_number: string; scac: string }>();
  const refuse = (line: number, scac: string, invoiceNumber: string) => {
    const key = invoiceKey(scac, invoiceNumber);
    const known = refusedAt.get(key);
    // A row that names no invoice refuses none but itself.
    if (scac.trim() && invoiceNumber.trim() && (!known || line < known.line))
      refusedAt.set(key, { line, invoice_number: invoiceNumber.trim(), scac: normaliseScac(scac) });
  };
  const { report, rows } = await readCsv(source, spec, {
    language,
    maxRows: CSV_IMPORT_LIMITS.max_rows,
    onRefused: (line, cells) => refuse(line, cells.scac ?? '', cells.invoice_number ?? ''),
  });
  const t = translator(language);
  const groups = new Map<string, { first: Row; lines: Row[] }>();
  const errors = [...report.errors];
  for (const { value: row } of rows) {
    const key = invoiceKey(row.scac, row.invoice_number);
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { first: row, lines: [row] });
      continue;
    }
    const differs = HEADER.find((c) => group.first[c] !== row[c]);
    if (differs) {
      const message = 'csv.invoice_header_differs';
      errors.push({
        line: row.line,
        field: differs,
        message: t(isMessageKey(message) ? message : 'validation.invalid', { line: group.first.line }),
      });
      refuse(row.line, row.scac, row.invoice_number);
      continue;
    }
    group.lines.push(row);
  }
  errors.sort((a, b) => a.line - b.line);
  const invoices: IncomingInvoice[] = [...groups]
    .filter(([key]) => !refusedAt.has(key))
    .map(([, { first, lines }]) => {
      const data: CarrierInvoice210 = {
        invoice_number: first.invoice_number,
        scac: first.scac,
        invoice_date: first.invoice_date,
        pro_number: first.pro_number,
        bol_number: first.bol_number,
        currency: first.currency,
        weight_lb: first.weight_lb,
        freight_class: first.freight_class,
        amount_due_cents: lines.reduce((s, l) => s + l.amount_cents, 0),
        lines: lines.map((l) => ({ code: l.code, description: l.description, amount_cents: l.amount_cents })),
      };
      return { line: first.line, data };
    });
  const refused: CarrierInvoiceRefused[] = [...refusedAt.values()]
    .sort((a, b) => a.line - b.line)
    .map((r) => {
      const reason = errors.find((e) => e.line === r.line);
      return { ...r, field: reason?.field ?? null, message: reason?.message ?? '' };
    });
  const taken = invoices.reduce((n, i) => n + i.data.lines.length, 0);
  const base: Omit<CarrierInvoiceImportReport, 'outcomes' | 'by_status' | 'invoices'> = {
    rows_total: report.rows_total,
    rows_valid: taken,
    errors,
    refused_invoices: refused,
  };
  return { base, invoices };
}
