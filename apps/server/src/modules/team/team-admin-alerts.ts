import { isLanguage } from '@freight/domain';
import type { AppContext } from '../../context';
import { type TeamAdminGrantedMailData, teamAdminGrantedMail } from '../../mail/team-mails';
import { type AuditActor, userLabel } from '../audit/audit';
import { teamRepository } from './team.repository';

interface AdminGrant {
  actor: AuditActor;
  accountId: string;
  grantee: { firstName: string; lastName: string; email: string };
  via: TeamAdminGrantedMailData['via'];
}

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/**
 * The account's other active admins hear that someone became an account admin, each in their own
 * language: after the change committed (a refused change mails nobody). The one who made the change
 * and the new admin are not told of it. One recipient's failed mail keeps no other from theirs.
 */
export function teamAdminAlerts(ctx: Pick<AppContext, 'db' | 'mailer' | 'config' | 'now'>) {
  return {
    async granted({ actor, accountId, grantee, via }: AdminGrant) {
      const repo = teamRepository(ctx.db);
      const [account, admins, byName] = await Promise.all([
        repo.accountName(accountId),
        repo.activeAdminContacts(accountId),
        repo.settingsOf(actor.id),
      ]);
      const data = {
        actor: userLabel(byName ? nameOf(byName) : '', actor.email),
        grantee: userLabel(nameOf(grantee), grantee.email),
        account: account ?? '',
        via,
        at: ctx.now(),
        url: `${ctx.config.appUrl}/settings/team`,
      };
      const told = admins.filter((a) => a.id !== actor.id && a.email !== grantee.email);
      await Promise.all(
        told.map((a) =>
          ctx.mailer
            .send(teamAdminGrantedMail(isLanguage(a.language) ? a.language : 'en', a.email, { ...data, name: a.firstName }))
            .catch(() => undefined),
        ),
      );
    },
  };
}
