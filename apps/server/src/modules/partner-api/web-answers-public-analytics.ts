import {
  analyticsReport,
  batchView,
  consigneeAlertLinkResult,
  consigneeAlertSubscribed,
  csvImportReport,
  healthView,
  postalPlace,
  publicQuoteView,
  publicTrackingView,
  readinessView,
  reportMailSettingView,
  salesRequestView,
  shipmentListItem,
  truckloadConfirmationView,
} from '@freight/contracts';
import { type Answer, accepted, body, created, file, page, record } from './openapi-answers';

/** What the routes of analytics, the public pages (tracking, quotes, alert subscriptions, postal codes, truckload confirmations), the CSV imports' reports, eBay batches, a quote's sales request, and the health checks answer on success (web-answers.ts explains the checks). */
export const PUBLIC_ANALYTICS_ANSWERS: Record<string, Answer> = {
  'GET /api/analytics': record(
    "The account's figures for the period and filters asked: totals, the trend, by mode, carrier and lane, accessorials, and what the filters offer.",
    analyticsReport,
  ),
  'GET /api/public/tracking/:number': record(
    'What anyone holding the number may see of the shipment: no prices, contacts or streets.',
    publicTrackingView,
  ),
  'GET /api/public/truckload-confirmations/:token': record(
    'The truckload confirmation for whoever holds the signed link: the load, its dates and places; no prices.',
    truckloadConfirmationView,
  ),
  'POST /api/public/quotes': record("A visitor's rates for the shipment asked, in US dollars; nothing is kept.", publicQuoteView),
  'GET /api/analytics/shipments': page(
    'The shipments behind an Analytics figure, newest first unless `sort` and `dir` say otherwise.',
    shipmentListItem,
  ),
  'GET /api/analytics/report-mail': record('How often the caller gets the Analytics report by mail.', reportMailSettingView),
  'PUT /api/analytics/report-mail': record('The new choice of the Analytics report by mail.', reportMailSettingView),
  'POST /api/public/analytics-report/unsubscribe': record(
    'The report by mail, now off for the user the link was for.',
    reportMailSettingView,
  ),
  'GET /api/postal-codes/:country/:postal_code': record(
    'The city and state (and, in Mexico, the municipio) of the postal code.',
    postalPlace,
  ),
  'GET /api/public/postal-codes/:country/:postal_code': record(
    'The city and state (and, in Mexico, the municipio) of the postal code.',
    postalPlace,
  ),
  'POST /api/public/tracking/:number/alert-subscriptions': accepted(
    'Pending, whether or not the address was subscribed: a confirmation link is mailed if it may be.',
    consigneeAlertSubscribed,
  ),
  'POST /api/public/alert-subscriptions/confirm': record(
    'Whether the subscription is now confirmed or its link expired, and the shipment number it is for.',
    consigneeAlertLinkResult,
  ),
  'POST /api/public/alert-subscriptions/unsubscribe': record(
    'The subscription, ended, and the shipment number it was for.',
    consigneeAlertLinkResult,
  ),
  'POST /api/quotes/:id/sales-request': created('The request sent to the sales desk.', salesRequestView),
  'POST /api/batches/ebay': created(
    'The new batch of the chosen eBay orders, each row with its problems; nothing is rated or booked yet.',
    batchView,
  ),
  // The CSV imports answer the bare report, outside the `data` envelope.
  'POST /api/addresses/import': body(
    'What the file held: its rows, those refused and why, the likely duplicates, and how many were written (none on a dry run).',
    csvImportReport,
  ),
  'POST /api/products/import': body(
    'What the file held: its rows, those refused and why, the likely duplicates, and how many were written (none on a dry run).',
    csvImportReport,
  ),
  'POST /api/admin/diesel-prices/import': body(
    'What the file held: its weeks, those refused and why, and how many were written (none on a dry run).',
    csvImportReport,
  ),
  'GET /healthz': body('The process answers.', healthView),
  'GET /readyz': body(
    'Whether the process should be sent requests: 200 and `ok` when every check holds, else 503 and `unavailable` with the checks that failed.',
    readinessView,
    [200, 503],
  ),
  'GET /metrics': file("The process's metrics in Prometheus' text format.", ['text/plain']),
};
