import type { SsoDomainRequest, SsoProviderRequest } from '@freight/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { randomToken } from '../../security/tokens';
import { type AuditActor, audit } from '../audit/audit';
import type { TxtResolver } from './sso.dns';
import type { OidcRelyingParty } from './sso.oidc';
import { emailDomain, presentDomain, presentSettings, txtRecordOf } from './sso.presenter';
import { ssoRepository } from './sso.repository';
import { ssoSecrets } from './sso.secrets';

/** The account whose single sign-on is changed, as the audit log names it. */
export interface SsoAccount {
  id: string;
  name: string;
}

/**
 * The account admin's single sign-on: the provider (checked by reading its discovery document
 * before it is saved), the email domains and their DNS proof. Every change is audited.
 */
export function ssoService(ctx: AppContext, rp: OidcRelyingParty, resolver: TxtResolver, redirectUri: string) {
  const repo = ssoRepository(ctx.db);
  const secrets = ssoSecrets(ctx.appKey);

  const providerAudit = (p: {
    issuer: string;
    clientId: string;
    clientSecretSealed: string | null;
    defaultRole: string;
    passwordsAllowed: boolean;
  }) => ({
    issuer: p.issuer,
    client_id: p.clientId,
    has_client_secret: Boolean(p.clientSecretSealed),
    default_role: p.defaultRole,
    passwords_allowed: p.passwordsAllowed,
  });

  return {
    async settings(accountId: string) {
      return presentSettings(await repo.provider(accountId), await repo.domains(accountId), redirectUri);
    },

    async saveProvider(account: SsoAccount, input: SsoProviderRequest, actor: AuditActor) {
      const before = await repo.provider(account.id);
      const issuer = input.issuer.replace(/\/$/, '');
      // An empty secret field keeps the stored secret: the form never shows it again.
      const clientSecretSealed = input.client_secret ? secrets.seal(input.client_secret) : (before?.clientSecretSealed ?? null);
      try {
        await rp.discover({ issuer, clientId: input.client_id, clientSecret: secrets.openOrNull(clientSecretSealed) });
      } catch {
        throw AppError.field('issuer', 'validation.sso_issuer_unreachable');
      }
      const values = {
        accountId: account.id,
        issuer,
        clientId: input.client_id,
        clientSecretSealed,
        defaultRole: input.default_role,
        passwordsAllowed: input.passwords_allowed,
        updatedAt: ctx.now(),
      };
      await ctx.db.transaction(async (tx) => {
        await ssoRepository(tx).saveProvider(values);
        await audit(
          tx,
          actor,
          {
            action: 'account.sso_provider_saved',
            entityType: 'account',
            entityId: account.id,
            targetLabel: account.name,
            accountId: account.id,
            before: before ? providerAudit(before) : null,
            after: providerAudit(values),
          },
          ctx.now(),
        );
      });
      return this.settings(account.id);
    },

    async removeProvider(account: SsoAccount, actor: AuditActor) {
      await ctx.db.transaction(async (tx) => {
        const gone = await ssoRepository(tx).removeProvider(account.id);
        if (!gone) throw AppError.notFound();
        await audit(
          tx,
          actor,
          {
            action: 'account.sso_provider_removed',
            entityType: 'account',
            entityId: account.id,
            targetLabel: account.name,
            accountId: account.id,
            before: providerAudit(gone),
          },
          ctx.now(),
        );
      });
    },

    async addDomain(account: SsoAccount, input: SsoDomainRequest, actor: AuditActor) {
      const row = await ctx.db
        .transaction(async (tx) => {
          const added = await ssoRepository(tx).addDomain({
            accountId: account.id,
            domain: input.domain,
            verificationToken: randomToken(24),
            createdAt: ctx.now(),
          });
          await audit(tx, actor, domainEntry('account.sso_domain_added', added, account), ctx.now());
          return added;
        })
        .catch((error: unknown) => {
          // One account per domain, whichever claimed it first (this one or another).
          if (isUniqueViolation(error)) throw AppError.field('domain', 'validation.sso_domain_taken');
          throw error;
        });
      return presentDomain(row);
    },

    async removeDomain(account: SsoAccount, id: string, actor: AuditActor) {
      const row = await repo.domain(account.id, id);
      if (!row) throw AppError.notFound();
      await ctx.db.transaction(async (tx) => {
        await ssoRepository(tx).removeDomain(account.id, id);
        await audit(tx, actor, domainEntry('account.sso_domain_removed', row, account), ctx.now());
      });
    },

    /** Looks for the domain's TXT record; found, the domain is verified (and stays so). */
    async verifyDomain(account: SsoAccount, id: string, actor: AuditActor) {
      await ctx.throttle.enforce(`sso-verify:${account.id}`, 30, 60);
      const row = await repo.domain(account.id, id);
      if (!row) throw AppError.notFound();
      if (row.verifiedAt) return presentDomain(row);
      const txt = txtRecordOf(row);
      const records = await resolver.resolveTxt(txt.name).catch(() => {
        throw AppError.field('domain', 'validation.sso_dns_failed');
      });
      // A long TXT record arrives as several strings: joined, they are the value.
      if (!records.some((parts) => parts.join('') === txt.value)) throw AppError.field('domain', 'validation.sso_txt_missing');
      const at = ctx.now();
      await ctx.db.transaction(async (tx) => {
        await ssoRepository(tx).markVerified(row.id, at);
        await audit(tx, actor, domainEntry('account.sso_domain_verified', row, account), at);
      });
      return presentDomain({ ...row, verifiedAt: at });
    },
  };
}

type DomainAction = 'account.sso_domain_added' | 'account.sso_domain_removed' | 'account.sso_domain_verified';

function domainEntry(action: DomainAction, row: { id: string; domain: string }, account: SsoAccount) {
  return {
    action,
    entityType: 'sso_domain',
    entityId: row.id,
    targetLabel: `${row.domain} (${account.name})`,
    accountId: account.id,
    after: { domain: row.domain },
  };
}

/**
 * Whether the user signs in through their account's provider only: their email's domain is a
 * verified domain of their own account, whose provider turned passwords off. Such a user has no
 * password to sign in with, reset or confirm. Users of other accounts with an address of the domain
 * keep their passwords.
 */
export async function passwordsTurnedOff(db: Db, user: { accountId: string | null; email: string }) {
  if (!user.accountId) return false;
  const found = await ssoRepository(db).verifiedDomain(emailDomain(user.email));
  return Boolean(found && found.provider.accountId === user.accountId && !found.provider.passwordsAllowed);
}
