import type { ApiScope } from '@freight/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { languageFromHeader } from '../../i18n';
import { isUuid } from '../../ids';
import { MemoryThrottle } from '../../security/memory-throttle';
import { sha256 } from '../../security/tokens';
import { type CredentialsService, credentialStatus } from '../oauth/credentials.service';
import type { LoadedUser } from '../users/users.service';
import { API_ROUTE_BY_KEY, apiPath, isApiRequest } from './api-routes';

/** The credential behind an API request. */
export interface ApiClient {
  id: string;
  clientId: string;
  partnerId: string | null;
  /** The account it acts for; null for a carrier partner's call of a carrier route. */
  accountId: string | null;
  /** A carrier partner's carrier (integration_partners.carrier_id), on the carrier routes. */
  carrierId: string | null;
  scopes: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on /api/v1 requests that presented a valid bearer token (bearer.ts). */
    apiClient: ApiClient | null;
  }
}

/** The account a partner's request names (Account-Id), as sent. */
function namedAccount(request: FastifyRequest) {
  const header = request.headers['account-id'];
  return Array.isArray(header) ? header[0] : header;
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]{1,200}=*)$/;

function refuse(reply: FastifyReply, status: 401 | 403, code: 'invalid_token' | 'insufficient_scope', scope?: ApiScope): never {
  const scopePart = scope ? `, scope="${scope}"` : '';
  reply.header('www-authenticate', `Bearer realm="freight-portal", error="${code}"${scopePart}`);
  throw new AppError(status, code, `errors.${code}`);
}

/**
 * An API caller works with the API's fixed conventions whatever its acting user chose on the web:
 * imperial units, US dollars, 25 to a page, English unless Accept-Language asks for Spanish.
 */
function apiUser(loaded: LoadedUser, request: FastifyRequest): LoadedUser {
  return {
    ...loaded,
    settings: {
      ...loaded.settings,
      unitSystem: 'imperial',
      currency: 'USD',
      recordsPerPage: 25,
      language: languageFromHeader(request.headers['accept-language']),
    },
  };
}

/**
 * The public API's door. /api/v1/x is routed to the web's handler of /api/x
 * (api-routes.ts); before it runs, this hook: answers 404 for a route the API does not offer,
 * checks the bearer token (its client not revoked, switched off or expired, its partner active),
 * counts the request against the credential's limit (RateLimit-* headers, 429 past it), checks
 * the route's scope, settles the account (a partner names it in Account-Id and must hold a grant
 * for it) and sets `request.auth` to the acting user, so the handler's own guards and account
 * scoping apply unchanged. Every call is logged with its credential.
 */
export function installPartnerApi(app: FastifyInstance, ctx: AppContext, credentials: CredentialsService) {
  const limiter = new MemoryThrottle(ctx.now, 50_000);
  const limit = ctx.config.API_RATE_LIMIT_PER_MINUTE;
  const calls = ctx.apiCalls;
  const startedAt = new WeakMap<FastifyRequest, number>();
  /** The credential of each call once its token is known, refused calls (429, 403) included: the log keeps them too. */
  const caller = new WeakMap<FastifyRequest, { id: string; partnerId: string | null; accountId: string | null }>();

  app.decorateRequest('apiClient', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request)) return;
    startedAt.set(request, performance.now());
    const route = request.routeOptions.url ? API_ROUTE_BY_KEY.get(`${request.method} ${request.routeOptions.url}`) : undefined;
    if (!route) throw AppError.notFound();

    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) refuse(reply, 401, 'invalid_token');
    const named = namedAccount(request);
    const grant = await credentials.repo.tokenGrant(sha256(token), named && isUuid(named) ? named : null);
    const now = ctx.now();
    if (
      !grant ||
      grant.expiresAt.getTime() <= now.getTime() ||
      credentialStatus(grant.client, now) !== 'active' ||
      (grant.client.partnerId !== null && grant.partnerStatus !== 'active') ||
      // A user's own credential stops with them: deactivated, it is refused like a revoked one.
      (grant.client.partnerId === null && grant.acting?.user.deactivatedAt)
    ) {
      refuse(reply, 401, 'invalid_token');
    }

    caller.set(request, { id: grant.client.id, partnerId: grant.client.partnerId, accountId: grant.client.accountId });
    const window = limiter.hit(grant.client.id, 60);
    reply.header('ratelimit-limit', String(limit));
    reply.header('ratelimit-remaining', String(Math.max(0, limit - window.hits)));
    reply.header('ratelimit-reset', String(window.retryAfterSeconds));
    if (window.hits > limit) {
      throw AppError.tooManyRequests(window.retryAfterSeconds, 'errors.rate_limited');
    }
    if (!grant.scopes.includes(route.scope)) refuse(reply, 403, 'insufficient_scope', route.scope);

    // A carrier partner calls the carrier routes as its carrier, for no account. Any other caller
    // goes on as below: the carrier routes then find nothing of theirs (404).
    if (route.audience === 'carrier' && grant.client.partnerId && grant.partnerCarrierId) {
      request.apiClient = {
        id: grant.client.id,
        clientId: grant.client.clientId,
        partnerId: grant.client.partnerId,
        accountId: null,
        carrierId: grant.partnerCarrierId,
        scopes: grant.scopes,
      };
      credentials.noteUse(grant.client.id);
      return;
    }

    // An account's own credential acts for its account; a partner's for the account it names, if granted.
    if (grant.client.partnerId && !named) throw new AppError(400, 'account_required', 'errors.account_required');
    const accountId = grant.client.accountId ?? (grant.grant && !grant.grant.disabledAt ? grant.grant.accountId : null);
    const loaded = grant.acting;
    // A partner acts as the colleague whose grant it holds, with that user's current role; a grant
    // whose user was deactivated acts for nobody.
    if (!accountId || !loaded?.account || loaded.account.id !== accountId || loaded.account.suspendedAt || loaded.user.deactivatedAt) {
      throw new AppError(403, 'account_not_granted', 'errors.account_not_granted');
    }
    caller.set(request, { id: grant.client.id, partnerId: grant.client.partnerId, accountId });
    request.auth = apiUser(loaded, request);
    request.apiClient = {
      id: grant.client.id,
      clientId: grant.client.clientId,
      partnerId: grant.client.partnerId,
      accountId,
      carrierId: null,
      scopes: grant.scopes,
    };
    credentials.noteUse(grant.client.id);
  });

  app.addHook('onResponse', async (request, reply) => {
    const client = caller.get(request);
    const started = startedAt.get(request);
    if (!client || started === undefined) return;
    calls.record({
      clientId: client.id,
      partnerId: client.partnerId,
      accountId: client.accountId,
      method: request.method,
      route: request.routeOptions.url ? apiPath(request.routeOptions.url) : 'unknown',
      status: reply.statusCode,
      durationMs: Math.round(performance.now() - started),
      at: ctx.now(),
    });
  });
  app.addHook('onClose', async () => {
    await calls.flush();
  });
}
