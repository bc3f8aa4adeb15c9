import type { BatchView } from '@freight/contracts';
import { expect } from 'vitest';
import type { TestApp, TestClient } from '../../test/harness';
import { businessDay } from '../shipments/test-helpers';
import { csvLine, goodRowCells, header } from './batches-csv.test-support';

export { header };

/** The cells of a good LTL row from Chicago to Dallas on the app's next business day; `over` changes cells. */
export const bookableCells = (t: TestApp, over: Record<string, string> = {}) => goodRowCells(businessDay(t), over);

/** The CSV line of a good row (bookableCells). */
export const bookableLine = (t: TestApp, over: Record<string, string> = {}) => csvLine(bookableCells(t, over));

/** A batch file uploaded; `query` is the upload's querystring (`?rule=...`). */
export async function upload(c: TestClient, csv: string, query = '') {
  const res = await c.request({ method: 'POST', url: `/api/batches${query}`, payload: csv, headers: { 'content-type': 'text/csv' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as BatchView;
}

export async function rate(c: TestClient, id: string) {
  const res = await c.post(`/api/batches/${id}/rate`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BatchView;
}

export async function bookBatch(c: TestClient, id: string) {
  const res = await c.post(`/api/batches/${id}/book`, { disclaimer_accepted: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BatchView;
}

/** A batch of these lines uploaded and rated. */
export async function ratedBatch(c: TestClient, lines: string[]) {
  const batch = await upload(c, [header, ...lines].join('\n'));
  return rate(c, batch.id);
}

/** The total of the rate a rated row has chosen. */
export const chosenTotal = (row: BatchView['rows'][number]) => row.result!.rates.find((r) => r.id === row.rate_id)!.total_cents;
