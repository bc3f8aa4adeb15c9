import type { SalesRepAssignment, SalesRepView } from '@freight/contracts';
import { isSales } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type AuditActor, audit, userLabel } from '../audit/audit';
import { salesRepsRepository } from './sales-reps.repository';

type RepRow = NonNullable<Awaited<ReturnType<ReturnType<typeof salesRepsRepository>['ofAccount']>>>;

const present = (row: RepRow | undefined): SalesRepAssignment | null =>
  row ? { rep: row.rep, assigned_by: row.assignedBy, assigned_at: row.assignedAt.toISOString() } : null;

/** How the audit log names a rep: 'Sal Sales <sales@demo.test>', or nobody. */
const labelOf = (rep: SalesRepView | undefined) => (rep ? userLabel(rep.name, rep.email) : null);

/**
 * Each account's sales rep (docs/brokerage.md, "Who may do what"): who may be chosen, who an
 * account's rep is, which accounts a rep has; set or cleared by the admins and the sales admins
 * (the route's door), audited naming the account and the rep.
 */
export function salesRepsService(ctx: Pick<AppContext, 'db' | 'now'>) {
  const repo = salesRepsRepository(ctx.db);

  /** The user to make rep, refused at the field unless they are active and hold a sales role. */
  async function eligible(userId: string) {
    const user = await repo.user(userId);
    if (!user || user.deactivatedAt || !isSales(user.roles)) throw AppError.field('user_id', 'validation.sales_rep_role');
    return user;
  }

  return {
    candidates: (): Promise<SalesRepView[]> => repo.candidates(),

    ofAccount: async (accountId: string) => present(await repo.ofAccount(accountId)),

    /** Account id -> its rep, for the accounts that have one. */
    async ofAccounts(accountIds: string[]): Promise<Map<string, SalesRepView>> {
      return new Map((await repo.ofAccounts(accountIds)).map((r) => [r.accountId, r.rep]));
    },

    accountsOf: repo.accountsOf,
    isRepOf: repo.isRepOf,

    /** Makes `userId` the account's rep, or leaves the account without one (null); answers the rep now. */
    async assign(actor: AuditActor, accountId: string, userId: string | null): Promise<SalesRepAssignment | null> {
      const rep = userId === null ? undefined : await eligible(userId);
      await ctx.db.transaction(async (tx) => {
        const account = await repo.lockAccount(tx as Db, accountId);
        if (!account) throw AppError.notFound();
        const before = await repo.ofAccount(accountId, tx as Db);
        if (rep) await repo.set(tx as Db, { accountId, repId: rep.id, assignedBy: actor.id, assignedAt: ctx.now() });
        else await repo.clear(tx as Db, accountId);
        await audit(
          tx as Db,
          actor,
          {
            action: 'account.sales_rep',
            entityType: 'account',
            entityId: accountId,
            targetLabel: account.name,
            accountId,
            before: { sales_rep: labelOf(before?.rep) },
            after: { sales_rep: labelOf(rep) },
          },
          ctx.now(),
        );
      });
      return present(await repo.ofAccount(accountId));
    },
  };
}
