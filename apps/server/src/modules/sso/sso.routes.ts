import { type SsoError, ssoDomainRequest, ssoLookupRequest, ssoProviderRequest } from '@freight/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { DEMO_SSO } from '../../db/seed-sso';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { requestLanguage } from '../../plugins/errors';
import { customer, customerRoute, recentlyReauthenticated } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { authService } from '../auth/auth.service';
import { oidcSimulator, SIMULATOR_CLIENT } from './oidc.simulator';
import { simulatorTxtResolver, systemTxtResolver } from './sso.dns';
import { oidcRelyingParty } from './sso.oidc';
import { ssoRepository } from './sso.repository';
import { ssoSecrets } from './sso.secrets';
import { ssoService } from './sso.service';
import { SsoFailure, ssoSignIn } from './sso-sign-in.service';

/** Where the embedded default mounts the OpenID provider simulator. */
export const OIDC_SIMULATOR_PREFIX = '/oidc-sim';
/** The browser's half of a sign-in under way: its state, which the callback must match. */
const STATE_COOKIE = 'freight_portal_sso';

const callbackQuery = z.object({
  state: z.string().max(500).optional().catch(undefined),
  code: z.string().max(2000).optional().catch(undefined),
  error: z.string().max(200).optional().catch(undefined),
  iss: z.string().max(500).optional().catch(undefined),
});

/**
 * Single sign-on with OpenID Connect: the account admin's settings (Settings > Security), the
 * login page's lookup, and the sign-in through the provider (/sso/start, /sso/callback, whose
 * failures go back to the login page with a reason it words). Outside production the provider
 * simulator is mounted at /oidc-sim unless OIDC_SIMULATOR_URL names one elsewhere.
 */
export async function ssoRoutes(app: FastifyInstance, ctx: AppContext) {
  const c = ctx.config;
  const production = c.NODE_ENV === 'production';
  let simulatorRoot = c.OIDC_SIMULATOR_URL?.replace(/\/$/, '');
  if (!production && !simulatorRoot) {
    simulatorRoot = `${c.appUrl}${OIDC_SIMULATOR_PREFIX}`;
    const issuer = simulatorRoot;
    await app.register((scope) => oidcSimulator(scope, { now: ctx.now, issuer: () => issuer }), { prefix: OIDC_SIMULATOR_PREFIX });
  }
  // The seeded demo provider learns where this app's simulator is, and its client secret, sealed with this app's key.
  if (simulatorRoot) {
    await ssoRepository(ctx.db).adoptIssuer(
      DEMO_SSO.issuerPlaceholder,
      simulatorRoot,
      ssoSecrets(ctx.appKey).seal(SIMULATOR_CLIENT.secret),
    );
  }

  const redirectUri = `${c.appUrl}/sso/callback`;
  const rp = oidcRelyingParty({ allowHttp: !production, now: ctx.now, redirectUri });
  const resolver = c.ssoDns === 'simulator' && simulatorRoot ? simulatorTxtResolver(simulatorRoot) : systemTxtResolver;
  const service = ssoService(ctx, rp, resolver, redirectUri);
  const signIn = ssoSignIn(ctx, rp);
  const auth = authService(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  const admin = customerRoute('account.manage');
  const accountOf = (request: FastifyRequest) => {
    const { account } = customer(request);
    return { id: account.id, name: account.name };
  };
  /**
   * Who signs in to the account, and how, is a grant of power: each change (the provider, the
   * domains, whether passwords stay allowed) needs the identity proven within minutes (423), after
   * the body's 422.
   */
  const changingAccountOf = (request: FastifyRequest) => {
    const account = accountOf(request);
    recentlyReauthenticated(request, ctx.now());
    return account;
  };
  const domainId = (params: { id: string }) => {
    if (!isUuid(params.id)) throw AppError.notFound();
    return params.id;
  };
  const idParams = z.object({ id: z.string().max(64) });

  r.get('/api/account/sso', admin, async (request) => ({ data: await service.settings(accountOf(request).id) }));

  r.put('/api/account/sso/provider', { ...admin, schema: { body: ssoProviderRequest } }, async (request) => ({
    data: await service.saveProvider(changingAccountOf(request), request.body, auditActor(request)),
  }));

  r.delete('/api/account/sso/provider', admin, async (request, reply) => {
    await service.removeProvider(changingAccountOf(request), auditActor(request));
    return reply.code(204).send();
  });

  r.post('/api/account/sso/domains', { ...admin, schema: { body: ssoDomainRequest } }, async (request, reply) =>
    reply.code(201).send({ data: await service.addDomain(changingAccountOf(request), request.body, auditActor(request)) }),
  );

  r.delete('/api/account/sso/domains/:id', { ...admin, schema: { params: idParams } }, async (request, reply) => {
    await service.removeDomain(changingAccountOf(request), domainId(request.params), auditActor(request));
    return reply.code(204).send();
  });

  r.post('/api/account/sso/domains/:id/verify', { ...admin, schema: { params: idParams } }, async (request) => ({
    data: await service.verifyDomain(changingAccountOf(request), domainId(request.params), auditActor(request)),
  }));

  r.post('/sso/lookup', { schema: { body: ssoLookupRequest } }, async (request) => ({
    data: await signIn.lookup(request.body.email, request.ip),
  }));

  const toLogin = (reply: FastifyReply, reason: SsoError) => reply.redirect(`/login?sso_error=${reason}`, 302);

  /** A document navigation from the login page: the browser leaves for the provider. */
  r.get(
    '/sso/start',
    {
      schema: {
        querystring: z.object({
          email: z.string().trim().max(254).catch(''),
          remember: z.enum(['1', '0']).optional().catch(undefined),
        }),
      },
    },
    async (request, reply) => {
      const email = request.query.email.toLowerCase();
      if (!email.includes('@')) return toLogin(reply, 'unverified_domain');
      const started = await signIn.start(email, request.query.remember === '1', request.ip).catch((error: unknown) => {
        if (error instanceof AppError) throw error;
        request.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'single sign-on could not reach the provider');
        return 'unreachable' as const;
      });
      if (started === 'unreachable') return toLogin(reply, 'failed');
      if (!started) return toLogin(reply, 'unverified_domain');
      reply.setCookie(STATE_COOKIE, started.state, {
        path: '/sso',
        httpOnly: true,
        sameSite: 'lax',
        secure: c.secureCookies,
        maxAge: 10 * 60,
      });
      return reply.redirect(started.url, 302);
    },
  );

  r.get('/sso/callback', { schema: { querystring: callbackQuery } }, async (request, reply) => {
    reply.clearCookie(STATE_COOKIE, { path: '/sso' });
    const query = request.query;
    // The callback URL as the provider was told it, with the answer's parameters (never logged).
    const callbackUrl = new URL(redirectUri);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) callbackUrl.searchParams.set(key, value);
    try {
      const { user, remember } = await signIn.finish(
        query,
        request.cookies[STATE_COOKIE],
        callbackUrl,
        request.ip,
        requestLanguage(request),
      );
      await auth.recordSignIn(user.id);
      await ctx.sessions.start(request, reply, user.id, remember);
      // The provider has just said who this is: as fresh a proof as a password typed again. For a
      // user whose company turned passwords off (and has no second factor) it is the only one.
      await ctx.sessions.confirmPassword(request);
      // The login page stores the signed-in user, which the portal starts from, and goes in.
      return reply.redirect('/login?sso=signed_in', 302);
    } catch (error) {
      if (!(error instanceof SsoFailure)) throw error;
      request.log.warn({ reason: error.reason, detail: error.detail }, 'single sign-on refused');
      return toLogin(reply, error.reason);
    }
  });

  const sweep = setInterval(() => ctx.background.run('purge-sso-sign-ins', () => signIn.purgeStale()), 15 * 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
