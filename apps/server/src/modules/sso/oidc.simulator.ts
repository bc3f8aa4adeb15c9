import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * A local OpenID provider, speaking the real protocol so the product's relying party (openid-client)
 * talks to it exactly as to a business's Okta or Entra ID: discovery, the authorization endpoint
 * (a page where the tester types who they are), the token endpoint (authorization code, PKCE S256
 * checked, client authentication by secret), the JWKS and RS256-signed ID tokens.
 *
 * It also keeps DNS TXT records, set over HTTP, which the app reads through its resolver adapter
 * where no real DNS is wanted (tests, the embedded default). The embedded default mounts it at
 * /oidc-sim; tests start it on a port of their own; production never has it (config.ts).
 *
 * Codes, TXT records and the signing key live in memory: a restart forgets sign-ins under way (a
 * code lives a minute) and unpublished records, never what the app stored.
 */
export interface OidcSimulatorOptions {
  now: () => Date;
  /** The issuer, which is also where the provider is reached (discovery is `<issuer>/.well-known/...`). */
  issuer: () => string;
}

/** The one client the simulator knows: what an account admin types in Settings > Security. */
export const SIMULATOR_CLIENT = { id: 'freight-portal', secret: 'simulator-secret' } as const;

/** How a sign-in's ID token goes wrong, for tests and for trying the app's refusals by hand. */
export const SIMULATOR_QUIRKS = {
  none: 'A correct ID token',
  wrong_audience: 'Issued to another client (wrong audience)',
  expired: 'Already expired',
  wrong_nonce: 'A different nonce',
  email_unverified: 'The email not verified by the provider',
} as const;
export type SimulatorQuirk = keyof typeof SIMULATOR_QUIRKS;

const CODE_SECONDS = 60;
const TOKEN_SECONDS = 300;

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | undefined;
  email: string;
  name: string;
  quirk: SimulatorQuirk;
  expiresAt: number;
}

const escapeHtml = (v: string) => v.replace(/[&"'<>]/g, (c) => `&#${c.charCodeAt(0)};`);
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const isQuirk = (v: unknown): v is SimulatorQuirk => typeof v === 'string' && Object.hasOwn(SIMULATOR_QUIRKS, v);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The client's id and secret, from HTTP Basic (form-encoded, as RFC 6749 says) or the form. */
function clientCredentials(request: FastifyRequest, form: Record<string, string>) {
  const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic) {
    const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    const decode = (v: string) => decodeURIComponent(v.replaceAll('+', ' '));
    return { id: decode(id), secret: decode(secret) };
  }
  return { id: form.client_id ?? '', secret: form.client_secret ?? '' };
}

/** The simulator's routes on `app` (under the caller's prefix). */
export async function oidcSimulator(app: FastifyInstance, opts: OidcSimulatorOptions) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = randomBytes(8).toString('hex');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const txtRecords = new Map<string, string[][]>();
  const machine = { config: { csrf: false } };
  const nowSeconds = () => Math.floor(opts.now().getTime() / 1000);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const formOf = (request: FastifyRequest) =>
    (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}) as Record<string, string>;
  const page = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<title>${escapeHtml(title)} · OpenID provider (simulator)</title></head>` +
          `<body style="font-family: sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5">` +
          `<main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
      );
  const tokenError = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });

  app.get('/.well-known/openid-configuration', async () => {
    const issuer = opts.issuer();
    return {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce', 'email', 'email_verified', 'name', 'given_name', 'family_name'],
      authorization_response_iss_parameter_supported: true,
    };
  });

  app.get('/jwks', async () => ({ keys: [jwk] }));

  /** The sign-in page: who the tester is at the business, and (for trying refusals) how the token goes wrong. */
  app.get('/authorize', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    if (q.client_id !== SIMULATOR_CLIENT.id) return page(reply, 400, 'Unknown client', '<p>This client is not registered here.</p>');
    if (!q.redirect_uri || !URL.canParse(q.redirect_uri) || !/^https?:$/.test(new URL(q.redirect_uri).protocol)) {
      return page(reply, 400, 'Bad redirect URI', '<p>The redirect URI is missing or not an http(s) URL.</p>');
    }
    const problem =
      q.response_type !== 'code'
        ? 'unsupported response_type'
        : !(q.scope ?? '').split(' ').includes('openid')
          ? 'the openid scope is missing'
          : !q.code_challenge || q.code_challenge_method !== 'S256'
            ? 'PKCE with S256 is required'
            : null;
    if (problem) {
      const back = new URL(q.redirect_uri);
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set('error_description', problem);
      if (q.state) back.searchParams.set('state', q.state);
      back.searchParams.set('iss', opts.issuer());
      return reply.redirect(back.toString(), 302);
    }
    const hidden = ['client_id', 'redirect_uri', 'state', 'nonce', 'code_challenge']
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q[k] ?? '')}">`)
      .join('');
    const hint = escapeHtml(q.login_hint ?? '');
    const quirks = Object.entries(SIMULATOR_QUIRKS)
      .map(([value, label]) => `<option value="${value}">${escapeHtml(label)}</option>`)
      .join('');
    return page(
      reply,
      200,
      'Sign in',
      `<p>This is the local OpenID provider that stands in for a business's identity provider. Say who you are there.</p>
<form method="post" action="authorize">${hidden}
<p><label for="email">Email</label><br><input id="email" name="email" type="email" value="${hint}" required autocomplete="email" style="width: 100%"></p>
<p><label for="name">Name</label><br><input id="name" name="name" value="Casey Jordan" required autocomplete="name" style="width: 100%"></p>
<p><label for="quirk">ID token</label><br><select id="quirk" name="quirk">${quirks}</select></p>
<p><button name="decision" value="allow">Sign in</button> <button name="decision" value="deny" formnovalidate>Cancel</button></p>
</form>`,
    );
  });

  app.post('/authorize', machine, async (request, reply) => {
    const form = formOf(request);
    if (form.client_id !== SIMULATOR_CLIENT.id || !form.redirect_uri || !URL.canParse(form.redirect_uri)) {
      return page(reply, 400, 'Bad request', '<p>The sign-in form was not complete.</p>');
    }
    const back = new URL(form.redirect_uri);
    if (form.state) back.searchParams.set('state', form.state);
    back.searchParams.set('iss', opts.issuer());
    const email = (form.email ?? '').trim().toLowerCase();
    if (form.decision !== 'allow') {
      back.searchParams.set('error', 'access_denied');
    } else if (!EMAIL.test(email) || !form.code_challenge) {
      return page(reply, 422, 'Sign in', '<p role="alert">Enter a valid email address. Go back and try again.</p>');
    } else {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, {
        clientId: form.client_id,
        redirectUri: form.redirect_uri,
        challenge: form.code_challenge,
        nonce: form.nonce || undefined,
        email,
        name: (form.name ?? '').trim().slice(0, 120) || email,
        quirk: isQuirk(form.quirk) ? form.quirk : 'none',
        expiresAt: nowSeconds() + CODE_SECONDS,
      });
      back.searchParams.set('code', code);
    }
    return reply.redirect(back.toString(), 302);
  });

  app.post('/token', machine, async (request, reply) => {
    const form = formOf(request);
    const client = clientCredentials(request, form);
    if (client.id !== SIMULATOR_CLIENT.id || client.secret !== SIMULATOR_CLIENT.secret) {
      return tokenError(reply, 401, 'invalid_client', 'client authentication failed');
    }
    if (form.grant_type !== 'authorization_code') return tokenError(reply, 400, 'unsupported_grant_type', 'only authorization_code');
    const pending = codes.get(form.code ?? '');
    // A code works once, whatever the outcome.
    codes.delete(form.code ?? '');
    if (!pending || pending.expiresAt < nowSeconds() || pending.clientId !== client.id || pending.redirectUri !== form.redirect_uri) {
      return tokenError(reply, 400, 'invalid_grant', 'the authorization code is invalid or expired');
    }
    if (!form.code_verifier || s256(form.code_verifier) !== pending.challenge) {
      return tokenError(reply, 400, 'invalid_grant', 'PKCE verification failed');
    }
    const iat = nowSeconds() - (pending.quirk === 'expired' ? 2 * TOKEN_SECONDS : 0);
    const [given = pending.name, ...rest] = pending.name.split(' ');
    const idToken = await new SignJWT({
      nonce: pending.quirk === 'wrong_nonce' ? randomBytes(8).toString('hex') : pending.nonce,
      email: pending.email,
      email_verified: pending.quirk !== 'email_unverified',
      name: pending.name,
      given_name: given,
      family_name: rest.join(' '),
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(opts.issuer())
      .setAudience(pending.quirk === 'wrong_audience' ? 'another-client' : client.id)
      // The subject is stable per email, as a provider's user id is.
      .setSubject(createHash('sha256').update(`sub:${pending.email}`).digest('hex').slice(0, 24))
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKEN_SECONDS)
      .sign(privateKey);
    return reply.header('cache-control', 'no-store').send({
      access_token: randomBytes(24).toString('base64url'),
      token_type: 'Bearer',
      expires_in: TOKEN_SECONDS,
      scope: 'openid email profile',
      id_token: idToken,
    });
  });

  /** The TXT records of a name, as a DNS answer would give them (each record its strings). */
  app.get('/dns/:name', async (request) => ({ txt: txtRecords.get((request.params as { name: string }).name.toLowerCase()) ?? [] }));

  /** Publishes (replaces) a name's TXT records: what the business's DNS admin would do. */
  app.put('/dns/:name', machine, async (request, reply) => {
    const body = request.body as { txt?: unknown } | null;
    const txt = Array.isArray(body?.txt) ? body.txt.filter((v): v is string => typeof v === 'string').slice(0, 20) : null;
    if (!txt) return reply.code(422).send({ error: 'txt must be a list of strings' });
    txtRecords.set(
      (request.params as { name: string }).name.toLowerCase(),
      txt.map((v) => [v.slice(0, 255)]),
    );
    return reply.code(204).send();
  });
}

/** The simulator on a port of its own (tests): `url` is its root and its issuer. */
export async function startOidcSimulator(now: () => Date) {
  const app = Fastify({ logger: false });
  let issuer = '';
  await oidcSimulator(app, { now, issuer: () => issuer });
  issuer = (await app.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
  return { url: issuer, app, close: () => app.close() };
}
