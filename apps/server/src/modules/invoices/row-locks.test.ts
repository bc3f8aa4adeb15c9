import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestApp, type TestApp, usingPostgres } from '../../test/harness';
import { staffAccountsRepository } from '../admin/accounts.repository';
import { shipmentsRepository } from '../shipments/shipments.repository';
import { quoteAndBook } from '../shipments/test-helpers';
import { invoicesRepository } from './invoices.repository';

/**
 * The rows that other rows point at (a shipment, an account) are locked to be changed, never to
 * change their key, so a row inserted meanwhile that points at them (a claim, an invoice, a credit
 * event) does not wait for the lock. It used to wait: a claim filed while the shipment's invoice
 * was being made held its account's key and waited for the shipment, while the invoicing held the
 * shipment and waited for the account, and PostgreSQL broke the deadlock by failing the claim
 * (a 500 to the shipper). Only PostgreSQL has a second connection to try it from.
 */
describe.skipIf(!usingPostgres())('row locks of the rows others point at', () => {
  let t: TestApp;
  let ids: { shipment: string; account: string };

  beforeAll(async () => {
    t = await createTestApp();
    const { shipment } = await quoteAndBook(t, await t.client().login('shipper@demo.test'));
    const booked = await shipmentsRepository(t.database.db).lock(shipment.id);
    ids = { shipment: shipment.id, account: booked?.accountId ?? '' };
  });
  afterAll(() => t.close());

  /** While `lock` holds its row in one transaction, another takes the key lock an insert pointing at it takes. */
  async function insertWhileLocked(lock: (tx: Db) => Promise<unknown>, table: 'shipments' | 'accounts', id: string) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.database.db.transaction(async (tx) => {
      await lock(tx as Db);
      locked();
      await held;
    });
    await isLocked;
    try {
      return await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '2s'`);
        await tx.execute(sql`select 1 from ${sql.identifier(table)} where id = ${id} for key share`);
        return 'not held up';
      });
    } finally {
      release();
      await holder;
    }
  }

  it('a shipment locked for invoicing, cancelling or paying lets a claim point at it', async () => {
    expect(await insertWhileLocked((tx) => shipmentsRepository(tx).lock(ids.shipment), 'shipments', ids.shipment)).toBe('not held up');
  });

  it('an account locked for its credit hold, or by staff, lets a new row point at it', async () => {
    expect(await insertWhileLocked((tx) => invoicesRepository(tx).lockAccount(ids.account), 'accounts', ids.account)).toBe('not held up');
    expect(await insertWhileLocked((tx) => staffAccountsRepository(t.database.db).lock(tx, ids.account), 'accounts', ids.account)).toBe(
      'not held up',
    );
  });
});
