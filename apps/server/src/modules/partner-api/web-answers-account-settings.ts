import {
  accountPartnersView,
  analyticsAccessView,
  credentialView,
  currentUserView,
  invitationPreview,
  issuedCredential,
  smsSettingView,
  ssoDomainView,
  ssoSettingsView,
  staffUserView,
  twoFactorRuleView,
  usmcaCertificationView,
} from '@freight/contracts';
import { type Answer, created, empty, list, record } from './openapi-answers';

const partners = (description: string) => record(description, accountPartnersView);

/** What the routes of the user's settings, the account's settings (addresses, single sign-on, the second-factor rule, analytics access, USMCA), invitations, and staff's roles and users answer on success (web-answers.ts explains the checks). */
export const ACCOUNT_SETTINGS_ANSWERS: Record<string, Answer> = {
  'PUT /api/settings': record('The signed-in user with their new preferences.', currentUserView),
  'GET /api/settings/sms': record("The user's mobile number for text alerts, as kept and as shown.", smsSettingView),
  'PUT /api/settings/sms': record('The new mobile number, as kept and as shown.', smsSettingView),
  'PUT /api/account/address': record("The signed-in user with the account's new address.", currentUserView),
  'PUT /api/account/billing-address': record("The signed-in user with the account's new billing address.", currentUserView),
  'GET /api/account/sso': record(
    "The account's single sign-on: its provider, its domains and what to register at the provider.",
    ssoSettingsView,
  ),
  'PUT /api/account/sso/provider': record("The account's single sign-on with the provider saved.", ssoSettingsView),
  'POST /api/account/sso/domains': created('The new domain, with the TXT record that proves it.', ssoDomainView),
  'POST /api/account/sso/domains/:id/verify': record('The domain, verified.', ssoDomainView),
  'GET /api/account/two-factor-rule': record('Whether every user of the account must hold a second factor.', twoFactorRuleView),
  'PUT /api/account/two-factor-rule': record('The rule as set.', twoFactorRuleView),
  'GET /api/account/analytics-access': record("Whether the account's viewers see its analytics.", analyticsAccessView),
  'PUT /api/account/analytics-access': record('The access as set.', analyticsAccessView),
  'GET /api/account/usmca-certification': record(
    "The account's USMCA certification of origin; null before anyone set it.",
    usmcaCertificationView.nullable(),
  ),
  'PUT /api/account/usmca-certification': record('The certification as saved.', usmcaCertificationView),
  'GET /api/settings/api-credentials': list("The account's own API credentials, never their secrets.", credentialView),
  'POST /api/settings/api-credentials': created('The new credential and its secret, shown this once.', issuedCredential),
  'POST /api/settings/api-credentials/:id/rotate': record('The credential and its new secret, shown this once.', issuedCredential),
  'POST /api/settings/api-credentials/:id/revoke': record('The credential, revoked.', credentialView),
  'GET /api/settings/partners': partners('The partners acting for the account, and the ones it may let in.'),
  'POST /api/settings/partners/:id': partners('The partners after letting this one in.'),
  'DELETE /api/settings/partners/:id': partners('The partners after withdrawing this one.'),
  // The invitee has no session yet: the link's token is the proof.
  'GET /api/invitation/:token': record('What the invitee is asked to accept: the account, the role and the expiry.', invitationPreview),
  'POST /api/invitation/:token/accept': empty('The user is made and signed in (the session cookie is set).'),
  'GET /api/admin/roles': list('The users in Role Management matching the search, by email (200 at most).', staffUserView),
  'PUT /api/admin/roles/users/:id': record('The user with their new roles.', staffUserView),
  'POST /api/admin/roles/invitations': created('The invited staff user, mailed a link to set their password.', staffUserView),
  'POST /api/admin/roles/users/:id/two-factor-reset': empty("The user's second factor is removed; they are mailed the reason."),
};
