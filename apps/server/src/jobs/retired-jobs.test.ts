import { readFileSync } from 'node:fs';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * Migration 0039 on the test's database (PGlite, or PostgreSQL with TEST_DB_DRIVER=postgres): the
 * waiting jobs of the removed 'invoice.adjustment' type are done, nothing else moves, and the
 * runner has none of them left to retry.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const migration = readFileSync(new URL('../../drizzle/0039_retired_adjustment_jobs.sql', import.meta.url), 'utf8');
const migrate = async () => {
  for (const statement of migration.split('--> statement-breakpoint')) await t.database.db.execute(sql.raw(statement));
};

describe('migration 0039', () => {
  it('marks the waiting invoice.adjustment jobs done, and only them', async () => {
    const now = t.clock.now;
    const earlier = new Date(now.getTime() - 86_400_000);
    const rows = await t.database.db
      .insert(jobs)
      .values([
        // Waiting after failed tries (no handler any more), and waiting untried.
        {
          kind: 'invoice.adjustment',
          key: 'retired-1',
          payload: {},
          runAt: now,
          attempts: 4,
          lastError: 'no handler for job kind invoice.adjustment',
        },
        { kind: 'invoice.adjustment', key: 'retired-2', payload: {}, runAt: now },
        // Given up long ago: left as it was.
        { kind: 'invoice.adjustment', key: 'retired-3', payload: {}, runAt: earlier, attempts: 10, lastError: 'gone', doneAt: earlier },
        // Another kind, waiting.
        { kind: 'retired-test.other', key: 'kept', payload: {}, runAt: now, attempts: 2, lastError: 'busy' },
      ])
      .returning();
    await migrate();
    const after = new Map(
      (
        await t.database.db
          .select()
          .from(jobs)
          .where(
            inArray(
              jobs.id,
              rows.map((r) => r.id),
            ),
          )
      ).map((r) => [r.key, r]),
    );
    expect(after.get('retired-1')).toMatchObject({ doneAt: expect.any(Date), lastError: null });
    expect(after.get('retired-2')).toMatchObject({ doneAt: expect.any(Date), lastError: null });
    expect(after.get('retired-3')).toMatchObject({ doneAt: earlier, lastError: 'gone' });
    expect(after.get('kept')).toMatchObject({ doneAt: null, lastError: 'busy', attempts: 2 });
    // Nothing of the kind is waiting for the runner any more.
    expect((await t.app.jobs.backlog()).find((b) => b.kind === 'invoice.adjustment')).toBeUndefined();

    // Run again: nothing moves.
    const doneAt = after.get('retired-1')?.doneAt;
    await migrate();
    const [again] = await t.database.db
      .select()
      .from(jobs)
      .where(inArray(jobs.id, [rows[0]!.id]));
    expect(again!.doneAt).toEqual(doneAt);
  });
});
