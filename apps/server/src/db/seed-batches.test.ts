import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inWords, messageReader } from '../modules/batches/kept-messages';
import { accounts, batches, batchRows, shipments } from './schema';
import { seededDemoDatabase } from './seeded-demo.test-support';

const demo = seededDemoDatabase(new Date('2026-11-25T16:00:00Z'));

describe('the demo batch', () => {
  it("is Demo Shipper Co's Monday orders: three rows booked on its own shipments, one ready to rate, one refused", async () => {
    const [batch] = await demo()
      .db.select({ batch: batches, account: accounts.name })
      .from(batches)
      .innerJoin(accounts, eq(accounts.id, batches.accountId));
    expect(batch).toMatchObject({
      account: 'Demo Shipper Co',
      batch: { fileName: 'orders-monday.csv', status: 'booked', rule: 'cheapest', rowsTotal: 5, rowsValid: 4 },
    });
    const rows = await demo()
      .db.select()
      .from(batchRows)
      .where(eq(batchRows.batchId, batch?.batch.id ?? ''));
    const byLine = rows.sort((a, b) => a.line - b.line);
    expect(byLine.map((r) => [r.line, r.status])).toEqual([
      [2, 'booked'],
      [3, 'booked'],
      [4, 'booked'],
      [5, 'valid'],
      [6, 'invalid'],
    ]);
    // The booked rows are the account's own shipments, each chosen at the rate it was booked at.
    for (const row of byLine.slice(0, 3)) {
      const [shipment] = await demo()
        .db.select()
        .from(shipments)
        .where(eq(shipments.id, row.shipmentId ?? ''));
      expect(shipment?.accountId).toBe(batch?.batch.accountId);
      expect(row.rateId).toBe(shipment?.rateId);
      expect(row.cells.destination_postal_code).toBe((shipment?.delivery as { postal_code: string } | undefined)?.postal_code);
    }
    // The refused row says why as an upload would, at its cell, in each reader's words.
    expect(inWords(byLine[4]?.errors ?? [], messageReader('en'))).toEqual([{ field: 'weight', message: 'Field is required' }]);
    expect(inWords(byLine[4]?.errors ?? [], messageReader('es'))).toEqual([{ field: 'weight', message: 'Campo obligatorio' }]);
  });
});
