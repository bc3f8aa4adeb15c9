import { ROLES } from '@freight/domain';
import { and, asc, count, eq, ilike, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { accounts, users } from '../../db/schema';
import { AppError } from '../../errors';
import { adminPage } from '../../plugins/guards';

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(100).optional(),
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The admin area's first screens: dashboard figures, accounts, roles. */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.get('/api/admin/dashboard', { preValidation: adminPage('dashboard') }, async () => {
    const [[a], [u], [unverified], [hold]] = await Promise.all([
      db.select({ n: count() }).from(accounts),
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(users).where(isNull(users.emailVerifiedAt)),
      db.select({ n: count() }).from(accounts).where(eq(accounts.status, 'credit_hold')),
    ]);
    return { data: { accounts: a?.n ?? 0, users: u?.n ?? 0, unverified_users: unverified?.n ?? 0, credit_hold_accounts: hold?.n ?? 0 } };
  });

  r.get('/api/admin/accounts', { preValidation: adminPage('accounts'), schema: { querystring: listQuery } }, async (request) => {
    const { page, per_page, search } = request.query;
    const where = search ? ilike(accounts.name, `%${escapeLike(search)}%`) : undefined;
    const usersCount = db.$with('users_count').as(
      db.select({ accountId: users.accountId, n: count().as('n') }).from(users).where(isNotNull(users.accountId)).groupBy(users.accountId),
    );
    const [rows, [total]] = await Promise.all([
      db
        .with(usersCount)
        .select({ id: accounts.id, name: accounts.name, status: accounts.status, createdAt: accounts.createdAt, usersCount: usersCount.n })
        .from(accounts)
        .leftJoin(usersCount, eq(usersCount.accountId, accounts.id))
        .where(where)
        .orderBy(asc(accounts.name), asc(accounts.id))
        .limit(per_page)
        .offset((page - 1) * per_page),
      db.select({ n: count() }).from(accounts).where(where),
    ]);
    const n = total?.n ?? 0;
    return {
      data: rows.map((row) => ({
        id: row.id,
        name: row.name,
        status: row.status,
        users_count: Number(row.usersCount ?? 0),
        created_at: row.createdAt.toISOString(),
      })),
      meta: { current_page: page, per_page, total: n, last_page: Math.max(1, Math.ceil(n / per_page)) },
    };
  });

  r.get(
    '/api/admin/accounts/:id',
    { preValidation: adminPage('accounts'), schema: { params: z.object({ id: z.string().max(64) }) } },
    async (request) => {
      if (!/^[0-9a-f-]{36}$/i.test(request.params.id)) throw AppError.notFound();
      const [account] = await db.select().from(accounts).where(eq(accounts.id, request.params.id));
      if (!account) throw AppError.notFound();
      const members = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.accountId, account.id))
        .orderBy(asc(users.lastName));
      return {
        data: {
          id: account.id,
          name: account.name,
          status: account.status,
          created_at: account.createdAt.toISOString(),
          billing_address: account.billingAddress ?? null,
          account_address: account.accountAddress ?? null,
          users: members.map((m) => ({
            id: m.id,
            name: `${m.firstName} ${m.lastName}`,
            email: m.email,
            email_verified_at: m.verifiedAt?.toISOString() ?? null,
          })),
        },
      };
    },
  );

  r.get('/api/admin/roles', { preValidation: adminPage('roles') }, async () => {
    const staff = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, roles: users.roles })
      .from(users)
      .where(and(sql`cardinality(${users.roles}) > 0`))
      .orderBy(asc(users.email));
    return {
      data: ROLES.map((role) => ({
        role,
        users: staff.filter((u) => u.roles.includes(role)).map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`, email: u.email })),
      })),
    };
  });
}
