import type { StaffInviteRequest, StaffUserView } from '@freight/contracts';
import type { Role } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { POWER_ROLES } from '../../mail/power-mails';
import { staffInviteMail } from '../../mail/templates';
import { fullName } from '../../people';
import { hashPassword } from '../../security/passwords';
import { randomToken, sha256 } from '../../security/tokens';
import { type AuditActor, audit, userLabel } from '../audit/audit';
import { announceAccessChange } from '../support/access-changes.service';
import { usersService } from '../users/users.service';
import { powerAlerts } from './roles.alerts';
import { rolesRepository, type UserRow } from './roles.repository';

/** PUT /api/admin/roles/users/:id as the service takes it. */
export interface RolesChange {
  roles: Role[];
  confirmAccountId?: string;
}

const powerIn = (roles: readonly string[]) => POWER_ROLES.filter((r) => roles.includes(r));

/** How long an invitation link sets a password. */
export const INVITE_TTL_DAYS = 7;

/**
 * Role Management: grant and revoke roles, invite staff. The product
 * never loses its last super_admin: the holders are locked while a change is checked. Roles are
 * read from the database on every request, so a change applies to the user's next request.
 */
export function rolesService(ctx: AppContext) {
  const alerts = powerAlerts(ctx);
  const repo = rolesRepository(ctx.db);

  async function present(rows: UserRow[]): Promise<StaffUserView[]> {
    const ids = [...new Set(rows.map((u) => u.accountId).filter((id): id is string => Boolean(id)))];
    const names = await repo.accountNames(ids);
    const byId = new Map(names.map((a) => [a.id, a.name]));
    return rows.map((u) => ({
      id: u.id,
      name: fullName(u),
      email: u.email,
      roles: u.roles as Role[],
      account: u.accountId ? { id: u.accountId, name: byId.get(u.accountId) ?? '' } : null,
      email_verified_at: u.emailVerifiedAt?.toISOString() ?? null,
      last_login_at: u.lastLoginAt?.toISOString() ?? null,
      invited: !u.emailVerifiedAt && !u.accountId,
    }));
  }

  /** Users holding a role, and, with `q`, any user by name or email (to grant a first role). */
  async function list(q?: string) {
    return present(await repo.usersFor(q));
  }

  /**
   * Sets the user's roles. Granting super_admin or fpg_admin needs a fresh password proof
   * (`proveIdentity` throws 423 otherwise); giving any new role to a customer account's user needs
   * `confirmAccountId` equal to that account (409 naming the account otherwise), so a shipper's
   * user never becomes staff by a slip of the checkbox.
   */
  async function setRoles(actor: AuditActor, userId: string, request: RolesChange, proveIdentity: () => void) {
    const wanted = [...new Set(request.roles)].sort();
    const result = await ctx.db.transaction(async (tx) => {
      const r = rolesRepository(tx as Db);
      // The super_admins first, in id order, then the user: two admins demoting each other wait
      // for one another (no deadlock), and the second sees the first's change.
      const holders = await r.lockSuperAdmins();
      const user = await r.lockUser(userId);
      if (!user) throw AppError.notFound();
      const added = wanted.filter((role) => !user.roles.includes(role));
      const account = user.accountId ? await r.accountName(user.accountId) : null;
      if (account && added.length && request.confirmAccountId !== user.accountId) {
        throw new AppError(409, 'account_confirmation_required', 'errors.account_confirmation_required', {
          user: fullName(user),
          account,
        });
      }
      const power = powerIn(added);
      if (power.length) proveIdentity();
      if (user.roles.includes('super_admin') && !wanted.includes('super_admin') && holders.every((h) => h.id === userId)) {
        throw new AppError(409, 'conflict', 'errors.last_super_admin');
      }
      const row = await r.setRoles(userId, wanted as Role[], ctx.now());
      // A role taken away takes its live streams with it (the support inbox's), on every process.
      await announceAccessChange(tx as Db);
      await audit(
        tx as Db,
        actor,
        {
          action: 'user.roles',
          entityType: 'user',
          entityId: userId,
          targetLabel: userLabel(fullName(user), user.email),
          accountId: user.accountId,
          before: { roles: user.roles },
          after: { roles: wanted },
        },
        ctx.now(),
      );
      return { row, power, account };
    });
    if (result.power.length) {
      await alerts.powerGranted({ actor, grantee: result.row, roles: result.power, account: result.account, via: 'roles' });
    }
    return (await present([result.row]))[0]!;
  }

  /** Creates the staff user (no usable password yet) and mails the link that sets one. */
  async function invite(actor: AuditActor & { name: string }, body: StaffInviteRequest) {
    const roles = [...new Set(body.roles)] as Role[];
    const email = body.email.toLowerCase();
    const token = randomToken();
    const now = ctx.now();
    const created = await ctx.db.transaction(async (tx) => {
      const r = rolesRepository(tx as Db);
      if (await r.emailTaken(email)) throw AppError.field('email', 'validation.email_taken');
      const user = await usersService(tx as Db).create({
        firstName: body.first_name,
        lastName: body.last_name,
        email,
        // Nobody knows this password: the invited user sets theirs through the link.
        passwordHash: await hashPassword(randomToken()),
        roles,
        createdAt: now,
        updatedAt: now,
      });
      await r.insertInviteToken(user.id, sha256(token), new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000));
      await audit(
        tx as Db,
        actor,
        {
          action: 'user.invite',
          entityType: 'user',
          entityId: user.id,
          targetLabel: userLabel(fullName(user), email),
          after: { email, roles },
        },
        now,
      );
      return user;
    });
    const url = `${ctx.config.appUrl}/reset-password/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`;
    // The user exists either way: should the mail fail, 'Forgot password' on the login page sends a link too.
    await ctx.mailer
      .send(staffInviteMail('en', email, { name: created.firstName, inviter: actor.name, roles: body.roles, url }))
      .catch(() => undefined);
    const power = powerIn(roles);
    if (power.length) await alerts.powerGranted({ actor, grantee: created, roles: power, account: null, via: 'invite' });
    return (await present([created]))[0]!;
  }

  return { list, setRoles, invite };
}
