import * as oidc from 'openid-client';

/** What the relying party needs of an account's provider. */
export interface ProviderSettings {
  issuer: string;
  clientId: string;
  /** None: a public client, which PKCE alone protects. */
  clientSecret: string | null;
}

export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The product's OpenID Connect relying party, on openid-client: discovery, the authorization URL
 * (code flow with PKCE S256, state and nonce) and the code exchange, whose ID token openid-client
 * checks (signature against the provider's JWKS, issuer, audience, expiry, nonce).
 *
 * `allowHttp` lets the local simulator be reached over plain HTTP outside production.
 */
export function oidcRelyingParty(opts: { allowHttp: boolean; now: () => Date; redirectUri: string }) {
  async function configure(p: ProviderSettings) {
    // openid-client reads the system clock; this offset makes it judge expiry by the app's clock
    // (the controllable one tests move), without which an expired token could not be tested.
    const skew = Math.round((opts.now().getTime() - Date.now()) / 1000);
    const metadata: Partial<oidc.ClientMetadata> = { [oidc.clockSkew]: skew };
    const execute = opts.allowHttp ? [oidc.allowInsecureRequests] : [];
    const found = await oidc.discovery(new URL(p.issuer), p.clientId, metadata, oidc.None(), { execute, timeout: 10 });
    if (!p.clientSecret) return found;
    // Client authentication as the provider offers it: HTTP Basic is the standard's default.
    const methods = found.serverMetadata().token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const auth = methods.includes('client_secret_basic') ? oidc.ClientSecretBasic(p.clientSecret) : oidc.ClientSecretPost(p.clientSecret);
    const config = new oidc.Configuration(found.serverMetadata(), p.clientId, { ...metadata, client_secret: p.clientSecret }, auth);
    if (opts.allowHttp) oidc.allowInsecureRequests(config);
    return config;
  }

  return {
    /** Reads the provider's configuration: an issuer that does not answer as one fails here. */
    discover: configure,

    /** A fresh state, nonce and PKCE verifier, and the provider's URL to send the browser to. */
    async authorizationUrl(p: ProviderSettings, loginHint: string) {
      const config = await configure(p);
      const checks: AuthorizationChecks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: opts.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        login_hint: loginHint,
      });
      return { url, checks };
    },

    /** The provider's answer at the callback, exchanged and checked: the ID token's claims. */
    async exchange(p: ProviderSettings, callbackUrl: URL, checks: AuthorizationChecks) {
      const config = await configure(p);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedNonce: checks.nonce,
        expectedState: checks.state,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider sent no ID token');
      return claims;
    },
  };
}
export type OidcRelyingParty = ReturnType<typeof oidcRelyingParty>;
