import type { TeamView, teamInviteRequest, teamMemberUpdateRequest } from '@freight/contracts';
import type { CustomerRole } from '@freight/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { type AuditActor, audit, changedFields } from '../audit/audit';
import { credentialsService } from '../oauth/credentials.service';
import { usersService } from '../users/users.service';
import { presentInvitation, presentMember } from './team.presenter';
import { type MemberRow, teamRepository } from './team.repository';
import { teamAdminAlerts } from './team-admin-alerts';
import { teamInvitations } from './team-invitations';
import { conflict, memberRecord, rightsOf } from './team-records';

export { INVITATIONS_PER_HOUR } from './team-invitations';

type MemberUpdate = z.output<typeof teamMemberUpdateRequest>;
type Invite = z.output<typeof teamInviteRequest>;

const lastAdmin = () => conflict('errors.team_last_admin');

/**
 * A business account's team, kept by its account admins (and, for resends and deactivation,
 * staff): invitations by mail, roles and booking rights, deactivation, the account admin role
 * handed over. There is always at least one active account admin: the account's admins are
 * locked by any change that could leave it without one. Every change is audited in its
 * transaction and shown in the account's own activity log.
 */
export function teamService(ctx: AppContext) {
  const credentials = credentialsService(ctx);
  const invitations = teamInvitations(ctx);
  const adminAlerts = teamAdminAlerts(ctx);

  /** The user of the account a change is about, locked with the account's active admins (404 when not of this account). */
  async function lockedMember(tx: Db, accountId: string, userId: string) {
    if (!isUuid(userId)) throw AppError.notFound();
    const repo = teamRepository(tx);
    const admins = await repo.lockActiveAdmins(accountId);
    if (!(await repo.lockMember(accountId, userId))) throw AppError.notFound();
    const member = await repo.member(accountId, userId);
    if (!member) throw AppError.notFound();
    return { member, admins };
  }

  /** A user of the account as the team lists them, read after a change. */
  async function memberView(accountId: string, userId: string) {
    const member = await teamRepository(ctx.db).member(accountId, userId);
    if (!member) throw AppError.notFound();
    return presentMember(member);
  }

  /** Would taking this user's active account admin role away leave the account with none? */
  const isLastAdmin = (member: MemberRow, admins: string[]) => admins.includes(member.id) && admins.length <= 1;

  async function view(accountId: string): Promise<TeamView> {
    const repo = teamRepository(ctx.db);
    const [members, invitations] = await Promise.all([repo.members(accountId), repo.openInvitations(accountId)]);
    const now = ctx.now();
    return { members: members.map(presentMember), invitations: invitations.map((i) => presentInvitation(i, now)) };
  }

  return {
    view,

    /** For staff: the id of an account that exists (404 otherwise). */
    async existingAccount(accountId: string) {
      if (!isUuid(accountId) || !(await teamRepository(ctx.db).accountName(accountId))) throw AppError.notFound();
      return accountId;
    },

    ...invitations,

    /** An invitation; one as account admin grants that power when accepted, so it is asked and told like a role change. */
    async invite(actor: AuditActor, account: { id: string; name: string }, body: Invite, proveIdentity: () => void) {
      const grantsAdmin = body.role === 'account_admin';
      if (grantsAdmin) proveIdentity();
      const invitation = await invitations.invite(actor, account, body);
      if (grantsAdmin) {
        const grantee = { firstName: body.first_name, lastName: body.last_name, email: body.email };
        await adminAlerts.granted({ actor, accountId: account.id, grantee, via: 'invite' });
      }
      return invitation;
    },

    /**
     * A colleague's role, booking limit and approval rules. Nobody changes their own role (they would
     * lock themselves out). Making a colleague account admin is a grant of power: `proveIdentity`
     * throws unless the caller proved who they are just now, and the other admins are mailed.
     */
    async update(actor: AuditActor, accountId: string, userId: string, body: MemberUpdate, proveIdentity: () => void) {
      const now = ctx.now();
      const madeAdmin = await ctx.db.transaction(async (tx) => {
        const { member, admins } = await lockedMember(tx, accountId, userId);
        const repo = teamRepository(tx);
        const role = body.role ?? member.accountRole ?? 'viewer';
        const grantsAdmin = role === 'account_admin' && member.accountRole !== 'account_admin';
        if (role !== member.accountRole) {
          if (member.id === actor.id) throw new AppError(403, 'forbidden', 'errors.team_self_role');
          if (role !== 'account_admin' && isLastAdmin(member, admins)) throw lastAdmin();
          if (grantsAdmin) proveIdentity();
          await repo.updateMember(member.id, { accountRole: role }, now);
          await audit(
            tx,
            actor,
            { action: 'team.role_change', ...memberRecord(member, accountId), before: { role: member.accountRole }, after: { role } },
            now,
          );
        }
        const rights = {
          booking_limit_cents: body.booking_limit_cents === undefined ? member.bookingLimitCents : body.booking_limit_cents,
          approval_required_for: body.approval_required_for ?? member.approvalRequiredFor,
        };
        const changed = changedFields(rightsOf(member), rights);
        if (Object.keys(changed.after).length) {
          await repo.updateMember(
            member.id,
            { bookingLimitCents: rights.booking_limit_cents, approvalRequiredFor: rights.approval_required_for },
            now,
          );
          await audit(tx, actor, { action: 'team.booking_rights', ...memberRecord(member, accountId), ...changed }, now);
        }
        return grantsAdmin ? member : undefined;
      });
      if (madeAdmin) await adminAlerts.granted({ actor, accountId, grantee: madeAdmin, via: 'role' });
      return memberView(accountId, userId);
    },

    /**
     * Deactivates a colleague: they cannot sign in, their sessions end (their live streams close)
     * and their personal API credentials are revoked; their history stays. Not oneself, nor the
     * last active account admin. `reason`: staff's, optional.
     */
    async deactivate(actor: AuditActor, accountId: string, userId: string, reason = '') {
      if (userId === actor.id) throw new AppError(403, 'forbidden', 'errors.team_self_deactivate');
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        const { member, admins } = await lockedMember(tx, accountId, userId);
        if (member.deactivatedAt) throw conflict('errors.team_deactivated_already');
        if (isLastAdmin(member, admins)) throw lastAdmin();
        await teamRepository(tx).updateMember(member.id, { deactivatedAt: now }, now);
        const revoked = await credentials.revokeActingAs(tx, actor, member.id, now);
        await usersService(tx).endSessions(member.id);
        await audit(
          tx,
          actor,
          {
            action: 'team.deactivate',
            ...memberRecord(member, accountId),
            after: { ...(reason ? { reason } : {}), ...(revoked ? { credentials_revoked: revoked } : {}) },
          },
          now,
        );
      });
      return memberView(accountId, userId);
    },

    async reactivate(actor: AuditActor, accountId: string, userId: string, reason = '') {
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        const { member } = await lockedMember(tx, accountId, userId);
        if (!member.deactivatedAt) throw conflict('errors.team_active_already');
        await teamRepository(tx).updateMember(member.id, { deactivatedAt: null }, now);
        await audit(
          tx,
          actor,
          { action: 'team.reactivate', ...memberRecord(member, accountId), after: reason ? { reason } : undefined },
          now,
        );
      });
      return memberView(accountId, userId);
    },

    /**
     * Hands the account admin role to an active colleague; the caller (an account admin) takes
     * `newRole`, which may be account admin again (then the team has two). Like making a colleague
     * account admin, it asks for a fresh proof of identity (`proveIdentity`) and the other admins hear of it.
     */
    async transferAdmin(actor: AuditActor, accountId: string, targetId: string, newRole: CustomerRole, proveIdentity: () => void) {
      if (targetId === actor.id) throw AppError.field('user_id', 'validation.choice');
      const now = ctx.now();
      const madeAdmin = await ctx.db.transaction(async (tx) => {
        const repo = teamRepository(tx);
        await repo.lockActiveAdmins(accountId);
        const target =
          isUuid(targetId) && (await repo.lockMember(accountId, targetId)) ? await repo.member(accountId, targetId) : undefined;
        if (!target) throw AppError.field('user_id', 'validation.choice');
        if (target.deactivatedAt) throw AppError.field('user_id', 'errors.team_transfer_inactive');
        const self = await repo.member(accountId, actor.id);
        if (!self) throw AppError.forbidden();
        if (target.accountRole !== 'account_admin') {
          proveIdentity();
          await repo.updateMember(target.id, { accountRole: 'account_admin' }, now);
          await audit(
            tx,
            actor,
            {
              action: 'team.admin_transfer',
              ...memberRecord(target, accountId),
              before: { role: target.accountRole },
              after: { role: 'account_admin' },
            },
            now,
          );
        }
        if (newRole !== self.accountRole) {
          await repo.updateMember(self.id, { accountRole: newRole }, now);
          await audit(
            tx,
            actor,
            { action: 'team.role_change', ...memberRecord(self, accountId), before: { role: self.accountRole }, after: { role: newRole } },
            now,
          );
        }
        return target.accountRole !== 'account_admin' ? target : undefined;
      });
      if (madeAdmin) await adminAlerts.granted({ actor, accountId, grantee: madeAdmin, via: 'transfer' });
      return view(accountId);
    },
  };
}
