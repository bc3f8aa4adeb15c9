import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { customer } from '../../plugins/guards';

/**
 * An account's admin: the account's
 * primary user, the one who signed the company up (its first user). The spec names no customer
 * roles, so this is the one rule until accounts get user management.
 */
export async function primaryUserOf(db: Db, accountId: string): Promise<string | undefined> {
  const [first] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return first?.id;
}

export async function isAccountAdmin(db: Db, accountId: string, userId: string) {
  return (await primaryUserOf(db, accountId)) === userId;
}

/**
 * preValidation: a verified customer who is the account's admin; a public API call (bearer token,
 * its scope already checked by partner-api/bearer.ts) acts for the account and passes.
 */
export function requireAccountAdmin(db: Db) {
  return async (request: FastifyRequest) => {
    const { user, account } = customer(request);
    if (request.apiClient) return;
    if (!(await isAccountAdmin(db, account.id, user.id))) throw AppError.forbidden();
  };
}
