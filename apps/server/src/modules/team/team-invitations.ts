import type { teamInviteRequest } from '@freight/contracts';
import { INVITATION_TTL_DAYS, isLanguage, type Language, SUPPORT_PHONE } from '@freight/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { teamInvitationMail } from '../../mail/team-mails';
import { hashPassword } from '../../security/passwords';
import { randomToken, sha256 } from '../../security/tokens';
import { type AuditActor, audit, userLabel } from '../audit/audit';
import { usersService } from '../users/users.service';
import { presentInvitation } from './team.presenter';
import { type InvitationRow, teamRepository } from './team.repository';
import { conflict, nameOf, rightsOf } from './team-records';

type Invite = z.output<typeof teamInviteRequest>;

/** Invitations an account may send (and send again) an hour. */
export const INVITATIONS_PER_HOUR = 30;
const DAY_MS = 24 * 3600_000;

const invalidLink = () => new AppError(404, 'not_found', 'errors.invitation_invalid');

/** Whether an invitation's link still works. */
const usable = (i: InvitationRow, now: Date) => !i.acceptedAt && !i.revokedAt && i.expiresAt.getTime() > now.getTime();

/**
 * Invitations to an account's team: mailed with a link that sets the password, works once and
 * expires after a week; sent again (a new link, the old one dead) or revoked; accepted by the
 * invitee, who becomes a user with the role and rights the invitation held.
 */
export function teamInvitations(ctx: AppContext) {
  const expiry = (now: Date) => new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);

  async function throttleInvitations(accountId: string) {
    const state = await ctx.throttle.hit(`team-invite:${accountId}`, 3600);
    if (state.hits > INVITATIONS_PER_HOUR) throw AppError.tooManyRequests(state.retryAfterSeconds, 'errors.too_many_invitations');
  }

  /**
   * Mails the link, in the language of whoever invited (English when they are gone), the limit
   * in their currency. Queued in the outbox: a failure leaves the invitation, which can be resent.
   */
  async function mailInvitation(invitation: InvitationRow, token: string, accountName: string) {
    const inviter = await teamRepository(ctx.db).settingsOf(invitation.invitedBy);
    const language: Language = isLanguage(inviter?.language) ? inviter.language : 'en';
    const limit =
      invitation.bookingLimitCents === null
        ? null
        : new Intl.NumberFormat(language === 'es' ? 'es-MX' : 'en-US', { style: 'currency', currency: inviter?.currency ?? 'USD' }).format(
            invitation.bookingLimitCents / 100,
          );
    await ctx.mailer
      .send(
        teamInvitationMail(language, invitation.email, {
          name: invitation.firstName,
          inviter: inviter ? nameOf(inviter) : accountName,
          account: accountName,
          role: invitation.accountRole,
          limit,
          expiresAt: invitation.expiresAt,
          url: `${ctx.config.appUrl}/invitation/${token}`,
        }),
      )
      .catch(() => undefined);
  }

  return {
    /**
     * Invites someone by email. An address that has a user anywhere is refused at the field (the
     * spec's 'Email already exists'), as is one with an invitation of this account still waiting;
     * an expired one gives way to the new invitation.
     */
    async invite(actor: AuditActor, account: { id: string; name: string }, body: Invite) {
      await throttleInvitations(account.id);
      if (await usersService(ctx.db).emailTaken(body.email)) throw AppError.field('email', 'validation.email_taken');
      const now = ctx.now();
      const token = randomToken();
      const invitation = await ctx.db
        .transaction(async (tx) => {
          const repo = teamRepository(tx);
          const waiting = await repo.openInvitationTo(account.id, body.email);
          if (waiting && usable(waiting, now)) throw AppError.field('email', 'validation.invitation_pending');
          if (waiting) await repo.updateInvitation(waiting.id, { revokedAt: now });
          const created = await repo.insertInvitation({
            accountId: account.id,
            email: body.email,
            firstName: body.first_name,
            lastName: body.last_name,
            accountRole: body.role,
            bookingLimitCents: body.booking_limit_cents,
            approvalRequiredFor: body.approval_required_for,
            tokenHash: sha256(token),
            invitedBy: actor.id,
            expiresAt: expiry(now),
            sentAt: now,
            createdAt: now,
          });
          await audit(
            tx,
            actor,
            {
              action: 'team.invite',
              entityType: 'team_invitation',
              entityId: created.id,
              targetLabel: userLabel(`${body.first_name} ${body.last_name}`, body.email),
              accountId: account.id,
              shownToAccount: true,
              after: { email: body.email, role: body.role, ...rightsOf(created) },
            },
            now,
          );
          return created;
        })
        .catch((error: unknown) => {
          // Another invitation to the address won the race to the open-invitation index.
          if (isUniqueViolation(error)) throw AppError.field('email', 'validation.invitation_pending');
          throw error;
        });
      await mailInvitation(invitation, token, account.name);
      return presentInvitation(invitation, now);
    },

    /** A new link (the old one dies), the week starting again; `reason` is staff's, optional. */
    async resend(actor: AuditActor, accountId: string, invitationId: string, reason = '') {
      if (!isUuid(invitationId)) throw AppError.notFound();
      await throttleInvitations(accountId);
      const now = ctx.now();
      const token = randomToken();
      const invitation = await ctx.db.transaction(async (tx) => {
        const repo = teamRepository(tx);
        const found = await repo.invitation(accountId, invitationId);
        if (!found) throw AppError.notFound();
        if (found.acceptedAt || found.revokedAt) throw conflict('errors.invitation_closed');
        const updated = await repo.updateInvitation(found.id, { tokenHash: sha256(token), expiresAt: expiry(now), sentAt: now });
        await audit(
          tx,
          actor,
          {
            action: 'team.invitation_resend',
            entityType: 'team_invitation',
            entityId: found.id,
            targetLabel: userLabel(nameOf(found), found.email),
            accountId,
            shownToAccount: true,
            after: reason ? { reason } : undefined,
          },
          now,
        );
        return updated;
      });
      await mailInvitation(invitation, token, (await teamRepository(ctx.db).accountName(accountId)) ?? '');
      return presentInvitation(invitation, now);
    },

    async revoke(actor: AuditActor, accountId: string, invitationId: string) {
      if (!isUuid(invitationId)) throw AppError.notFound();
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        const repo = teamRepository(tx);
        const found = await repo.invitation(accountId, invitationId);
        if (!found) throw AppError.notFound();
        if (found.acceptedAt || found.revokedAt) throw conflict('errors.invitation_closed');
        await repo.updateInvitation(found.id, { revokedAt: now });
        await audit(
          tx,
          actor,
          {
            action: 'team.invitation_revoke',
            entityType: 'team_invitation',
            entityId: found.id,
            targetLabel: userLabel(nameOf(found), found.email),
            accountId,
            shownToAccount: true,
          },
          now,
        );
      });
    },

    /** What a link invites to, while it works (404 otherwise, whatever the reason). */
    async preview(token: string) {
      const found = await teamRepository(ctx.db).invitationByToken(sha256(token));
      if (!found || !usable(found.invitation, ctx.now())) throw invalidLink();
      const i = found.invitation;
      return {
        email: i.email,
        first_name: i.firstName,
        last_name: i.lastName,
        account_name: found.accountName,
        role: i.accountRole,
        expires_at: i.expiresAt.toISOString(),
      };
    },

    /**
     * The invitee sets their password: the user is created with the role and rights the
     * invitation held, their address proven by the link. The link works once (the invitation row
     * is locked, then marked accepted). Answers the new user's id, for the session.
     */
    async accept(token: string, password: string, language: Language, ip: string) {
      await ctx.throttle.enforce(`invitation-accept:${ip}`, 10, 60);
      const now = ctx.now();
      const found = await teamRepository(ctx.db).invitationByToken(sha256(token));
      if (!found || !usable(found.invitation, now)) throw invalidLink();
      if (found.suspendedAt) throw new AppError(403, 'account_suspended', 'errors.account_suspended', { phone: SUPPORT_PHONE.display });
      const passwordHash = await hashPassword(password);
      return ctx.db
        .transaction(async (tx) => {
          const repo = teamRepository(tx);
          const locked = await repo.invitationByToken(sha256(token), true);
          if (!locked || !usable(locked.invitation, now)) throw invalidLink();
          const i = locked.invitation;
          if (await usersService(tx).emailTaken(i.email)) throw conflict('validation.email_taken');
          const inviter = await repo.settingsOf(i.invitedBy);
          const user = await usersService(tx).create(
            {
              accountId: i.accountId,
              firstName: i.firstName,
              lastName: i.lastName,
              email: i.email,
              passwordHash,
              accountRole: i.accountRole,
              bookingLimitCents: i.bookingLimitCents,
              approvalRequiredFor: i.approvalRequiredFor,
              emailVerifiedAt: now,
              lastLoginAt: now,
            },
            { language, currency: inviter?.currency ?? 'USD' },
          );
          await repo.updateInvitation(i.id, { acceptedAt: now, acceptedUserId: user.id });
          await audit(
            tx,
            { id: user.id, email: user.email, ip },
            {
              action: 'team.invitation_accept',
              entityType: 'user',
              entityId: user.id,
              targetLabel: userLabel(nameOf(user), user.email),
              accountId: i.accountId,
              shownToAccount: true,
              after: { role: i.accountRole, ...rightsOf(i) },
            },
            now,
          );
          return user.id;
        })
        .catch((error: unknown) => {
          // The address signed up (or accepted another account's invitation) at the same moment.
          if (isUniqueViolation(error)) throw conflict('validation.email_taken');
          throw error;
        });
    },
  };
}
