import type { BatchView } from '@freight/contracts';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { DRAW_AHEAD_FROM_ROWS } from './batches-documents-ahead';
import { bookableLine, bookBatch, ratedBatch } from './batches-test-helpers';

/**
 * A large booking's merged file is drawn while its rows are booked, and the download takes it
 * only while it is what would be drawn now. The file's creation date tells which it was: the
 * booking's minute for the file drawn ahead, the download's for one drawn afresh.
 */
let t: TestApp;
let shipper: TestClient;
let booked: BatchView;
let bookedAt: Date;

beforeAll(async () => {
  // On PostgreSQL too (where it is off unless asked for), so the API tests run it on both databases.
  t = await createTestApp({ BATCH_DOCUMENTS_AHEAD: 'true' });
  shipper = await t.client().login('shipper@demo.test');
  const lines = Array.from({ length: DRAW_AHEAD_FROM_ROWS }, (_, n) => bookableLine(t, { client_ref: `AHEAD-${n + 1}` }));
  const rated = await ratedBatch(shipper, lines);
  bookedAt = t.clock.now;
  booked = await bookBatch(shipper, rated.id);
});
afterAll(() => t.close());

async function download() {
  const res = await shipper.get(`/api/batches/${booked.id}/documents.pdf`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const pdf = await PDFDocument.load(res.rawPayload);
  return { pages: pdf.getPageCount(), created: pdf.getCreationDate()?.getTime(), title: pdf.getTitle() };
}

const minuteOf = (ms: number | undefined) => Math.floor((ms ?? 0) / 60_000);

describe('a large booking’s merged file, drawn while its rows are booked', () => {
  it('is the file downloaded after the booking, with every booked row’s pages', async () => {
    expect(booked.rows.every((r) => r.status === 'booked')).toBe(true);
    t.clock.advanceMinutes(5);
    const first = await download();
    expect(minuteOf(first.created)).toBe(minuteOf(bookedAt.getTime()));
    // A bill of lading and a pallet label at least per row.
    expect(first.pages).toBeGreaterThanOrEqual(2 * DRAW_AHEAD_FROM_ROWS);
    expect(first.title).toContain(booked.id.slice(0, 8));
    // Downloaded again, the same file.
    expect(await download()).toEqual(first);
  });

  it('is drawn afresh once a shipment of it has changed', async () => {
    const before = await download();
    const canceled = await shipper.post(`/api/shipments/${booked.rows[0]!.shipment_id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    t.clock.advanceMinutes(5);
    const after = await download();
    expect(minuteOf(after.created)).toBe(minuteOf(t.clock.now.getTime()));
    expect(minuteOf(after.created)).not.toBe(minuteOf(before.created));
    expect(after.pages).toBeGreaterThan(0);
  });

  it('is no longer offered half an hour after the booking', async () => {
    const other = await ratedBatch(
      shipper,
      Array.from({ length: DRAW_AHEAD_FROM_ROWS }, () => bookableLine(t)),
    );
    const start = t.clock.now.getTime();
    await bookBatch(shipper, other.id);
    t.clock.advanceMinutes(31);
    const res = await shipper.get(`/api/batches/${other.id}/documents.pdf`);
    expect(res.statusCode).toBe(200);
    const created = (await PDFDocument.load(res.rawPayload)).getCreationDate()?.getTime();
    expect(minuteOf(created)).toBe(minuteOf(start) + 31);
  });
});
