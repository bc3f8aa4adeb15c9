import type { registerRequest } from '@freight/contracts';
import {
  EMAIL_VERIFICATION_TTL_MINUTES,
  type Language,
  LOGIN_MAX_FAILURES_PER_MINUTE,
  PASSWORD_RESET_TTL_MINUTES,
  SUPPORT_PHONE,
} from '@freight/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { ssoPasswordResetMail } from '../../mail/sso-mails';
import { resetPasswordMail, verifyEmailMail } from '../../mail/templates';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { checkSignedPath, signPath } from '../../security/signed-url';
import { randomToken, sha256 } from '../../security/tokens';
import { passwordsTurnedOff } from '../sso/sso.service';
import { type UserRow, usersService } from '../users/users.service';
import { authRepository } from './auth.repository';

export type VerificationStatus = 'verified' | 'already' | 'expired' | 'invalid';
type Registration = z.output<typeof registerRequest>;

const emailHash = (email: string) => sha256(email.toLowerCase()).slice(0, 40);
const minutes = (n: number) => n * 60_000;

export function authService(ctx: AppContext) {
  const users$ = usersService(ctx.db);

  /** After any password change, reset links sent earlier no longer work. */
  const retireResetTokens = (userId: string, now: Date) => authRepository(ctx.db).retireResetTokens(userId, now);

  function verificationUrl(user: UserRow) {
    const path = `/email/verify/${user.id}/${emailHash(user.email)}`;
    const expires = new Date(ctx.now().getTime() + minutes(EMAIL_VERIFICATION_TTL_MINUTES));
    return `${ctx.config.appUrl}${signPath(ctx.appKey, path, expires)}`;
  }

  /** From now on the email counts as the user's (what the mailed link does once it checks out). */
  async function markVerified(userId: string) {
    await users$.update(userId, { emailVerifiedAt: ctx.now() }, ctx.now());
  }

  async function sendVerification(user: UserRow, language: Language) {
    await ctx.mailer.send(verifyEmailMail(language, user.email, user.firstName, verificationUrl(user)));
  }

  return {
    markVerified,

    /**
     * Checks credentials (and that the account is not suspended); more than 5 failures a minute
     * for one email and address -> 429.
     * Every attempt is counted before the password is checked (atomically, so a burst of parallel
     * guesses cannot all slip under the limit); a success wipes the count.
     */
    async attempt(email: string, password: string, ip: string) {
      const key = `login:${email.toLowerCase()}|${ip}`;
      const count = await ctx.throttle.hit(key, 60);
      if (count.hits > LOGIN_MAX_FAILURES_PER_MINUTE) {
        throw AppError.tooManyRequests(count.retryAfterSeconds, 'errors.too_many_login_attempts');
      }
      const user = await users$.findByEmail(email);
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
        throw AppError.field('email', 'validation.credentials');
      }
      await ctx.throttle.clear(key);
      // Only the right password learns that the account is suspended.
      await refuseSuspended(ctx, user);
      return user;
    },

    /** A sign-in completed (the password, and the second factor when the user has one). */
    async recordSignIn(userId: string) {
      await authRepository(ctx.db).recordSignIn(userId, ctx.now());
    },

    async register(input: Registration, ip: string) {
      await ctx.throttle.enforce(`register:${ip}`, ctx.config.SIGNUPS_PER_ADDRESS_HOUR, 3600);
      if (await users$.emailTaken(input.primary_contact.email)) {
        throw AppError.field('primary_contact.email', 'validation.email_taken');
      }
      const passwordHash = await hashPassword(input.password);
      const companyAddress = { ...input.primary_contact, company: input.company_name, ...input.company_address };
      const billingAddress = input.accounting_same_as_company
        ? companyAddress
        : { ...input.accounting_contact!, company: input.company_name, ...input.accounting_address! };
      const language = input.preferences.language ?? 'en';
      const user = await ctx.db
        .transaction(async (tx) => {
          // Credit is granted by accounting on an application, not assumed: a new company pays by card.
          const account = await authRepository(tx).insertAccount({
            name: input.company_name,
            paymentTerms: 'prepaid',
            companyAddress,
            accountAddress: companyAddress,
            billingAddress,
          });
          return usersService(tx).create(
            {
              accountId: account.id,
              firstName: input.primary_contact.first_name,
              lastName: input.primary_contact.last_name,
              email: input.primary_contact.email,
              phone: input.primary_contact.phone,
              passwordHash,
            },
            {
              language,
              unitSystem: input.preferences.unit_system ?? 'imperial',
              currency: input.preferences.currency ?? 'USD',
              preferredMode: input.preferences.preferred_mode ?? 'default',
            },
          );
        })
        .catch((error: unknown) => {
          // A concurrent signup (a double submit) with the same email lost the race to the unique index.
          if (isUniqueViolation(error)) throw AppError.field('primary_contact.email', 'validation.email_taken');
          throw error;
        });
      // The account exists either way; a mail hiccup is recoverable with "resend".
      await sendVerification(user, language).catch(() => {});
      return user;
    },

    async resendVerification(user: UserRow, language: Language) {
      if (user.emailVerifiedAt) return 'already' as const;
      const minute = await ctx.throttle.peek(`verify-resend:${user.id}`);
      const hour = await ctx.throttle.peek(`verify-resend-hour:${user.id}`);
      const reasons: string[] = [];
      let wait = 0;
      if (minute.hits >= 1) {
        reasons.push('verification.resend_throttled');
        wait = minute.retryAfterSeconds;
      }
      if (hour.hits >= 6) {
        reasons.push('errors.too_many_requests');
        wait = Math.max(wait, hour.retryAfterSeconds);
      }
      if (reasons.length) throw AppError.tooManyRequests(wait, reasons[0], { reasons });
      try {
        await sendVerification(user, language);
      } catch {
        throw new AppError(503, 'mail_failed', 'verification.resend_failed', { reasons: ['verification.resend_failed'] });
      }
      // Only a mail that went out counts against the limit: a failure may be retried at once.
      await ctx.throttle.hit(`verify-resend:${user.id}`, 60);
      await ctx.throttle.hit(`verify-resend-hour:${user.id}`, 3600);
      return 'sent' as const;
    },

    async verifyEmail(id: string, hash: string, expires?: string, signature?: string): Promise<VerificationStatus> {
      const check = checkSignedPath(ctx.appKey, `/email/verify/${id}/${hash}`, expires, signature, ctx.now());
      if (check !== 'valid') return check;
      const user = isUuid(id) ? await users$.findById(id) : undefined;
      if (!user || emailHash(user.email) !== hash) return 'invalid';
      if (user.emailVerifiedAt) return 'already';
      await markVerified(user.id);
      return 'verified';
    },

    /**
     * Answers the same, in the same time, whether or not the address has an account: the token
     * and the mail are made in the background. One address gets at most 3 links in 15 minutes,
     * so nobody can flood a mailbox from many client addresses. A user whose company turned
     * passwords off gets no link (they have no password to reset), but a mail pointing them to
     * their company's single sign-on: the answer stays the same, so it tells nothing either.
     */
    async forgotPassword(email: string, ip: string) {
      await ctx.throttle.enforce(`forgot:${ip}`, 10, 900);
      ctx.background.run('password-reset-mail', async () => {
        const loaded = await users$.loadByEmail(email);
        if (!loaded) return;
        if ((await ctx.throttle.hit(`forgot-email:${loaded.user.email}`, 900)).hits > 3) return;
        const language = loaded.settings.language as Language;
        if (await passwordsTurnedOff(ctx.db, loaded.user)) {
          await ctx.mailer.send(ssoPasswordResetMail(language, loaded.user.email, loaded.user.firstName, `${ctx.config.appUrl}/login`));
          return;
        }
        const token = randomToken();
        await authRepository(ctx.db).insertResetToken({
          userId: loaded.user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(ctx.now().getTime() + minutes(PASSWORD_RESET_TTL_MINUTES)),
        });
        const url = `${ctx.config.appUrl}/reset-password/${encodeURIComponent(token)}?email=${encodeURIComponent(loaded.user.email)}`;
        await ctx.mailer.send(resetPasswordMail(language, loaded.user.email, loaded.user.firstName, url));
      });
    },

    /**
     * A reset token works once, for 60 minutes, for the address it was sent to; all sessions end.
     * A user whose company turned passwords off since the link was sent is refused (the token is
     * spent): only the holder of a right token learns it, so the refusal tells nobody else anything.
     */
    async resetPassword(input: { token: string; email: string; password: string }, ip: string) {
      await ctx.throttle.enforce(`reset:${ip}`, 10, 60);
      const user = await users$.findByEmail(input.email);
      const now = ctx.now();
      const ssoOnly = user ? await passwordsTurnedOff(ctx.db, user) : false;
      const passwordHash = await hashPassword(input.password);
      // Claiming the token and changing the password is one statement pair in one transaction:
      // of two concurrent uses of a token, only one finds it unused.
      const changed = user
        ? await ctx.db.transaction(async (tx) => {
            if (!(await authRepository(tx).claimResetToken(user.id, sha256(input.token), now))) return false;
            if (ssoOnly) return 'sso_only' as const;
            // The link came to this address: it proves the address too (a staff invitation sets the first password so).
            await usersService(tx).update(user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now }, now);
            return true;
          })
        : false;
      if (!user || !changed) throw AppError.field('email', 'validation.reset_token');
      if (changed === 'sso_only') throw AppError.field('email', 'validation.sso_password_reset');
      await retireResetTokens(user.id, now);
      await users$.endSessions(user.id);
    },

    async confirmPassword(user: UserRow, password: string) {
      await ctx.throttle.enforce(`confirm:${user.id}`, 5, 60);
      if (!(await verifyPassword(user.passwordHash, password))) throw AppError.field('password', 'validation.password_confirm');
    },

    async changePassword(user: UserRow, current: string, next: string, keepSessionId: string | undefined) {
      await ctx.throttle.enforce(`change-password:${user.id}`, 5, 60);
      if (!(await verifyPassword(user.passwordHash, current))) throw AppError.field('current_password', 'validation.current_password');
      await users$.update(user.id, { passwordHash: await hashPassword(next) }, ctx.now());
      await retireResetTokens(user.id, ctx.now());
      await users$.endSessions(user.id, keepSessionId);
    },

    sendVerification,
  };
}

/**
 * 403 `account_suspended` for a user of a suspended account, `user_deactivated` for a user their
 * account admin (or staff) deactivated: they may not sign in.
 */
export async function refuseSuspended(ctx: AppContext, user: UserRow) {
  if (user.deactivatedAt) throw new AppError(403, 'user_deactivated', 'errors.user_deactivated');
  if (!user.accountId) return;
  if (await authRepository(ctx.db).accountSuspendedAt(user.accountId))
    throw new AppError(403, 'account_suspended', 'errors.account_suspended', { phone: SUPPORT_PHONE.display });
}
