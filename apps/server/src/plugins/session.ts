import { SESSION_IDLE_MINUTES } from '@freight/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { isApiRequest } from '../modules/partner-api/api-routes';
import { announceAccessChange } from '../modules/support/live-access.repository';
import { type LoadedUser, usersRepository } from '../modules/users/users.repository';
import { randomToken, safeEqual, sha256 } from '../security/tokens';
import { type NewSessionRow, type SessionRow, sessionsRepository } from './sessions.repository';

export const SESSION_COOKIE = 'freight_portal_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
const REMEMBER_DAYS = 30;
const TOUCH_EVERY_MS = 60_000;
/**
 * How long a session put aside by a sign-in is still recognised. A browser may have sent requests
 * with the old cookie before the sign-in's answer arrived; when such a late answer set a cookie of
 * its own it would sign the browser out again.
 */
const REPLACED_KNOWN_MS = 10_000;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type { SessionRow };

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRow | null;
    auth: LoadedUser | null;
    /** The request came with a session that a sign-in just replaced (see REPLACED_KNOWN_MS). */
    sessionReplaced: boolean;
  }
  interface FastifyContextConfig {
    /** false for endpoints that authenticate otherwise (carrier webhooks, partner API). */
    csrf?: boolean;
  }
}

/** Work done at every completed sign-in, once the new session stands (the known-device check). */
export type SignInListener = (request: FastifyRequest, reply: FastifyReply, auth: LoadedUser) => Promise<void>;

export interface SessionManager {
  /** Starts a fresh session (new id and CSRF token) for a user: login, registration. */
  start(request: FastifyRequest, reply: FastifyReply, userId: string, remember: boolean): Promise<void>;
  /** Adds work to every `start`; a listener's failure is logged and never fails the sign-in. */
  onSignIn(listener: SignInListener): void;
  /**
   * Ends sessions of the request's user other than the request's own: the rows `ids` of theirs,
   * or without `ids` every other one (sign-ins waiting for the second step too). Those browsers
   * are signed out at their next request and their live streams close at once. Answers how many ended.
   */
  endOthers(request: FastifyRequest, ids?: string[]): Promise<number>;
  /**
   * After a right password when the user has a second factor: a fresh guest session (new id and
   * CSRF token) that remembers whose sign-in waits for the second step; `start` completes it.
   */
  startTwoFactor(request: FastifyRequest, reply: FastifyReply, userId: string, remember: boolean): Promise<void>;
  /** The guest session behind /sanctum/csrf-cookie. */
  ensure(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  destroy(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  confirmPassword(request: FastifyRequest): Promise<void>;
  purgeExpired(): Promise<void>;
}

/** The X-XSRF-TOKEN header is URL-encoded by the SPA; a malformed one is a mismatch, not a 500. */
function decodeHeader(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

const idleLimitMs = (remember: boolean) => (remember ? REMEMBER_DAYS * 24 * 60 : SESSION_IDLE_MINUTES) * 60_000;

/** Whether a session has been idle past its limit: it ends at its next lookup (or housekeeping). */
export const sessionIdle = (row: Pick<SessionRow, 'lastSeenAt' | 'remember'>, now: Date) =>
  now.getTime() - row.lastSeenAt.getTime() > idleLimitMs(row.remember);

/**
 * Database sessions with the Laravel Sanctum SPA contract: an HttpOnly session cookie, and an
 * XSRF-TOKEN cookie the SPA echoes in X-XSRF-TOKEN on every unsafe method (419 otherwise).
 * The cookie holds a random token; the table keeps only its SHA-256.
 */
export function installSessions(app: FastifyInstance, deps: { db: Db; now: () => Date; secureCookies: boolean }): SessionManager {
  const { db, now } = deps;
  const users = usersRepository(db);
  const rows = sessionsRepository(db);
  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: deps.secureCookies };
  const signInListeners: SignInListener[] = [];

  function setCookies(reply: FastifyReply, token: string, csrf: string, remember: boolean) {
    const maxAge = remember ? REMEMBER_DAYS * 24 * 3600 : undefined;
    reply.setCookie(SESSION_COOKIE, token, { ...cookieBase, httpOnly: true, maxAge });
    reply.setCookie(XSRF_COOKIE, csrf, { ...cookieBase, httpOnly: false, maxAge });
  }

  type TwoFactorPending = Pick<NewSessionRow, 'twoFactorUserId' | 'twoFactorRemember' | 'twoFactorStartedAt'>;

  async function create(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string | null,
    remember: boolean,
    pending: TwoFactorPending = {},
  ) {
    const token = randomToken();
    const csrf = randomToken();
    const row = await rows.insert({
      id: sha256(token),
      userId,
      csrfToken: csrf,
      remember,
      ...pending,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      createdAt: now(),
      lastSeenAt: now(),
    });
    request.session = row ?? null;
    setCookies(reply, token, csrf, remember);
  }

  app.decorateRequest('session', null);
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionReplaced', false);

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/build/')) return; // static assets need no session
    // The public API authenticates by bearer token alone (partner-api/bearer.ts): a browser's
    // session cookie sent along must not sign the call in, or a page could call it without CSRF.
    if (isApiRequest(request)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    const found = await users.sessionWithUser(sha256(token));
    if (!found) return;
    const row = found.session;
    // A replaced session signs in no one; for a few seconds it is known, so that ensure() leaves
    // the browser's newer cookie alone.
    if (row.replacedAt) {
      request.sessionReplaced = now().getTime() - row.replacedAt.getTime() < REPLACED_KNOWN_MS;
      return;
    }
    const idle = now().getTime() - row.lastSeenAt.getTime();
    // A suspended account's sessions end (suspending deletes them; this closes the race), and so
    // do a deactivated user's.
    if (sessionIdle(row, now()) || found.auth?.account?.suspendedAt || found.auth?.user.deactivatedAt) {
      await rows.remove(row.id);
      return;
    }
    if (idle > TOUCH_EVERY_MS) {
      await rows.touch(row.id, now());
      // A remembered session slides in the browser as it does here.
      if (row.remember) setCookies(reply, token, row.csrfToken, true);
    }
    request.session = row;
    request.auth = found.auth;
  });

  // CSRF: after the session is known, before any body is read or handler runs.
  app.addHook('onRequest', async (request) => {
    // Unknown routes answer 404 (no handler could act on the request), not 419.
    if (!UNSAFE.has(request.method) || !request.routeOptions.url || request.routeOptions.config?.csrf === false) return;
    // No cookie authenticates an API call (above), so there is no session to forge a request with.
    if (isApiRequest(request)) return;
    const header = request.headers['x-xsrf-token'];
    const sent = Array.isArray(header) ? header[0] : header;
    const token = sent ? decodeHeader(sent) : undefined;
    if (!request.session || !token || !safeEqual(token, request.session.csrfToken)) {
      throw new AppError(419, 'csrf_mismatch', 'errors.csrf_mismatch');
    }
  });

  /**
   * Ends the session the request came with, if any, before another takes its place. The row is
   * emptied rather than deleted (its user, second-step state, challenge and CSRF token all go) and
   * purgeExpired removes it once requests still in flight with its cookie have arrived.
   */
  async function replace(request: FastifyRequest) {
    if (!request.session) return;
    await rows.putAside(request.session.id, now(), randomToken());
    // Signing in over another user's session ends that session's live streams.
    if (request.session.userId) await announceAccessChange(db);
  }

  return {
    async start(request, reply, userId, remember) {
      await replace(request);
      await create(request, reply, userId, remember);
      request.auth = (await users.load(userId)) ?? null;
      const auth = request.auth;
      if (!auth) return;
      for (const listener of signInListeners) {
        await listener(request, reply, auth).catch((err: unknown) => request.log.error({ err }, 'sign-in listener failed'));
      }
    },
    onSignIn(listener) {
      signInListeners.push(listener);
    },
    async endOthers(request, ids) {
      const userId = request.session?.userId;
      if (!userId || ids?.length === 0) return 0;
      const ended = await rows.endOthers(userId, request.session!.id, ids);
      if (ended.length) await announceAccessChange(db);
      return ended.length;
    },
    async startTwoFactor(request, reply, userId, remember) {
      await replace(request);
      await create(request, reply, null, false, { twoFactorUserId: userId, twoFactorRemember: remember, twoFactorStartedAt: now() });
      request.auth = null;
    },
    async ensure(request, reply) {
      if (request.session) {
        // Re-send the token cookie: the SPA may have lost it while the session lives on.
        const maxAge = request.session.remember ? REMEMBER_DAYS * 24 * 3600 : undefined;
        reply.setCookie(XSRF_COOKIE, request.session.csrfToken, { ...cookieBase, httpOnly: false, maxAge });
        return;
      }
      // A late request from before a sign-in: the browser already holds the new session's cookies.
      if (request.sessionReplaced) return;
      await create(request, reply, null, false);
    },
    async destroy(request, reply) {
      if (request.session) {
        await rows.remove(request.session.id);
        // The session's live streams end too, on whichever process holds them.
        if (request.session.userId) await announceAccessChange(db);
      }
      request.session = null;
      request.auth = null;
      reply.clearCookie(SESSION_COOKIE, cookieBase);
      reply.clearCookie(XSRF_COOKIE, cookieBase);
    },
    async confirmPassword(request) {
      if (!request.session) return;
      const at = now();
      await rows.confirmPassword(request.session.id, at);
      request.session = { ...request.session, passwordConfirmedAt: at };
    },
    async purgeExpired() {
      const t = now().getTime();
      await rows.purge({
        forgotten: new Date(t - idleLimitMs(false)),
        remembered: new Date(t - idleLimitMs(true)),
        asideBefore: new Date(t - REPLACED_KNOWN_MS),
      });
    },
  };
}
