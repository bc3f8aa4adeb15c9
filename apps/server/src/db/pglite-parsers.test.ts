import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle, PglitePreparedQuery } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_AS_TEXT, parsersSetOnce } from './pglite-parsers';

type Parsers = Record<string, (value: string) => unknown>;

/** The parsers drizzle sends with a statement (both of its result shapes), read off one of its prepared statements. */
function drizzleParsers() {
  const none = undefined as never;
  const statement = new PglitePreparedQuery(none, '', [], none, none, none, none, none, none, false);
  const { queryConfig, rawQueryConfig } = statement as unknown as Record<'queryConfig' | 'rawQueryConfig', { parsers: Parsers }>;
  return [queryConfig.parsers, rawQueryConfig.parsers];
}

/** Values of every type the app reads whose parsing differs: drizzle keeps some as text, PGlite parses the rest. */
const EVERY_KIND = sql`select
  timestamp '2026-12-02 10:30:00' as ts,
  timestamptz '2026-12-02 10:30:00+00' as tstz,
  date '2026-12-02' as d,
  interval '90 minutes' as iv,
  array[1.50, 2.25]::numeric[] as nums,
  array[timestamptz '2026-12-02 10:30:00+00'] as tstzs,
  array[date '2026-12-02'] as ds,
  12.5::numeric as num,
  42::int as i,
  9007199254740993::bigint as big,
  true as b,
  '{"a": [1, "x"]}'::jsonb as j,
  array['a', 'b']::text[] as texts,
  gen_random_uuid() is not null as has_uuid`;

describe('parsers set once on the embedded client', () => {
  let plain: PGlite;
  let patched: PGlite;
  beforeAll(async () => {
    plain = await PGlite.create();
    patched = await PGlite.create();
    parsersSetOnce(patched);
  });
  afterAll(async () => {
    await plain.close();
    await patched.close();
  });

  it("are exactly drizzle's per-statement parsers, and each keeps its value as text", () => {
    for (const parsers of drizzleParsers()) {
      expect(Object.keys(parsers).map(Number).sort()).toEqual([...KEPT_AS_TEXT].sort());
      for (const parse of Object.values(parsers)) expect(parse('2026-12-02 10:30:00')).toBe('2026-12-02 10:30:00');
    }
  });

  it('give drizzle the same values as before, in and out of a transaction', async () => {
    const before = await drizzle(plain).execute(EVERY_KIND);
    const after = await drizzle(patched).execute(EVERY_KIND);
    const inTransaction = await drizzle(patched).transaction((tx) => tx.execute(EVERY_KIND));
    expect(after.rows).toEqual(before.rows);
    expect(inTransaction.rows).toEqual(before.rows);
    expect(after.rows[0]).toMatchObject({ ts: '2026-12-02 10:30:00', d: '2026-12-02', i: 42, b: true, j: { a: [1, 'x'] } });
  });

  it("send drizzle's statements without their parsers", async () => {
    const client = await PGlite.create();
    const sent: unknown[] = [];
    const query = client.query.bind(client);
    client.query = (text, params, options) => {
      sent.push(options?.parsers);
      return query(text, params, options);
    };
    parsersSetOnce(client);
    await drizzle(client).execute(sql`select 1 as one`);
    await client.close();
    expect(sent).toEqual([undefined]);
  });

  it('leave a statement that brings other parsers as it was', async () => {
    const asWords = { 23: (value: string) => `n=${value}` };
    const { rows } = await patched.query<{ n: string }>('select 7::int as n', [], { parsers: asWords });
    expect(rows[0]?.n).toBe('n=7');
    const { rows: inside } = await patched.transaction((tx) => tx.query<{ n: string }>('select 7::int as n', [], { parsers: asWords }));
    expect(inside[0]?.n).toBe('n=7');
  });
});
