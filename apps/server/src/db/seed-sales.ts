import { inArray } from 'drizzle-orm';
import type { Db } from './client';
import { accountSalesReps, accounts, users } from './schema';

/** Demo accounts and their reps (by email); the other demo accounts have none yet, as new sign-ups do. */
const DEMO_REPS: [account: string, rep: string][] = [
  ['Demo Shipper Co', 'sales@demo.test'],
  ['Other Freight LLC', 'salesadmin@demo.test'],
];

/** Sal Sales is Demo Shipper Co's rep and Sara Salesadmin Other Freight LLC's, assigned by the super admin. */
export async function seedDemoSalesReps(tx: Db, now: Date) {
  const [byName, byEmail] = await Promise.all([
    tx
      .select({ id: accounts.id, name: accounts.name })
      .from(accounts)
      .where(
        inArray(
          accounts.name,
          DEMO_REPS.map(([a]) => a),
        ),
      ),
    tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [...DEMO_REPS.map(([, r]) => r), 'super@demo.test'])),
  ]);
  const assignedBy = byEmail.find((u) => u.email === 'super@demo.test')?.id ?? null;
  for (const [name, email] of DEMO_REPS) {
    const accountId = byName.find((a) => a.name === name)?.id;
    const repId = byEmail.find((u) => u.email === email)?.id;
    if (!accountId || !repId) continue;
    await tx.insert(accountSalesReps).values({ accountId, repId, assignedBy, assignedAt: now }).onConflictDoNothing();
  }
}
