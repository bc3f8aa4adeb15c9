import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, usingPostgres } from '../test/harness';
import { toastCompressionOption } from './toast-compression';

/** The database's large values (TOAST) compressed with lz4 on PostgreSQL servers that have it. */
describe.runIf(usingPostgres())('large values compressed with lz4 on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("the app's connections compress with lz4 when the server has it (Debian's has)", async () => {
    const read = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows[0];
    const shown = await read<{ default_toast_compression: string }>(sql`show default_toast_compression`);
    const known = await read<{ lz4: boolean }>(
      sql`select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'`,
    );
    expect(shown?.default_toast_compression).toBe(known?.lz4 ? 'lz4' : 'pglz');
  });

  it("keeps an operator's PGOPTIONS beside it", async () => {
    const before = process.env.PGOPTIONS;
    process.env.PGOPTIONS = '-c statement_timeout=60000';
    try {
      expect(await toastCompressionOption(String(t.databaseUrl))).toMatch(
        /^-c statement_timeout=60000( -c default_toast_compression=lz4)?$/,
      );
    } finally {
      if (before === undefined) delete process.env.PGOPTIONS;
      else process.env.PGOPTIONS = before;
    }
  });

  it('asks for nothing when the database cannot be reached, within its wait', async () => {
    const started = performance.now();
    expect(await toastCompressionOption('postgres://postgres@127.0.0.1:1/none')).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
