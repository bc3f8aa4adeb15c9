import type { CustomerRole } from '@freight/domain';
import { z } from 'zod';
import { email } from './fields';

/**
 * Single sign-on: an account connected to its business's OpenID Connect provider, the email
 * domains it proved it owns (a DNS TXT record), and the login page's question "does this email
 * sign in through a provider?".
 */

/**
 * The team role of a user created by their first sign-in through the provider. Never account
 * admin: that power is given by an admin, not by whoever the provider vouches for.
 */
export const SSO_DEFAULT_ROLES = ['shipper', 'billing', 'viewer'] as const satisfies readonly CustomerRole[];
export type SsoDefaultRole = (typeof SSO_DEFAULT_ROLES)[number];

/** Where a domain publishes its token: a TXT record of this name under the domain. */
export const SSO_TXT_PREFIX = '_freight-portal';
/** The TXT record's value starts so; the token follows. */
export const SSO_TXT_VALUE_PREFIX = 'freight-portal-verification=';

/** Why a sign-in through the provider came back to the login page (`/login?sso_error=<reason>`). */
export const SSO_ERRORS = [
  'expired',
  'denied',
  'failed',
  'unverified_domain',
  'other_account',
  'email_unverified',
  'suspended',
  'deactivated',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

const DOMAIN = /^(?=.{4,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z]{2,63}$/;

/** PUT /api/account/sso/provider. An empty client secret keeps the one stored (or none: a public client). */
export const ssoProviderRequest = z.object({
  issuer: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(500, { error: 'validation.too_long' })
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { error: 'validation.sso_issuer' }),
  client_id: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(255, { error: 'validation.too_long' }),
  client_secret: z.string().max(500, { error: 'validation.too_long' }).optional().default(''),
  default_role: z.enum(SSO_DEFAULT_ROLES, { error: 'validation.choice' }),
  passwords_allowed: z.boolean({ error: 'validation.required' }),
});
export type SsoProviderRequest = z.output<typeof ssoProviderRequest>;
export type SsoProviderRequestInput = z.input<typeof ssoProviderRequest>;

/** POST /api/account/sso/domains: a bare domain, lower-cased ("example.com", not a URL or an address). */
export const ssoDomainRequest = z.object({
  domain: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(253, { error: 'validation.too_long' })
    .transform((v) => v.toLowerCase().replace(/\.$/, ''))
    .refine((v) => DOMAIN.test(v), { error: 'validation.sso_domain' }),
});
export type SsoDomainRequest = z.output<typeof ssoDomainRequest>;

/** POST /sso/lookup: the login page asks about the email typed. */
export const ssoLookupRequest = z.object({ email: email('validation.email_required') });

export interface SsoLookupResponse {
  /** The email's domain signs in through its account's provider. */
  sso: boolean;
  /** False: the domain's users may not use a password (only the provider). */
  passwords_allowed: boolean;
}

export interface SsoProvider {
  issuer: string;
  client_id: string;
  has_client_secret: boolean;
  default_role: SsoDefaultRole;
  passwords_allowed: boolean;
}

export interface SsoDomain {
  id: string;
  domain: string;
  /** The TXT record to publish: its name and its value. */
  txt_name: string;
  txt_value: string;
  verified_at: string | null;
}

/** GET /api/account/sso: the account admin's view. */
export interface SsoSettings {
  provider: SsoProvider | null;
  domains: SsoDomain[];
  /** What to register at the provider as the redirect (callback) URI. */
  redirect_uri: string;
  default_roles: SsoDefaultRole[];
}
