import type { passkeyAuthenticationCredential, passkeyRegisterRequest } from '@freight/contracts';
import { LOGIN_MAX_FAILURES_PER_MINUTE } from '@freight/domain';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import type { SessionRow } from '../../plugins/session';
import { type AuditActor, audit, userRecord } from '../audit/audit';
import { refuseSuspended } from '../auth/auth.service';
import { TOTP_ISSUER, TWO_FACTOR_CHALLENGE_MINUTES, twoFactorService } from '../two-factor/two-factor.service';
import { type UserRow, usersService } from '../users/users.service';
import { type PasskeyRow, passkeysRepository } from './passkeys.repository';

/** How long the browser may take between asking for a challenge and answering it. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

/**
 * A challenge answers one kind of ceremony: one issued to add a passkey never signs anyone in, and
 * one issued to confirm the signed-in user's identity ('confirm') signs nobody in either.
 */
type Ceremony = 'register' | 'login' | 'confirm';
type Credential = z.output<typeof passkeyAuthenticationCredential>;
type Action = 'user.passkey_added' | 'user.passkey_removed';

const failed = () => AppError.field('credential', 'validation.passkey_failed');

/**
 * WebAuthn's user handle is the user's id as its 16 bytes: stable, so a passkey made again for
 * the same user replaces the old one on the device, and telling nothing about the person.
 */
const userHandle = (userId: string) => Uint8Array.from(Buffer.from(userId.replaceAll('-', ''), 'hex'));
const handleOf = (userId: string) => isoBase64URL.fromBuffer(userHandle(userId));

/** What the browser signed: the challenge inside clientDataJSON (undefined when it is unreadable). */
function signedChallenge(clientDataJSON: string) {
  try {
    return decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return undefined;
  }
}

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): adding one to the signed-in user, naming
 * and removing them, and signing in with one, without the password or as the second step after
 * it. The challenge of each ceremony lives in the session row, is spent by its first answer and
 * lasts five minutes by the app's clock.
 */
export function passkeysService(ctx: AppContext) {
  const repo = passkeysRepository(ctx.db);
  const users = usersService(ctx.db);
  const twoFactor = twoFactorService(ctx);
  const { rpId, origins } = ctx.config.webauthn;
  const minutesSince = (at: Date) => (ctx.now().getTime() - at.getTime()) / 60_000;

  const allowed = (passkeys: PasskeyRow[]) =>
    passkeys.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransport[] }));

  const issue = (session: SessionRow, ceremony: Ceremony, challenge: string) =>
    repo.storeChallenge(session.id, `${ceremony}:${challenge}`, ctx.now());

  /** Spends the session's challenge for the answer's: another, reused or expired ones fail. */
  async function spend(session: SessionRow, ceremony: Ceremony, clientDataJSON: string) {
    const challenge = signedChallenge(clientDataJSON);
    const stored = session.webauthnChallenge;
    const issuedAt = session.webauthnChallengeAt;
    if (!challenge || !stored || !issuedAt || stored !== `${ceremony}:${challenge}`) throw failed();
    if (!(await repo.takeChallenge(session.id, stored))) throw failed();
    if (minutesSince(issuedAt) > PASSKEY_CHALLENGE_MINUTES) throw AppError.field('credential', 'validation.passkey_expired');
    return challenge;
  }

  /** The user whose password was right and whose sign-in waits for the second step, if any. */
  function pendingUserId(session: SessionRow) {
    if (!session.twoFactorUserId) return undefined;
    const startedAt = session.twoFactorStartedAt;
    if (!startedAt || minutesSince(startedAt) > TWO_FACTOR_CHALLENGE_MINUTES) {
      throw AppError.field('credential', 'validation.two_factor_expired');
    }
    return session.twoFactorUserId;
  }

  /** A change of the user's passkeys is audited, named by the user, in the transaction that makes it. */
  const record = (db: AppContext['db'], actor: AuditActor, user: UserRow, action: Action, change: { before?: unknown; after?: unknown }) =>
    audit(
      db,
      actor,
      {
        action,
        ...userRecord(user),
        ...change,
      },
      ctx.now(),
    );

  /** Counts a sign-in attempt as the login does (five failures a minute, then 429); a success clears it. */
  async function throttled<T>(key: string, attempt: () => Promise<T>, tooMany = 'errors.too_many_login_attempts') {
    const count = await ctx.throttle.hit(key, 60);
    if (count.hits > LOGIN_MAX_FAILURES_PER_MINUTE) throw AppError.tooManyRequests(count.retryAfterSeconds, tooMany);
    const result = await attempt();
    await ctx.throttle.clear(key);
    return result;
  }

  /**
   * A passkey's answer to a challenge of `ceremony` in this session: the challenge spent, the
   * passkey found (and the user's own when `userId` is given), its user handle matching, its
   * signature checked and its counter moved on. Answers the passkey's user id.
   */
  async function assertion(session: SessionRow, ceremony: Ceremony, credential: Credential, userId: string | undefined) {
    const challenge = await spend(session, ceremony, credential.response.clientDataJSON);
    const passkey = await repo.byCredentialId(credential.id);
    if (!passkey || (userId && passkey.userId !== userId)) throw failed();
    // Without a known user the handle is what names them, so it must be there; with one, it may be left out.
    const handle = credential.response.userHandle;
    if ((handle !== undefined || !userId) && handle !== handleOf(passkey.userId)) throw failed();
    await verifyUse(passkey, credential, challenge);
    return passkey.userId;
  }

  /** Options for navigator.credentials.get() naming the user's passkeys (409 when they have none). */
  async function optionsFor(session: SessionRow, ceremony: Ceremony, userId: string | undefined) {
    const mine = userId ? await repo.list(userId) : [];
    if (userId && !mine.length) throw new AppError(409, 'conflict', 'errors.passkey_none');
    const options = await generateAuthenticationOptions({
      rpID: rpId,
      allowCredentials: userId ? allowed(mine) : undefined,
      userVerification: 'preferred',
      timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
    });
    await issue(session, ceremony, options.challenge);
    return options;
  }

  /** Checks a sign-in's signature against the stored passkey and moves its counter on. */
  async function verifyUse(passkey: PasskeyRow, credential: Credential, challenge: string) {
    const verification = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: origins,
      expectedRPID: rpId,
      credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter },
      requireUserVerification: false,
    }).catch(() => undefined);
    // A counter that did not grow is a cloned authenticator's tell: the library refuses it, the update refuses a race.
    if (!verification?.verified || !(await repo.recordUse(passkey.id, verification.authenticationInfo.newCounter, ctx.now()))) {
      throw failed();
    }
  }

  return {
    list: (userId: string) => repo.list(userId),

    /** The options for navigator.credentials.create(): a discoverable passkey, none the user already has. */
    async registrationOptions(session: SessionRow, user: UserRow) {
      const options = await generateRegistrationOptions({
        rpName: TOTP_ISSUER,
        rpID: rpId,
        userName: user.email,
        userID: userHandle(user.id),
        userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
        timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
        attestationType: 'none',
        excludeCredentials: allowed(await repo.list(user.id)),
        // Resident, so it can sign in without the password; verification where the device has it.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await issue(session, 'register', options.challenge);
      return options;
    },

    /**
     * Verifies the browser's new passkey and keeps it under the given name. The user's first second
     * factor comes with ten recovery codes, answered with it this once.
     */
    async register(session: SessionRow, user: UserRow, input: z.output<typeof passkeyRegisterRequest>, actor: AuditActor) {
      const challenge = await spend(session, 'register', input.credential.response.clientDataJSON);
      const verification = await verifyRegistrationResponse({
        response: input.credential,
        expectedChallenge: challenge,
        expectedOrigin: origins,
        expectedRPID: rpId,
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verification?.verified) throw failed();
      const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
      return ctx.db
        .transaction(async (tx) => {
          const row = await passkeysRepository(tx).insert({
            userId: user.id,
            name: input.name,
            credentialId: credential.id,
            publicKey: isoBase64URL.fromBuffer(credential.publicKey),
            counter: credential.counter,
            transports: credential.transports ?? [],
            deviceType: credentialDeviceType,
            backedUp: credentialBackedUp,
            createdAt: ctx.now(),
          });
          await record(tx, actor, user, 'user.passkey_added', { after: { passkey: row.name } });
          return { row, codes: await twoFactor.recoveryCodesForFirstPasskey(tx, user.id) };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw AppError.field('credential', 'validation.passkey_taken');
          throw error;
        });
    },

    async rename(userId: string, id: string, name: string) {
      const row = isUuid(id) ? await repo.rename(userId, id, name) : undefined;
      if (!row) throw AppError.notFound();
      return row;
    },

    /** Removes one of the user's passkeys; the last factor takes the recovery codes with it. */
    async remove(user: UserRow, id: string, actor: AuditActor) {
      await ctx.db.transaction(async (tx) => {
        const row = isUuid(id) ? await passkeysRepository(tx).remove(user.id, id) : undefined;
        if (!row) throw AppError.notFound();
        await twoFactor.afterPasskeyRemoved(tx, user.id);
        await record(tx, actor, user, 'user.passkey_removed', { before: { passkey: row.name } });
      });
    },

    /**
     * The options for navigator.credentials.get(). After a right password it names the pending
     * user's passkeys (409 when they have none); otherwise it asks for any passkey of this site
     * (the device offers the ones it holds).
     */
    loginOptions: (session: SessionRow) => optionsFor(session, 'login', pendingUserId(session)),

    /**
     * Signs in with a passkey: the pending user's own after the password, or anyone's without it
     * (the passkey's user handle names the user). The same checks as the password's follow: the
     * login's throttle (per user at the second step, shared with the codes; per address without
     * the password) and a suspended account's refusal. Answers the user to sign in.
     */
    async signIn(session: SessionRow, credential: Credential, ip: string) {
      const pending = pendingUserId(session);
      return throttled(pending ? `two-factor:${pending}` : `passkey-login:${ip}`, async () => {
        const user = await users.findById(await assertion(session, 'login', credential, pending));
        if (!user) throw failed();
        await refuseSuspended(ctx, user);
        return user;
      });
    },

    /** The options for the signed-in user to confirm who they are with one of their passkeys (409 without one). */
    confirmOptions: (session: SessionRow, user: UserRow) => optionsFor(session, 'confirm', user.id),

    /**
     * The signed-in user confirms who they are with one of their own passkeys, answering the
     * challenge of `confirmOptions`. Throttled with the sign-in's second step (per user).
     */
    async confirmIdentity(session: SessionRow, user: UserRow, credential: Credential) {
      await throttled(`two-factor:${user.id}`, () => assertion(session, 'confirm', credential, user.id), 'errors.too_many_requests');
    },
  };
}
