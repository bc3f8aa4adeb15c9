import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { hashPassword } from '../../security/passwords';
import type { TestApp } from '../../test/harness';
import { usersRepository } from '../users/users.repository';

/** A verified shipper (password Demo#2026) in the account of `ownerEmail`, with `values` over the defaults. */
export async function addColleague(t: TestApp, ownerEmail: string, email: string, values: Partial<typeof users.$inferInsert> = {}) {
  const [owner] = await t.database.db.select().from(users).where(eq(users.email, ownerEmail));
  await t.database.db.transaction(async (tx) => {
    await usersRepository(tx).create({
      accountId: owner!.accountId,
      email,
      firstName: email.split('.')[0]!,
      lastName: 'Clerk',
      passwordHash: await hashPassword('Demo#2026'),
      emailVerifiedAt: t.clock.now,
      accountRole: 'shipper',
      ...values,
    });
  });
}
