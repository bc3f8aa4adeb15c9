import { accountAddress } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { customer, customerRoute, recentlyConfirmed } from '../../plugins/guards';
import { presentUser, usersService } from '../users/users.service';
import { accountsRepository } from './accounts.repository';

/**
 * Account settings: the account and billing address modals. Both write only the caller's own
 * account (the id comes from the session, never from the request).
 */
export async function accountsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const users = usersService(ctx.db);
  const accounts = accountsRepository(ctx.db);

  r.put('/api/account/address', { ...customerRoute('account.manage'), schema: { body: accountAddress } }, async (request) => {
    const { user, account } = customer(request);
    await accounts.setAddress(account.id, 'account', request.body, ctx.now());
    return { data: presentUser((await users.load(user.id))!) };
  });

  // Billing details decide who pays: confirm the password first.
  r.put('/api/account/billing-address', { ...customerRoute('account.manage'), schema: { body: accountAddress } }, async (request) => {
    const { user, account } = customer(request);
    recentlyConfirmed(request, ctx.now());
    await accounts.setAddress(account.id, 'billing', request.body, ctx.now());
    return { data: presentUser((await users.load(user.id))!) };
  });
}
