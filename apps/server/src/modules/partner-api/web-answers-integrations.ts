import {
  apiCallView,
  credentialView,
  incidentDetail,
  incidentRow,
  integrationView,
  issuedCredential,
  openApiDocument,
  partnerListItem,
  partnerView,
  stripeEventReceipt,
  tokenAnswer,
} from '@freight/contracts';
import { type Answer, body, created, file, list, page, record } from './openapi-answers';

const PARTNER = '/api/admin/integration-partners/:id';

/**
 * What the routes of integration partners, OAuth clients, API credentials, outside services' webhooks, the API documentation and staff's API incidents answer on success (web-answers.ts explains the checks).
 * The reference page and Twilio's webhook are no JSON: they are checked by their type.
 */
export const INTEGRATION_ANSWERS: Record<string, Answer> = {
  'GET /api/admin/oauth-clients': list('Every API credential, of partners and of accounts, never their secrets.', credentialView),
  'POST /api/admin/oauth-clients': created('The new credential and its secret, shown this once.', issuedCredential),
  'POST /api/admin/oauth-clients/:id/rotate': record('The credential and its new secret, shown this once.', issuedCredential),
  'POST /api/admin/oauth-clients/:id/revoke': record('The credential, revoked.', credentialView),
  'GET /api/admin/oauth-clients/:id/calls': list("The credential's latest 100 logged calls, newest first.", apiCallView),
  'POST /oauth/token': body('A bearer token with the scopes granted, never cached (RFC 6749 section 5.1).', tokenAnswer),
  'GET /api/admin/integration-partners': list('Every partner, by name, with its accounts, credentials and today’s calls.', partnerListItem),
  'POST /api/admin/integration-partners': created('The new partner.', partnerView),
  [`GET ${PARTNER}`]: record('The partner with its contacts, accounts, credentials and the last 14 days of its calls.', partnerView),
  [`PUT ${PARTNER}`]: record('The changed partner.', partnerView),
  [`GET ${PARTNER}/calls`]: list("The partner's latest 100 logged calls, newest first.", apiCallView),
  [`POST ${PARTNER}/accounts`]: created('The partner with the account it may now act for.', partnerView),
  [`DELETE ${PARTNER}/accounts/:accountId`]: record('The partner without the account it no longer acts for.', partnerView),
  'GET /api/admin/integrations': list(
    'Every connection of the kind and search asked (partner grants, credentials, webhooks, eBay stores), with its health over the last 7 days.',
    integrationView,
  ),
  'PUT /api/admin/integrations/:kind/:id': record('The connection, switched on or off, with its health.', integrationView),
  'GET /api/admin/incidents': page('The incident groups by the filters asked, last seen first.', incidentRow),
  'GET /api/admin/incidents/:id': record('The incident group with its latest request and answer, redacted.', incidentDetail),
  'PUT /api/admin/incidents/:id/state': record('The incident group, resolved or reopened.', incidentDetail),
  'GET /api/docs': file("The API's reference page, made from its OpenAPI document.", ['text/html']),
  'GET /api/docs/openapi.json': body("The public API's OpenAPI 3.1 document.", openApiDocument),
  'POST /api/webhooks/stripe': body("Stripe's event, acknowledged (and skipped when it was handled before).", stripeEventReceipt),
  'POST /api/webhooks/twilio/sms': file("An empty TwiML answer: the opt-out's confirmation text is Twilio's own.", ['text/xml']),
};
