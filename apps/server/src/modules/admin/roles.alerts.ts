import { isLanguage } from '@freight/domain';
import type { AppContext } from '../../context';
import { type PowerRole, powerGrantedMail } from '../../mail/power-mails';
import { fullName } from '../../people';
import { type AuditActor, userLabel } from '../audit/audit';
import { rolesRepository } from './roles.repository';

interface Grant {
  actor: AuditActor;
  grantee: { firstName: string; lastName: string; email: string };
  roles: PowerRole[];
  account: string | null;
  via: 'roles' | 'invite';
}

/**
 * Every super_admin hears of a grant of super_admin or fpg_admin, each in their own language:
 * after the change committed (a refused change mails nobody), and only holders whose email is
 * verified (an invited super_admin without a password yet gets the invitation instead).
 */
export function powerAlerts(ctx: Pick<AppContext, 'db' | 'mailer' | 'config' | 'now'>) {
  return {
    async powerGranted(grant: Grant) {
      const repo = rolesRepository(ctx.db);
      const byName = await repo.nameOf(grant.actor.id);
      const holders = await repo.superAdminRecipients();
      const data = {
        actor: userLabel(byName ? fullName(byName) : '', grant.actor.email),
        grantee: userLabel(fullName(grant.grantee), grant.grantee.email),
        roles: grant.roles,
        account: grant.account,
        via: grant.via,
        at: ctx.now(),
        url: `${ctx.config.appUrl}/admin/roles`,
      };
      // One recipient's failed mail does not keep the others from theirs.
      await Promise.all(
        holders.map((h) =>
          ctx.mailer.send(powerGrantedMail(isLanguage(h.language) ? h.language : 'en', h.email, data)).catch(() => undefined),
        ),
      );
    },
  };
}
