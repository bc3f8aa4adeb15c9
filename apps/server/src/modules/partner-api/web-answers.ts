import { carrierOption, quoteView, staffQuoteDetail, webhookDeliveryView, webhookView } from '@freight/contracts';
import { type Answer, created, csv, deleted, file, list, pdf, record } from './openapi-answers';
import { ACCOUNT_SETTINGS_ANSWERS } from './web-answers-account-settings';
import { ACCOUNT_CREDIT_ANSWERS } from './web-answers-accounts-credit';
import { ALERT_ANSWERS } from './web-answers-alerts';
import { AUTH_ANSWERS } from './web-answers-auth';
import { CARRIER_MONEY_CUSTOMS_ANSWERS } from './web-answers-carrier-money-customs';
import { CARRIER_SETUP_ANSWERS } from './web-answers-carrier-setup';
import { CLAIMS_ALIASES_VIEWS_ANSWERS } from './web-answers-claims-aliases-views';
import { EBAY_PAYMENT_ANSWERS } from './web-answers-ebay-payments';
import { INTEGRATION_ANSWERS } from './web-answers-integrations';
import { PUBLIC_ANALYTICS_ANSWERS } from './web-answers-public-analytics';
import { SHIPMENT_ANSWERS } from './web-answers-shipments';
import { SHIPPER_TEAM_ANSWERS } from './web-answers-shipper-teams';
import { SUPPORT_ANSWERS } from './web-answers-support';

/**
 * What the portal's own routes (those the partner API does not share) answer on success: a JSON
 * answer with its zod schema from the contracts, a file by its type, a deletion. The API tests hold
 * every answer to what its route says here (answer-checks.ts), as they hold the partner API's.
 * Every route says (answer-schemas.test.ts): a new route comes with what it answers.
 */

/** A partner's webhook subscriptions, which staff keep as an account's admin keeps the account's. */
const PARTNER_WEBHOOKS = '/api/admin/integration-partners/:id/webhooks';

const JSON_ANSWERS: Record<string, Answer> = {
  'POST /api/quotes/:id/save': record('The quote, kept in Saved Quotes.', quoteView),
  'DELETE /api/quotes/:id/save': record('The quote, no longer kept in Saved Quotes.', quoteView),
  'POST /api/quotes/:id/rerun': created("A new quote of the same request, rated at today's rates.", quoteView),
  'GET /api/admin/quotes/:id': record(
    "A stored quote as staff read it: each rate's price, and its cost and margin for staff who may see them.",
    staffQuoteDetail,
  ),
  'GET /api/admin/shipments/carriers': list('Every carrier, by name: the carrier filter of Admin Shipments.', carrierOption),
  'POST /api/webhooks/:id/rotate-secret': record('The subscription with its new signing secret, shown in this answer only.', webhookView),
  [`GET ${PARTNER_WEBHOOKS}`]: list("The partner's subscriptions.", webhookView),
  [`POST ${PARTNER_WEBHOOKS}`]: created('The new subscription. Its signing `secret` is in this answer only.', webhookView),
  [`PUT ${PARTNER_WEBHOOKS}/:webhookId`]: record('The changed subscription.', webhookView),
  [`POST ${PARTNER_WEBHOOKS}/:webhookId/rotate-secret`]: record(
    'The subscription with its new signing secret, shown in this answer only.',
    webhookView,
  ),
  [`GET ${PARTNER_WEBHOOKS}/:webhookId/deliveries`]: list('The newest 100 deliveries.', webhookDeliveryView),
  [`POST ${PARTNER_WEBHOOKS}/:webhookId/deliveries/:delivery/replay`]: created(
    'The new delivery, carrying the same event id.',
    webhookDeliveryView,
  ),
};

/** Files: templates to fill in, lists written out, documents. */
const FILE_ANSWERS: Record<string, Answer> = {
  ...Object.fromEntries(
    [
      '/api/addresses/export.csv',
      '/api/addresses/template.csv',
      '/api/products/export.csv',
      '/api/products/template.csv',
      '/api/batches/template.csv',
      '/api/batches/:id/manifest.csv',
      '/api/team/activity/export.csv',
      '/api/admin/carrier-invoices/template.csv',
      '/api/admin/carrier-payables/batches/:id/payables.csv',
      '/api/admin/diesel-prices/export.csv',
      '/api/admin/margin.csv',
      '/api/admin/part-catalog/export.csv',
      '/api/admin/part-catalog/template.csv',
    ].map((path) => [`GET ${path}`, csv('The file.')]),
  ),
  ...Object.fromEntries(
    [
      '/api/batches/:id/documents.pdf',
      '/api/batches/:id/manifest.pdf',
      '/api/claims/:id/packet.pdf',
      '/api/admin/claims/:id/packet.pdf',
      '/api/shipments/:id/proof-of-delivery/pdf',
      '/api/admin/shipments/:id/proof-of-delivery/pdf',
    ].map((path) => [`GET ${path}`, pdf]),
  ),
};

/** The lists written out whole, as CSV or as an Excel workbook (`format`; exports/export.ts). */
const EXPORTS: Record<string, Answer> = Object.fromEntries(
  [
    '/api/quotes/export',
    '/api/shipments/export',
    '/api/invoices/export',
    '/api/invoices/history/export',
    '/api/analytics/export',
    '/api/analytics/shipments/export',
    '/api/admin/accounts/export',
    '/api/admin/audit/export',
    '/api/admin/disputes/export',
    '/api/admin/incidents/export',
    '/api/admin/shipments/export',
    '/api/admin/support/conversations/export',
  ].map((path) => [
    `GET ${path}`,
    file('The list as a file.', ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']),
  ]),
);

/** Deletions, each answered 204 with no body. */
const DELETIONS: Record<string, Answer> = Object.fromEntries(
  [
    '/api/addresses/:id',
    '/api/products/:id',
    '/api/automation-rules/:id',
    '/api/payment-methods/:id',
    '/api/ebay/stores/:id',
    '/api/team/invitations/:id',
    '/api/user/sessions/:id',
    '/api/account/sso/provider',
    '/api/account/sso/domains/:id',
    '/api/admin/part-catalog/:id',
    '/api/admin/scac-aliases/:id',
    '/api/admin/support/canned-answers/:id',
    `${PARTNER_WEBHOOKS}/:webhookId`,
    '/user/passkeys/:id',
    '/user/two-factor-authentication',
  ].map((path) => [`DELETE ${path}`, deleted]),
);

/** Every portal route's answer: those above and each area's (web-answers-<area>.ts). */
export const WEB_ANSWERS: Record<string, Answer> = {
  ...JSON_ANSWERS,
  ...FILE_ANSWERS,
  ...EXPORTS,
  ...DELETIONS,
  ...SHIPPER_TEAM_ANSWERS,
  ...CLAIMS_ALIASES_VIEWS_ANSWERS,
  ...ALERT_ANSWERS,
  ...ACCOUNT_CREDIT_ANSWERS,
  ...CARRIER_MONEY_CUSTOMS_ANSWERS,
  ...INTEGRATION_ANSWERS,
  ...AUTH_ANSWERS,
  ...ACCOUNT_SETTINGS_ANSWERS,
  ...PUBLIC_ANALYTICS_ANSWERS,
  ...SHIPMENT_ANSWERS,
  ...SUPPORT_ANSWERS,
  ...CARRIER_SETUP_ANSWERS,
  ...EBAY_PAYMENT_ANSWERS,
};
