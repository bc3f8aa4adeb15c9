import type { BatchSummary, BatchView } from '@freight/contracts';
import { addDays, nextBusinessDay } from '@freight/domain/rating';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, batchRows } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { batchesRepository, ROWS_PER_STATEMENT } from './batches.repository';
import { csvLine, goodRowCells, header } from './batches-csv.test-support';

/**
 * An upload's rows are written a few per statement behind a hidden batch: the batch is seen only
 * once every row is in, a write that fails keeps nothing, and housekeeping deletes a batch left
 * hidden by a process that stopped.
 */
let t: TestApp;
let shipper: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
});
afterAll(() => t.close());

const pickup = () => nextBusinessDay(addDays(t.clock.now.toISOString().slice(0, 10), 3), 'US');
/** More rows than two statements write, so the writes and reads go in three parts. */
const ROWS = 2 * ROWS_PER_STATEMENT + 7;
const file = () =>
  [header, ...Array.from({ length: ROWS }, (_, n) => csvLine(goodRowCells(pickup(), { client_ref: `W-${n + 1}` })))].join('\n');
const upload = (csv: string) =>
  shipper.request({ method: 'POST', url: '/api/batches?file_name=writes.csv', payload: csv, headers: { 'content-type': 'text/csv' } });
const listed = async () => ((await shipper.get('/api/batches?per_page=100')).json().data as BatchSummary[]).map((b) => b.id);
const rowsStored = async () => (await t.database.db.select({ n: count() }).from(batchRows))[0]?.n ?? 0;

describe('an upload written in parts', () => {
  it('keeps every row in line order across the parts, and reads them back in the same order', async () => {
    const res = await upload(file());
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data as BatchView;
    expect(made.rows_total).toBe(ROWS);
    expect(made.rows.map((r) => r.line)).toEqual(Array.from({ length: ROWS }, (_, n) => n + 2));
    expect(made.rows.map((r) => r.cells.client_ref)).toEqual(Array.from({ length: ROWS }, (_, n) => `W-${n + 1}`));
    const again = (await shipper.get(`/api/batches/${made.id}`)).json().data as BatchView;
    expect(again.rows).toEqual(made.rows);
    expect(await listed()).toContain(made.id);
  });

  it('keeps nothing when a part fails to be written: no batch in the history, none of its rows', async () => {
    const before = { batches: await listed(), rows: await rowsStored() };
    // The database refuses one row of the second part, as a full disk or a lost connection would.
    const db = t.database.db;
    await db.execute(sql`create function refuse_batch_row() returns trigger language plpgsql as $$
      begin
        if new.cells->>'client_ref' = 'REFUSED' then raise exception 'the disk is full'; end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger refuse_batch_row before insert on batch_rows for each row execute function refuse_batch_row()`);
    try {
      const rows = Array.from({ length: ROWS }, (_, n) =>
        csvLine(goodRowCells(pickup(), { client_ref: n === ROWS_PER_STATEMENT + 3 ? 'REFUSED' : `X-${n + 1}` })),
      );
      const res = await upload([header, ...rows].join('\n'));
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('server_error');
    } finally {
      await db.execute(sql`drop trigger refuse_batch_row on batch_rows`);
      await db.execute(sql`drop function refuse_batch_row()`);
    }
    expect(await listed()).toEqual(before.batches);
    expect(await rowsStored()).toBe(before.rows);
  });

  it('hides a batch while its rows are written, and housekeeping deletes one left so for an hour', async () => {
    const repo = batchesRepository(t.database.db);
    const [account] = await t.database.db
      .select({ id: batches.accountId })
      .from(batches)
      .where(eq(batches.fileName, 'writes.csv'))
      .limit(1);
    const at = t.clock.now;
    const hidden = await repo.begin({
      accountId: account?.id as string,
      rule: 'cheapest',
      rowsTotal: 1,
      rowsValid: 1,
      createdAt: at,
      updatedAt: at,
    });
    await repo.addRows(hidden.id, [{ line: 2, status: 'valid', cells: goodRowCells(pickup()), updatedAt: at }]);
    expect(await listed()).not.toContain(hidden.id);
    expect((await shipper.get(`/api/batches/${hidden.id}`)).statusCode).toBe(404);

    expect(await repo.purgeUnwritten(new Date(at.getTime() - 60_000))).toBe(0);
    expect(await repo.purgeUnwritten(new Date(at.getTime() + 60_000))).toBe(1);
    const left = await t.database.db.select({ n: count() }).from(batchRows).where(eq(batchRows.batchId, hidden.id));
    expect(left[0]?.n).toBe(0);
  });
});
