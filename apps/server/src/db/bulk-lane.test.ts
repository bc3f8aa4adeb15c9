import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersInThisThread, inBulkLane, yieldingInBulkLane } from './bulk-lane';

/** How many of `count` statements in a row ran before a timer set just before them fired. */
async function statementsBeforeATimer(client: PGlite, count: number) {
  let done = 0;
  let seen = -1;
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      seen = done;
      resolve();
    }, 0),
  );
  for (let i = 0; i < count; i++) {
    await client.query('select $1::int as n', [i]);
    done++;
  }
  await timer;
  return seen;
}

describe('the bulk lane on the embedded database', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    yieldingInBulkLane(client);
  });
  afterAll(() => client.close());

  it('lets a waiting timer run between a bulk chain’s statements', async () => {
    expect(await inBulkLane(() => statementsBeforeATimer(client, 20))).toBeLessThan(3);
  });

  it('leaves a person’s request as it was: its statements run without yielding', async () => {
    // Why the lane exists: outside it, a chain of embedded statements holds the thread to its end.
    expect(await statementsBeforeATimer(client, 20)).toBe(20);
  });

  it('lets a person’s statement go before the bulk statements asked before it', async () => {
    const finished: string[] = [];
    const batch = inBulkLane(() =>
      Promise.all(
        [0, 1, 2, 3, 4, 5].map(async (row) => {
          await client.transaction(async (tx) => {
            await tx.query('select pg_sleep(0.005)');
          });
          finished.push(`row ${row}`);
        }),
      ),
    );
    // By now the first row's transaction is under way and the other five have asked for theirs.
    await sleep(2);
    await client.query('select 1');
    finished.push('person');
    await batch;
    expect(finished).toHaveLength(7);
    expect(finished.indexOf('person')).toBeLessThanOrEqual(1);
  });

  it('answers as the client does, in a transaction too', async () => {
    const rows = await inBulkLane(async () => {
      await client.exec('create temporary table lane_probe (n int)');
      await client.transaction(async (tx) => {
        await tx.query('insert into lane_probe values (1), (2)');
      });
      return (await client.query<{ total: number }>('select sum(n)::int as total from lane_probe')).rows;
    });
    expect(rows).toEqual([{ total: 3 }]);
  });
});

describe('which database answers in the server’s thread', () => {
  it('is the embedded one, not PostgreSQL', async () => {
    const client = await PGlite.create();
    expect(answersInThisThread(drizzlePglite(client))).toBe(true);
    await client.close();
    // A pool connects only when asked a query: this one never is.
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    expect(answersInThisThread(drizzlePostgres(pool))).toBe(false);
    await pool.end();
  });
});
