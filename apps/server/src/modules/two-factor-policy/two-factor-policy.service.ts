import type { Language } from '@freight/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { twoFactorResetMail } from '../../mail/two-factor-mails';
import { type AuditActor, audit, userLabel } from '../audit/audit';
import { twoFactorService } from '../two-factor/two-factor.service';
import { usersService } from '../users/users.service';
import { twoFactorPolicyRepository } from './two-factor-policy.repository';

/**
 * Who must hold a second factor beyond staff (an account's rule, set by its admin), and the way
 * back for a user who lost theirs without a recovery code: a super_admin's reset.
 */
export function twoFactorPolicyService(ctx: AppContext) {
  const twoFactor = twoFactorService(ctx);

  return {
    rule: async (accountId: string) => ({ required: await twoFactorPolicyRepository(ctx.db).rule(accountId) }),

    async setRule(account: { id: string; name: string }, required: boolean, actor: AuditActor) {
      await ctx.db.transaction(async (tx) => {
        const repo = twoFactorPolicyRepository(tx);
        const before = await repo.rule(account.id);
        if (before === required) return;
        await repo.setRule(account.id, required, ctx.now());
        await audit(
          tx,
          actor,
          {
            action: 'account.two_factor_rule',
            entityType: 'account',
            entityId: account.id,
            targetLabel: account.name,
            accountId: account.id,
            before: { required: before },
            after: { required },
          },
          ctx.now(),
        );
      });
      return { required };
    },

    /**
     * Removes every factor of the user and signs them out everywhere, so the next sign-in is with
     * the password alone and leads them to set a factor up again (staff and users of an account
     * that requires one are held to it). A user without a factor gets 409: nothing is done, audited
     * or mailed, and the super_admin learns that the user's trouble is elsewhere. Nobody resets
     * their own: that would let a stolen super_admin session shed the factor that guards it.
     */
    async reset(actor: AuditActor, userId: string, reason: string) {
      if (!isUuid(userId)) throw AppError.notFound();
      if (userId === actor.id) throw new AppError(403, 'forbidden', 'errors.two_factor_reset_self');
      const at = ctx.now();
      const { user, settings } = await ctx.db.transaction(async (tx) => {
        const loaded = await usersService(tx).load(userId);
        if (!loaded) throw AppError.notFound();
        const target = loaded.user;
        if (!(await twoFactor.removeEveryFactor(tx, target.id))) throw new AppError(409, 'conflict', 'errors.two_factor_reset_none');
        await audit(
          tx,
          actor,
          {
            action: 'user.two_factor_reset',
            entityType: 'user',
            entityId: target.id,
            targetLabel: userLabel(`${target.firstName} ${target.lastName}`, target.email),
            accountId: target.accountId,
            after: { reason },
          },
          at,
        );
        return loaded;
      });
      await usersService(ctx.db).endSessions(user.id);
      // The reset stands should the mail fail: the audit log keeps it, and the user is led to enrol at sign-in.
      await ctx.mailer
        .send(
          twoFactorResetMail(settings.language as Language, user.email, {
            name: user.firstName,
            reason,
            at,
            url: `${ctx.config.appUrl}/login`,
          }),
        )
        .catch(() => undefined);
    },
  };
}

export { twoFactorPolicy } from './enforcement';
