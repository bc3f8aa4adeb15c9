import type { SsoError, SsoLookupResponse } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { hashPassword } from '../../security/passwords';
import { randomToken, safeEqual, sha256 } from '../../security/tokens';
import { audit, userRecord } from '../audit/audit';
import { refuseSuspended } from '../auth/auth.service';
import { type UserRow, usersService } from '../users/users.service';
import type { OidcRelyingParty } from './sso.oidc';
import { emailDomain, knownRole } from './sso.presenter';
import { type ProviderRow, ssoRepository } from './sso.repository';
import { ssoSecrets } from './sso.secrets';

/** How long a sign-in sent to the provider may take to come back. */
export const SSO_SIGN_IN_MINUTES = 10;

/** A sign-in through the provider that ends on the login page, with the reason it words. */
export class SsoFailure extends Error {
  constructor(
    readonly reason: SsoError,
    /** What went wrong, for the log (never a token or a code). */
    readonly detail?: string,
  ) {
    super(reason);
  }
}

/** The query the provider sends the browser back with. */
export interface CallbackQuery {
  state?: string;
  code?: string;
  error?: string;
  iss?: string;
}

/**
 * Signing in through an account's provider: the login page's lookup, the start (state, nonce and
 * PKCE verifier kept for 10 minutes, the state hashed, the others sealed) and the callback, which
 * checks the provider's answer and finds, links or creates the user.
 */
export function ssoSignIn(ctx: AppContext, rp: OidcRelyingParty) {
  const repo = ssoRepository(ctx.db);
  const users = usersService(ctx.db);
  const secrets = ssoSecrets(ctx.appKey);

  /** The provider's settings with the client secret opened. */
  const settingsOf = (p: ProviderRow) => ({
    issuer: p.issuer,
    clientId: p.clientId,
    clientSecret: secrets.openOrNull(p.clientSecretSealed),
  });

  /** The user the provider's identity is in this account: linked before, or found by email, or new. */
  async function userFor(accountId: string, provider: ProviderRow, claims: Claims, ip: string, language: Language) {
    const linked = await repo.identityUser(provider.issuer, claims.sub);
    const existing = linked ? await users.findById(linked) : await users.findByEmail(claims.email);
    if (existing) {
      // An address of the domain that already belongs to another company's user stays theirs.
      if (existing.accountId !== accountId) throw new SsoFailure('other_account');
      if (!linked) {
        await ctx.db.transaction(async (tx) => {
          await ssoRepository(tx).linkIdentity(existing.id, provider.issuer, claims.sub, ctx.now());
          // The provider vouched for the address: it counts as verified.
          if (!existing.emailVerifiedAt) await usersService(tx).update(existing.id, { emailVerifiedAt: ctx.now() }, ctx.now());
          await record(tx, existing, ip, 'user.sso_linked', provider.issuer);
        });
      }
      return existing;
    }
    // A password nobody knows: the user signs in through the provider (or resets it, where passwords are allowed).
    const passwordHash = await hashPassword(randomToken());
    return ctx.db.transaction(async (tx) => {
      const user = await usersService(tx).create(
        {
          accountId,
          email: claims.email,
          firstName: claims.firstName,
          lastName: claims.lastName,
          passwordHash,
          roles: [],
          accountRole: knownRole(provider.defaultRole),
          emailVerifiedAt: ctx.now(),
        },
        { language },
      );
      await ssoRepository(tx).linkIdentity(user.id, provider.issuer, claims.sub, ctx.now());
      await record(tx, user, ip, 'user.sso_created', provider.issuer);
      return user;
    });
  }

  /** The user's own entry: who came in through which provider. */
  async function record(tx: Db, user: UserRow, ip: string, action: 'user.sso_created' | 'user.sso_linked', issuer: string) {
    await audit(
      tx,
      { id: user.id, email: user.email, ip },
      {
        action,
        ...userRecord(user),
        after: { issuer },
      },
      ctx.now(),
    );
  }

  return {
    async lookup(email: string, ip: string): Promise<SsoLookupResponse> {
      await ctx.throttle.enforce(`sso-lookup:${ip}`, 60, 60);
      const found = await repo.verifiedDomain(emailDomain(email));
      return { sso: Boolean(found), passwords_allowed: found?.provider.passwordsAllowed ?? true };
    },

    /**
     * Where to send the browser for `email`, and the state the browser must bring back (kept in a
     * cookie, so a callback link someone else started cannot sign this browser in). Null: the
     * email's domain has no verified single sign-on.
     */
    async start(email: string, remember: boolean, ip: string) {
      await ctx.throttle.enforce(`sso-start:${ip}`, 30, 60);
      const found = await repo.verifiedDomain(emailDomain(email));
      if (!found) return null;
      const { url, checks } = await rp.authorizationUrl(settingsOf(found.provider), email);
      await repo.startSignIn({
        stateHash: sha256(checks.state),
        accountId: found.provider.accountId,
        nonce: secrets.seal(checks.nonce),
        codeVerifierSealed: secrets.seal(checks.codeVerifier),
        remember,
        createdAt: ctx.now(),
      });
      return { url: url.toString(), state: checks.state };
    },

    /** The provider's answer: the user to sign in (and whether to remember them), or an SsoFailure. */
    async finish(query: CallbackQuery, browserState: string | undefined, callbackUrl: URL, ip: string, language: Language) {
      if (!query.state || !browserState || !safeEqual(query.state, browserState)) throw new SsoFailure('expired', 'state mismatch');
      const pending = await repo.takeSignIn(sha256(query.state));
      if (!pending) throw new SsoFailure('expired', 'unknown or used state');
      if (ctx.now().getTime() - pending.createdAt.getTime() > SSO_SIGN_IN_MINUTES * 60_000) throw new SsoFailure('expired', 'too late');
      if (query.error) throw new SsoFailure(query.error === 'access_denied' ? 'denied' : 'failed', `provider error ${query.error}`);
      const provider = await repo.provider(pending.accountId);
      if (!provider) throw new SsoFailure('failed', 'provider removed');
      const claims = await rp
        .exchange(settingsOf(provider), callbackUrl, {
          state: query.state,
          nonce: secrets.open(pending.nonce),
          codeVerifier: secrets.open(pending.codeVerifierSealed),
        })
        .then(readClaims)
        .catch((error: unknown) => {
          if (error instanceof SsoFailure) throw error;
          const e = error as { code?: string; message?: string };
          throw new SsoFailure('failed', `${e.code ?? 'error'}: ${e.message ?? ''}`.slice(0, 300));
        });
      if (!claims.emailVerified) throw new SsoFailure('email_unverified');
      const domain = await repo.verifiedDomain(emailDomain(claims.email));
      if (domain?.provider.accountId !== pending.accountId) throw new SsoFailure('unverified_domain', emailDomain(claims.email));
      const user = await userFor(pending.accountId, provider, claims, ip, language);
      await refuseSuspended(ctx, user).catch((error: unknown) => {
        throw new SsoFailure(error instanceof AppError && error.code === 'user_deactivated' ? 'deactivated' : 'suspended');
      });
      return { user, remember: pending.remember };
    },

    purgeStale: () => repo.purgeSignInsBefore(new Date(ctx.now().getTime() - SSO_SIGN_IN_MINUTES * 60_000)),
  };
}

/**
 * POST /login's rule for a user whose domain signs in through their account's provider with
 * passwords turned off: refused, pointing to single sign-on. Users of other accounts who happen
 * to have an address of the domain keep their passwords.
 */
export async function refusePasswordSignIn(db: Db, user: UserRow) {
  if (!user.accountId) return;
  const found = await ssoRepository(db).verifiedDomain(emailDomain(user.email));
  if (found && found.provider.accountId === user.accountId && !found.provider.passwordsAllowed) {
    throw AppError.field('email', 'validation.sso_password_not_allowed');
  }
}

interface Claims {
  sub: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** The ID token's claims the product uses; a token without an email cannot sign anyone in. */
function readClaims(claims: Record<string, unknown>): Claims {
  const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string).trim() : '');
  const email = text('email').toLowerCase();
  if (!email.includes('@') || !text('sub')) throw new SsoFailure('failed', 'no email or subject in the ID token');
  const [first = '', ...rest] = text('name').split(/\s+/);
  return {
    sub: text('sub'),
    email,
    emailVerified: claims.email_verified === true,
    firstName: (text('given_name') || first || email.split('@')[0] || '').slice(0, 100),
    lastName: (text('family_name') || rest.join(' ')).slice(0, 100),
  };
}
