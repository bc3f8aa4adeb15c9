import { count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { accounts, users } from '../../db/schema';
import { adminPage } from '../../plugins/guards';

/** The admin dashboard's figures. */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.db;
  app.get('/api/admin/dashboard', { preValidation: adminPage('dashboard') }, async () => {
    const [[a], [u], [unverified], [hold]] = await Promise.all([
      db.select({ n: count() }).from(accounts),
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(users).where(isNull(users.emailVerifiedAt)),
      db.select({ n: count() }).from(accounts).where(eq(accounts.status, 'credit_hold')),
    ]);
    return {
      data: { accounts: a?.n ?? 0, users: u?.n ?? 0, unverified_users: unverified?.n ?? 0, credit_hold_accounts: hold?.n ?? 0 },
    };
  });
}
