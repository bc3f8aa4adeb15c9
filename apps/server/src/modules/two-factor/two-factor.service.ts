import type { RecoveryCodes, SecondFactorMethod, TwoFactorEnrolment, TwoFactorStatus } from '@freight/contracts';
import { LOGIN_MAX_FAILURES_PER_MINUTE } from '@freight/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { SessionRow } from '../../plugins/session';
import { secretBox } from '../../security/encryption';
import { type AuditActor, audit, userRecord } from '../audit/audit';
import { refuseSuspended } from '../auth/auth.service';
import { passkeyFactor } from '../passkeys/passkey-factor.service';
import { type UserRow, usersService } from '../users/users.service';
import { matchRecoveryCode, newRecoveryCodes, normalizeRecoveryCode, RECOVERY_CODE_LENGTH, recoveryCodeHash } from './recovery-codes';
import { acceptedTotpStep, newTotpSecret, normalizeTotpCode, totpUri } from './totp';
import { type AuthenticatorRow, twoFactorRepository } from './two-factor.repository';

/** How long a right password waits for its second step before the sign-in starts over. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 10;

type Action = 'user.two_factor_enabled' | 'user.two_factor_disabled' | 'user.recovery_codes_regenerated' | 'user.recovery_code_used';

/**
 * Authenticator apps and recovery codes: enrolment (a secret, then a code from the app to prove
 * it was set up), recovery codes, turning it off, and the second step of sign-in.
 *
 * Recovery codes belong to the user's second step, whatever its factor (an app, passkeys): they
 * come with the first factor, stay while any factor remains and go with the last one.
 */
export function twoFactorService(ctx: AppContext) {
  const repo = twoFactorRepository(ctx.db);
  const users = usersService(ctx.db);
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

  /**
   * The app's secret. One sealed under an APP_KEY this process no longer holds (rotated without
   * APP_KEY_PREVIOUS) cannot be checked at all: a 409 that says so, rather than a 500 or a "wrong
   * code" the user would keep retyping.
   */
  function secretOf(authenticator: AuthenticatorRow) {
    try {
      return secrets.open(authenticator.secretSealed);
    } catch {
      throw new AppError(409, 'second_factor_unreadable', 'errors.second_factor_unreadable');
    }
  }

  /** The step of a right code, not used before; undefined otherwise. */
  const acceptedStep = (authenticator: AuthenticatorRow, code: string) =>
    acceptedTotpStep(secretOf(authenticator), code, ctx.now(), authenticator.lastUsedStep);

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

  /** Whether the user has a second factor: an authenticator app that is on, or a passkey. */
  async function hasFactor(db: AppContext['db'], userId: string) {
    return (await twoFactorRepository(db).hasConfirmedFactor(userId)) || (await passkeyFactor(db).hasAny(userId));
  }

  /** No factor left (none of app and passkeys): no recovery codes, no browser remembered for the second step. */
  async function forgetWithoutFactor(db: AppContext['db'], userId: string) {
    if (!(await hasFactor(db, userId))) await twoFactorRepository(db).forgetSecondStep(userId);
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
    if (!(await hasFactor(ctx.db, user.id))) return false;
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

  /**
   * A code from the app or a recovery code, for the user's sign-in or their confirmation of who
   * they are. Failures count as the login's do (five a minute, then 429), per user and shared by
   * both uses, so neither new addresses nor entering the password again buys more guesses. A
   * wrong code is a 422 on `field`, the field it was typed in.
   */
  async function prove(user: UserRow, kind: 'code' | 'recovery_code', typed: string, field: string, ip: string, tooMany: string) {
    const key = `two-factor:${user.id}`;
    const count = await ctx.throttle.hit(key, 60);
    if (count.hits > LOGIN_MAX_FAILURES_PER_MINUTE) throw AppError.tooManyRequests(count.retryAfterSeconds, tooMany);
    const passed = kind === 'recovery_code' ? await signInWithRecoveryCode(user, typed, ip) : await signInWithCode(user.id, typed);
    if (!passed) throw AppError.field(field, kind === 'code' ? 'validation.two_factor_code' : 'validation.recovery_code');
    await ctx.throttle.clear(key);
  }

  return {
    /** Whether sign-in asks this user for a second factor: an authenticator app or a passkey. */
    required: (userId: string) => hasFactor(ctx.db, userId),

    /**
     * The user's second factors, as the sign-in's second step and the confirmation offer them (none:
     * no factor). Unused recovery codes stand in for whichever factor the user has.
     */
    async methods(userId: string): Promise<SecondFactorMethod[]> {
      const [app, passkey, codes] = await Promise.all([
        repo.hasConfirmedFactor(userId),
        passkeyFactor(ctx.db).hasAny(userId),
        repo.countUnusedRecoveryCodes(userId),
      ]);
      return [
        ...(app ? ['totp' as const] : []),
        ...(codes > 0 && (app || passkey) ? ['recovery_code' as const] : []),
        ...(passkey ? ['passkey' as const] : []),
      ];
    },

    /**
     * The signed-in user proves who they are again with their app's code, or with a recovery code
     * (typed in either field: a recovery code is never six digits), which is then spent; a user of
     * passkeys alone has the codes too. Throttled with the sign-in's second step.
     */
    async confirmIdentity(user: UserRow, input: { code?: string; recovery_code?: string }, ip: string) {
      const field = input.recovery_code !== undefined ? 'recovery_code' : 'code';
      const typed = input.recovery_code ?? input.code ?? '';
      const recovery =
        field === 'recovery_code' || (!normalizeTotpCode(typed) && normalizeRecoveryCode(typed).length === RECOVERY_CODE_LENGTH);
      await prove(user, recovery ? 'recovery_code' : 'code', typed, field, ip, 'errors.too_many_requests');
    },

    /** The app's state, and the recovery codes left of whichever factor the user has. */
    async status(userId: string): Promise<TwoFactorStatus> {
      const authenticator = await confirmedAuthenticator(userId);
      const factor = Boolean(authenticator) || (await passkeyFactor(ctx.db).hasAny(userId));
      return {
        enabled: Boolean(authenticator),
        confirmed_at: authenticator?.confirmedAt?.toISOString() ?? null,
        recovery_codes_remaining: factor ? await repo.countUnusedRecoveryCodes(userId) : 0,
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

    /** Ten new codes replace the others, for a user with a second factor (an app or a passkey). */
    async regenerateRecoveryCodes(user: UserRow, actor: AuditActor): Promise<RecoveryCodes> {
      if (!(await hasFactor(ctx.db, user.id))) throw new AppError(409, 'conflict', 'errors.two_factor_not_enabled');
      return ctx.db.transaction(async (tx) => {
        await record(tx, actor, user, 'user.recovery_codes_regenerated');
        return replaceRecoveryCodes(tx, user.id);
      });
    },

    /**
     * Turns the authenticator app off (or drops an enrolment never confirmed). With a passkey left,
     * sign-in still asks for it and the recovery codes stay; otherwise the password alone signs in.
     */
    async disable(user: UserRow, actor: AuditActor) {
      await ctx.db.transaction(async (tx) => {
        const wasOn = await twoFactorRepository(tx).removeAuthenticator(user.id);
        await forgetWithoutFactor(tx, user.id);
        if (wasOn) await record(tx, actor, user, 'user.two_factor_disabled');
      });
    },

    /**
     * In the transaction that added a passkey: when it is the user's first second factor (no app on,
     * no other passkey), ten recovery codes come with it, as with the app's, for the one time they
     * are shown. A later passkey leaves the codes the user already keeps alone.
     */
    async recoveryCodesForFirstPasskey(db: AppContext['db'], userId: string): Promise<RecoveryCodes | undefined> {
      if (await twoFactorRepository(db).hasConfirmedFactor(userId)) return undefined;
      if ((await passkeyFactor(db).count(userId)) !== 1) return undefined;
      return replaceRecoveryCodes(db, userId);
    },

    /** In the transaction that removed a passkey: with no factor left, the codes and remembered browsers go too. */
    afterPasskeyRemoved: (db: AppContext['db'], userId: string) => forgetWithoutFactor(db, userId),

    /**
     * Every second factor of the user (authenticator app, recovery codes, passkeys, remembered
     * browsers), in the caller's transaction: a super_admin's reset of a lost factor, which audits
     * it with its reason. Answers whether the user held any factor.
     */
    async removeEveryFactor(db: AppContext['db'], userId: string) {
      const app = await twoFactorRepository(db).removeAuthenticator(userId);
      const passkeys = await passkeyFactor(db).removeAll(userId);
      await twoFactorRepository(db).forgetSecondStep(userId);
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
      await prove(user, field, input.recovery_code ?? input.code ?? '', field, ip, 'errors.too_many_login_attempts');
      return user;
    },
  };
}

export { rememberedDevices } from './remembered-devices';
export { TOTP_ISSUER } from './totp';
