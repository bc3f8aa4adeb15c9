// Carrier invoice CSV intake: a 10,000-line file from upload to every invoice stored with its match
// and audit result, on PostgreSQL and on the embedded PGlite (in memory).
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/carrier-invoices.ts
// (creates and drops its own database; BENCH_EMBEDDED=0 skips PGlite, BENCH_LINES sets the size).
// The demo data plus 2,500 delivered shipments copied from a demo one (each its own BOL and PRO);
// the file's invoices match by PRO (most), by BOL, or not at all, and some claim a reweigh or bill
// over the expected cost. Baseline in the same run: the same file parsed and grouped alone (no
// database). Prints JSON.

import { CARRIER_INVOICE_CSV_COLUMNS } from '@freight/contracts';
import { type ExpectedLine, expectedLineKey } from '@freight/domain';
import { writeCsv } from '../apps/server/src/csv/csv';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { carrierInvoices, shipments } from '../apps/server/src/db/schema';
import { seedDemo } from '../apps/server/src/db/seed';
import { readCarrierInvoiceCsv } from '../apps/server/src/modules/carrier-invoices/csv-intake';
import { inspectedShipment } from '../apps/server/src/modules/invoices/invoicing';
import { benchDatabase, signedInApp } from './setup';

const LINES = Number(process.env.BENCH_LINES ?? 10_000);
const SHIPMENTS = 2_500;

/** SHIPMENTS delivered copies of a demo LTL shipment with its cost, and the 10,000-line file billing them. */
async function prepare(database: Database) {
  const db = database.db;
  // drizzle-orm is the server's own dependency: the demo's shipments are few, filtered here.
  const template = (await db.select().from(shipments)).find((r) => r.status === 'delivered' && r.mode === 'ltl' && r.costLines !== null);
  if (!template) throw new Error('no delivered demo shipment');
  const { id: _id, searchText: _s, shownEstimatedDelivery: _e, ...copy } = template;
  for (let at = 0; at < SHIPMENTS; at += 500) {
    await db.insert(shipments).values(
      Array.from({ length: Math.min(500, SHIPMENTS - at) }, (_, k) => {
        const n = at + k;
        return { ...copy, bolNumber: `BENCHBOL${n}`, proNumber: `BENCHPRO${n}`, idempotencyKey: `bench-${n}` };
      }),
    );
  }
  const lines = (template.costLines as ExpectedLine[]).map((l) => ({ code: expectedLineKey(l), amount: l.amount_cents }));
  const booked = inspectedShipment(template);
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; rows.length < LINES; i += 1) {
    const n = i % SHIPMENTS;
    const kind = i % 20; // 0: unmatched; 1: by BOL; 2: a reweigh claimed; 3: over by $100; else as expected
    const head = {
      invoice_number: `B-${i}`,
      scac: template.scac,
      invoice_date: '2026-11-20',
      pro_number: kind === 0 ? `NOPRO${i}` : kind === 1 ? '' : `BENCHPRO${n}`,
      bol_number: kind === 1 ? `BENCHBOL${n}` : '',
      currency: 'USD',
      weight_lb: kind === 2 ? Math.round(booked.weight_lb * 1.1) : booked.weight_lb,
      freight_class: booked.freight_class ?? '',
    };
    lines.forEach((l, j) => {
      const amount =
        kind === 2 && ['freight', 'fuel'].includes(l.code) ? Math.round(l.amount * 1.1) : l.amount + (kind === 3 && j === 0 ? 10_000 : 0);
      if (rows.length < LINES) rows.push({ ...head, code: l.code, description: l.code, amount_cents: amount });
    });
  }
  return writeCsv(CARRIER_INVOICE_CSV_COLUMNS, rows);
}

async function run(label: string, database: Database) {
  const csv = await prepare(database);
  const t0 = performance.now();
  const parsed = await readCarrierInvoiceCsv(csv, 'en');
  const parseMs = performance.now() - t0;
  const { send } = await signedInApp(database, {}, 'accounting@demo.test');
  const t1 = performance.now();
  const res = await send('POST', '/api/admin/carrier-invoices/import', csv, 'text/csv');
  const uploadMs = performance.now() - t1;
  const report = res.json();
  const n = (await database.db.select({ id: carrierInvoices.id }).from(carrierInvoices)).length;
  if (res.statusCode !== 200 || report.rows_valid !== LINES) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return {
    database: label,
    lines: LINES,
    megabytes: +(Buffer.byteLength(csv) / 1024 / 1024).toFixed(2),
    invoices: report.invoices,
    by_status: report.by_status,
    stored: n,
    parse_alone_ms: Math.round(parseMs),
    parsed_invoices: parsed.invoices.length,
    upload_to_stored_ms: Math.round(uploadMs),
  };
}

const results = [];
const pgBench = await benchDatabase('carrier_invoices', 10);
try {
  results.push(await run('postgresql', pgBench.database));
} finally {
  await pgBench.drop();
}
if (process.env.BENCH_EMBEDDED !== '0') {
  const embedded = await openDatabase({ dataDir: 'memory://' });
  try {
    await embedded.migrate();
    await seedDemo(embedded.db, new Date());
    results.push(await run('pglite', embedded));
  } finally {
    await embedded.close();
  }
}
console.log(
  JSON.stringify({ node: process.version, load_average: (await import('node:os')).loadavg().map((l) => +l.toFixed(1)), results }, null, 2),
);
process.exit(0);
