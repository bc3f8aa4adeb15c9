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

/** POST /sso/lookup (`data`): whether the email signs in through its account's provider. */
export const ssoLookupResponse = z.strictObject({
  sso: z.boolean().meta({ description: "The email's domain signs in through its account's provider" }),
  passwords_allowed: z.boolean().meta({ description: "False: the domain's users may not use a password (only the provider)" }),
});
export type SsoLookupResponse = z.output<typeof ssoLookupResponse>;

/** The account's OpenID Connect provider: never its client secret, only whether one is kept. */
export const ssoProviderView = z.strictObject({
  issuer: z.string(),
  client_id: z.string(),
  has_client_secret: z.boolean(),
  default_role: z.enum(SSO_DEFAULT_ROLES).meta({ description: 'The team role of a user made by their first sign-in' }),
  passwords_allowed: z.boolean().meta({ description: "The domains' users may still sign in with a password" }),
});
export type SsoProvider = z.output<typeof ssoProviderView>;

/** An email domain of the account and the DNS TXT record that proves it owns it. */
export const ssoDomainView = z.strictObject({
  id: z.uuid(),
  domain: z.string(),
  txt_name: z.string().meta({ description: "The TXT record to publish: its name ('_freight-portal.example.com')" }),
  txt_value: z.string().meta({ description: 'and its value' }),
  verified_at: z.iso.datetime().nullable().meta({ description: 'When the record was found; null until then' }),
});
export type SsoDomain = z.output<typeof ssoDomainView>;

/** GET /api/account/sso: the account admin's view. */
export const ssoSettingsView = z.strictObject({
  provider: ssoProviderView.nullable(),
  domains: z.array(ssoDomainView),
  redirect_uri: z.string().meta({ description: 'What to register at the provider as the redirect (callback) URI' }),
  default_roles: z.array(z.enum(SSO_DEFAULT_ROLES)).meta({ description: 'The roles a provider may give new users' }),
});
export type SsoSettings = z.output<typeof ssoSettingsView>;
