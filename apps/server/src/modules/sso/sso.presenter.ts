import {
  SSO_DEFAULT_ROLES,
  SSO_TXT_PREFIX,
  SSO_TXT_VALUE_PREFIX,
  type SsoDefaultRole,
  type SsoDomain,
  type SsoSettings,
} from '@freight/contracts';
import type { DomainRow, ProviderRow } from './sso.repository';

/** The TXT record a domain publishes to prove the account owns it. */
export const txtRecordOf = (row: Pick<DomainRow, 'domain' | 'verificationToken'>) => ({
  name: `${SSO_TXT_PREFIX}.${row.domain}`,
  value: `${SSO_TXT_VALUE_PREFIX}${row.verificationToken}`,
});

export function presentDomain(row: DomainRow): SsoDomain {
  const txt = txtRecordOf(row);
  return { id: row.id, domain: row.domain, txt_name: txt.name, txt_value: txt.value, verified_at: row.verifiedAt?.toISOString() ?? null };
}

/** A stored role the contract no longer lists reads as the least powerful one that can ship. */
export const knownRole = (role: string): SsoDefaultRole =>
  (SSO_DEFAULT_ROLES as readonly string[]).includes(role) ? (role as SsoDefaultRole) : 'shipper';

export function presentSettings(provider: ProviderRow | undefined, domains: DomainRow[], redirectUri: string): SsoSettings {
  return {
    provider: provider
      ? {
          issuer: provider.issuer,
          client_id: provider.clientId,
          has_client_secret: Boolean(provider.clientSecretSealed),
          default_role: knownRole(provider.defaultRole),
          passwords_allowed: provider.passwordsAllowed,
        }
      : null,
    domains: domains.map(presentDomain),
    redirect_uri: redirectUri,
    default_roles: [...SSO_DEFAULT_ROLES],
  };
}

/** The domain of an email address, as SSO domains are kept: what follows the last @, lower case. */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
