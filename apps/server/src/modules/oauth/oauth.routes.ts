import { accountCredentialRequest, rotateCredentialRequest, staffCredentialRequest, tokenRequest } from '@freight/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { plainText } from '../../i18n';
import { isUuid } from '../../ids';
import { requestLanguage } from '../../plugins/errors';
import { adminPage, customer, customerRoute, recentlyReauthenticated } from '../../plugins/guards';
import { MemoryThrottle } from '../../security/memory-throttle';
import { accountAdminOf } from '../accounts/accounts.service';
import { auditActor } from '../audit/audit';
import { recentCalls } from '../partner-api/partner-api.service';
import { usersService } from '../users/users.service';
import { presentCredential } from './credentials.presenter';
import type { CredentialWithOwner } from './credentials.repository';
import { type CredentialsService, OAuthError } from './credentials.service';

const idParams = z.object({ id: z.string().max(64) });
const checked = (id: string) => {
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

/** HTTP Basic client authentication (RFC 6749 section 2.3.1: both parts form-urlencoded). */
function basicCredentials(header: string | undefined) {
  const match = /^Basic ([A-Za-z0-9+/=]{1,1000})$/.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replaceAll('+', ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' ')),
    };
  } catch {
    return undefined;
  }
}

/**
 * Token requests a minute. A client needs one an hour (a token lives that long), so these only
 * stop someone guessing secrets: per client id (a known one or not), and per address, which also
 * catches one caller trying many client ids. Counted in this process's memory, like the API's limit.
 */
const TOKENS_PER_MINUTE = { client: 20, address: 60 } as const;

/**
 * OAuth 2.0 client credentials: the token endpoint partners call, the staff's
 * OAuth Credentials page (super_admin, every write audited) and an account admin's own credentials.
 */
export async function oauthRoutes(app: FastifyInstance, ctx: AppContext, credentials: CredentialsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('oauth') };
  const { repo } = credentials;
  /** Credentials as lists show them, each naming who of its account made it. */
  const presented = async (found: CredentialWithOwner[]) => {
    const people = await usersService(ctx.db).people(found.map((c) => c.client.createdBy));
    return found.map((c) => presentCredential(c, people, ctx.now()));
  };
  const presentedOne = async (found: CredentialWithOwner | undefined) => {
    if (!found) throw AppError.notFound();
    return (await presented([found]))[0];
  };
  const issuedAnswer = async (reply: FastifyReply, found: CredentialWithOwner | undefined, secret: string, code = 201) =>
    reply.code(code).send({ data: { credential: await presentedOne(found), client_secret: secret } });

  const tokenLimiter = new MemoryThrottle(ctx.now, 50_000);
  /** Counts a token request against both limits; the RateLimit-* headers tell the nearer one. */
  function countTokenRequest(reply: FastifyReply, address: string, clientId: string | undefined) {
    const windows = [
      { limit: TOKENS_PER_MINUTE.address, window: tokenLimiter.hit(`address:${address}`, 60) },
      ...(clientId ? [{ limit: TOKENS_PER_MINUTE.client, window: tokenLimiter.hit(`client:${clientId}`, 60) }] : []),
    ];
    const nearest = windows.reduce((a, b) => (b.limit - b.window.hits < a.limit - a.window.hits ? b : a));
    reply.header('ratelimit-limit', String(nearest.limit));
    reply.header('ratelimit-remaining', String(Math.max(0, nearest.limit - nearest.window.hits)));
    reply.header('ratelimit-reset', String(nearest.window.retryAfterSeconds));
    const over = windows.filter((w) => w.window.hits > w.limit);
    if (over.length > 0) throw AppError.tooManyRequests(Math.max(...over.map((w) => w.window.retryAfterSeconds)));
  }

  // The token endpoint takes form-encoded bodies (RFC 6749) as well as JSON; its answers are never cached.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/oauth/token', { config: { csrf: false }, schema: { body: tokenRequest.optional() } }, async (request, reply) => {
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        const basic = basicCredentials(request.headers.authorization);
        const body = request.body ?? {};
        const clientId = basic?.id ?? body.client_id;
        countTokenRequest(reply, request.ip, clientId);
        try {
          // A URL ends up in logs, proxies and browser history (RFC 6749 section 2.3.1 forbids it
          // there); the request log redacts it, and it is refused even when it is right.
          if (Object.hasOwn((request.query as object | undefined) ?? {}, 'client_secret')) {
            throw new OAuthError(400, 'invalid_request', 'errors.secret_in_query');
          }
          const token = await credentials.grant({
            grantType: body.grant_type,
            clientId,
            clientSecret: basic?.secret ?? body.client_secret,
            scope: body.scope,
          });
          return token;
        } catch (err) {
          if (!(err instanceof OAuthError)) throw err;
          return sendOAuthError(request, reply, err, Boolean(basic));
        }
      });
  });

  // --- Staff: /admin/oauth -------------------------------------------------------------------
  r.get('/api/admin/oauth-clients', door, async () => ({ data: await presented(await repo.list()) }));

  r.post('/api/admin/oauth-clients', { ...door, schema: { body: staffCredentialRequest } }, async (request, reply) => {
    // A credential is a grant of power: the password re-entered within minutes (423).
    recentlyReauthenticated(request, ctx.now());
    const { partner_id, account_id, ...input } = request.body;
    const owner = partner_id ? { partnerId: partner_id } : await accountOwner(account_id as string);
    const { row, secret } = await credentials.issue(auditActor(request), owner, input);
    return issuedAnswer(reply, await repo.find(row.id), secret);
  });

  /** A staff-made credential of an account acts as the account's partner grant would: as its first admin. */
  async function accountOwner(accountId: string) {
    const actingUserId = await accountAdminOf(ctx.db, accountId);
    if (!actingUserId) throw AppError.field('account_id', 'validation.choice');
    return { accountId, actingUserId };
  }

  r.post(
    '/api/admin/oauth-clients/:id/rotate',
    { ...door, schema: { params: idParams, body: rotateCredentialRequest } },
    async (request, reply) => {
      recentlyReauthenticated(request, ctx.now());
      const found = await repo.find(checked(request.params.id));
      if (!found) throw AppError.notFound();
      const { secret } = await credentials.rotate(auditActor(request), found.client, request.body.overlap_hours);
      return issuedAnswer(reply, await repo.find(found.client.id), secret, 200);
    },
  );

  /** The credential's logged calls, newest first (an account's own credential has no partner page to show them). */
  r.get('/api/admin/oauth-clients/:id/calls', { ...door, schema: { params: idParams } }, async (request) => {
    const found = await repo.find(checked(request.params.id));
    if (!found) throw AppError.notFound();
    await ctx.apiCalls.flush();
    return { data: await recentCalls(ctx.db, { clientId: found.client.id }) };
  });

  r.post('/api/admin/oauth-clients/:id/revoke', { ...door, schema: { params: idParams } }, async (request) => {
    const found = await repo.find(checked(request.params.id));
    if (!found) throw AppError.notFound();
    await credentials.revoke(auditActor(request), found.client);
    return { data: await presentedOne(await repo.find(found.client.id)) };
  });

  // --- An account admin's own credentials (Settings > API & webhooks) ---------------------------
  const own = customerRoute('account.manage');
  const ownCredential = async (request: FastifyRequest, id: string) => {
    const { account } = customer(request);
    const found = await repo.find(checked(id), repo.ofAccount(account.id));
    if (!found) throw AppError.notFound();
    return found;
  };

  r.get('/api/settings/api-credentials', own, async (request) => {
    const { account } = customer(request);
    return { data: await presented(await repo.list(repo.ofAccount(account.id))) };
  });

  r.post('/api/settings/api-credentials', { ...own, schema: { body: accountCredentialRequest } }, async (request, reply) => {
    recentlyReauthenticated(request, ctx.now());
    const { user, account } = customer(request);
    const { row, secret } = await credentials.issue(null, { accountId: account.id, actingUserId: user.id }, request.body);
    return issuedAnswer(reply, await repo.find(row.id), secret);
  });

  r.post(
    '/api/settings/api-credentials/:id/rotate',
    { ...own, schema: { params: idParams, body: rotateCredentialRequest } },
    async (request, reply) => {
      recentlyReauthenticated(request, ctx.now());
      const found = await ownCredential(request, request.params.id);
      const { secret } = await credentials.rotate(null, found.client, request.body.overlap_hours);
      return issuedAnswer(reply, await repo.find(found.client.id), secret, 200);
    },
  );

  r.post('/api/settings/api-credentials/:id/revoke', { ...own, schema: { params: idParams } }, async (request) => {
    const found = await ownCredential(request, request.params.id);
    await credentials.revoke(null, found.client);
    return { data: await presentedOne(await repo.find(found.client.id)) };
  });
}

/** RFC 6749 section 5.2's `error` beside the documented `{message, code}`. */
function sendOAuthError(request: FastifyRequest, reply: FastifyReply, err: OAuthError, usedBasic: boolean) {
  if (err.status === 401 && usedBasic) reply.header('www-authenticate', 'Basic realm="freight-portal"');
  const message = plainText(requestLanguage(request), err.message);
  return reply.code(err.status).send({ error: err.oauthCode, error_description: message, message, code: err.code });
}
