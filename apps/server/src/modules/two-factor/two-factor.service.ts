import type { RecoveryCodes, TwoFactorEnrolment, TwoFactorStatus } from '@freight/contracts';
import { LOGIN_MAX_FAILURES_PER_MINUTE } from '@freight/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { SessionRow } from '../../plugins/session';
import { secretBox } from '../../security/encryption';
import { type AuditActor, audit, userRecord } from '../audit/audit';
import { refuseSuspended } from '../auth/auth.service';
import { passkeysRepository } from '../passkeys/passkeys.repository';
import { type UserRow, usersRepository } from '../users/users.repository';
import { matchRecoveryCode, newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { acceptedTotpStep, newTotpSecret, totpUri } from './totp';
import { type AuthenticatorRow, twoFactorRepository } from './two-factor.repository';

/** How long a right password waits for its second step before the sign-in starts over. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 10;

type Action = 'user.two_factor_enabled' | 'user.two_factor_disabled' | 'user.recovery_codes_regenerated' | 'user.recovery_code_used';

/**
 * Authenticator apps and recovery codes: enrolment (a secret, then a code from the app to prove
 * it was set up), recovery codes, turning it off, and the second step of sign-in.
 */
export function twoFactorService(ctx: AppContext) {
  const repo = twoFactorRepository(ctx.db);
  const users = usersRepository(ctx.db);
  const secrets = secretBox(ctx.appKey, 'totp-secret');

  /** Changes of a user's second factor are audited, named by the user, in the transaction that makes them. */
  const record = (db: AppContext['db'], actor: AuditActor, user: UserRow, action: Action, after?: unknown) =>
    audit(
      db,
      actor,
      {
        action,
        ...userRecord(user),
        after,
      },
      ctx.now(),
    );

  /** The step of a right code, not used before; undefined otherwise. */
  const acceptedStep = (authenticator: AuthenticatorRow, code: string) =>
    acceptedTotpStep(secrets.open(authenticator.secretSealed), code, ctx.now(), authenticator.lastUsedStep);

  /** Ten new recovery codes replace the user's others; answers them, for the one time they are shown. */
  async function replaceRecoveryCodes(db: AppContext['db'], userId: string): Promise<RecoveryCodes> {
    const codes = newRecoveryCodes();
    await twoFactorRepository(db).replaceRecoveryCodes(
      userId,
      codes.map((code) => recoveryCodeHash(ctx.appKey, code)),
      ctx.now(),
    );
    return { recovery_codes: codes };
  }

  async function confirmedAuthenticator(userId: string) {
    const authenticator = await repo.authenticator(userId);
    return authenticator?.confirmedAt ? authenticator : undefined;
  }

  async function signInWithCode(userId: string, code: string) {
    const authenticator = await confirmedAuthenticator(userId);
    const step = authenticator && acceptedStep(authenticator, code);
    return step !== undefined && (await repo.claimStep(userId, step));
  }

  async function signInWithRecoveryCode(user: UserRow, input: string, ip: string) {
    if (!(await confirmedAuthenticator(user.id))) return false;
    const match = matchRecoveryCode(ctx.appKey, await repo.unusedRecoveryCodes(user.id), input);
    if (!match) return false;
    return ctx.db.transaction(async (tx) => {
      const r = twoFactorRepository(tx);
      if (!(await r.spendRecoveryCode(match.id, ctx.now()))) return false;
      const remaining = await r.countUnusedRecoveryCodes(user.id);
      await record(tx, { id: user.id, email: user.email, ip }, user, 'user.recovery_code_used', { recovery_codes_remaining: remaining });
      return true;
    });
  }

  return {
    /** Whether sign-in asks this user for a second factor: an authenticator app or a passkey. */
    required: async (userId: string) => (await repo.hasConfirmedFactor(userId)) || (await passkeysRepository(ctx.db).hasAny(userId)),

    async status(userId: string): Promise<TwoFactorStatus> {
      const authenticator = await confirmedAuthenticator(userId);
      return {
        enabled: Boolean(authenticator),
        confirmed_at: authenticator?.confirmedAt?.toISOString() ?? null,
        recovery_codes_remaining: authenticator ? await repo.countUnusedRecoveryCodes(userId) : 0,
      };
    },

    /** Starts an enrolment with a new secret (again if one was started and never confirmed). */
    async enable(user: UserRow): Promise<TwoFactorEnrolment> {
      if (await confirmedAuthenticator(user.id)) throw new AppError(409, 'conflict', 'errors.two_factor_enabled');
      const secret = newTotpSecret();
      await repo.startEnrolment(user.id, secrets.seal(secret), ctx.now());
      return { secret_key: secret, otpauth_url: totpUri(secret, user.email) };
    },

    /** A right code from the app turns the second factor on; the first ten recovery codes come with it. */
    async confirm(user: UserRow, code: string, actor: AuditActor): Promise<RecoveryCodes> {
      const authenticator = await repo.authenticator(user.id);
      if (authenticator?.confirmedAt) throw new AppError(409, 'conflict', 'errors.two_factor_enabled');
      const step = authenticator && acceptedStep(authenticator, code);
      const codes =
        step === undefined
          ? undefined
          : await ctx.db.transaction(async (tx) => {
              if (!(await twoFactorRepository(tx).claimStep(user.id, step, ctx.now()))) return undefined;
              await record(tx, actor, user, 'user.two_factor_enabled');
              return replaceRecoveryCodes(tx, user.id);
            });
      if (!codes) throw AppError.field('code', 'validation.two_factor_code');
      return codes;
    },

    async regenerateRecoveryCodes(user: UserRow, actor: AuditActor): Promise<RecoveryCodes> {
      if (!(await confirmedAuthenticator(user.id))) throw new AppError(409, 'conflict', 'errors.two_factor_not_enabled');
      return ctx.db.transaction(async (tx) => {
        await record(tx, actor, user, 'user.recovery_codes_regenerated');
        return replaceRecoveryCodes(tx, user.id);
      });
    },

    /** Turns the second factor off (or drops an enrolment never confirmed): sign-in asks for the password alone. */
    async disable(user: UserRow, actor: AuditActor) {
      await ctx.db.transaction(async (tx) => {
        if (await twoFactorRepository(tx).remove(user.id)) await record(tx, actor, user, 'user.two_factor_disabled');
      });
    },

    /**
     * Every second factor of the user (authenticator app, recovery codes, passkeys, remembered
     * browsers), in the caller's transaction: a super_admin's reset of a lost factor, which audits
     * it with its reason. Answers whether the user held any factor.
     */
    async removeEveryFactor(db: AppContext['db'], userId: string) {
      const app = await twoFactorRepository(db).remove(userId);
      const passkeys = await passkeysRepository(db).removeAll(userId);
      return app || passkeys > 0;
    },

    /**
     * The second step of sign-in, on the session the right password left waiting: a code from the
     * app or an unused recovery code. Failures count as the login's do (five a minute, then 429),
     * per user, so neither new addresses nor entering the password again buys more guesses.
     * Answers the user to sign in.
     */
    async challenge(session: SessionRow | null, input: { code?: string; recovery_code?: string }, ip: string) {
      const field = input.recovery_code !== undefined ? 'recovery_code' : 'code';
      const userId = session?.twoFactorUserId;
      const startedAt = session?.twoFactorStartedAt;
      const expired = !startedAt || ctx.now().getTime() - startedAt.getTime() > TWO_FACTOR_CHALLENGE_MINUTES * 60_000;
      const user = userId && !expired ? await users.findById(userId) : undefined;
      if (!user) throw AppError.field(field, 'validation.two_factor_expired');
      await refuseSuspended(ctx, user);
      const key = `two-factor:${user.id}`;
      const count = await ctx.throttle.hit(key, 60);
      if (count.hits > LOGIN_MAX_FAILURES_PER_MINUTE) {
        throw AppError.tooManyRequests(count.retryAfterSeconds, 'errors.too_many_login_attempts');
      }
      const passed =
        input.recovery_code !== undefined
          ? await signInWithRecoveryCode(user, input.recovery_code, ip)
          : await signInWithCode(user.id, input.code ?? '');
      if (!passed) throw AppError.field(field, field === 'code' ? 'validation.two_factor_code' : 'validation.recovery_code');
      await ctx.throttle.clear(key);
      return user;
    },
  };
}
