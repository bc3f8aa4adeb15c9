import {
  carrierComparison,
  carrierInvoiceImportReport,
  carrierInvoiceListResponse,
  carrierInvoiceView,
  carrierScorecard,
  csvImportReport,
  customsQueueItem,
  customsQueueResponse,
  dutyEstimateView,
  equipmentOption,
  equipmentTypeView,
  hsSuggestion,
  partSuggestion,
  partView,
  payablesBatchView,
  payablesPaidView,
  payablesView,
} from '@freight/contracts';
import { type Answer, body, created, list, page, record } from './openapi-answers';

/** Each staff step on a carrier invoice answers the invoice as staff read it after the step. */
const INVOICE = '/api/admin/carrier-invoices/:id';
const EQUIPMENT = '/api/admin/truckloads/equipment-types';

/** What the routes of carriers' invoices, payables and scorecards, customs (staff's queue and the shipper's estimates), the part catalog and truckload equipment types answer on success (web-answers.ts explains the checks). */
export const CARRIER_MONEY_CUSTOMS_ANSWERS: Record<string, Answer> = {
  'GET /api/admin/carrier-invoices': body(
    'A page of the carrier invoices queue, by the filters and order asked, with the count of each tab beside it.',
    carrierInvoiceListResponse,
  ),
  [`GET ${INVOICE}`]: record(
    'The invoice as staff work it: its lines, audit, decision, re-bill, payment and dispute thread.',
    carrierInvoiceView,
  ),
  [`POST ${INVOICE}/match`]: record('The invoice matched to the shipment and audited.', carrierInvoiceView),
  [`POST ${INVOICE}/approve`]: record(
    'The approved invoice, with the re-bill of the shipper if the approval made one.',
    carrierInvoiceView,
  ),
  [`POST ${INVOICE}/short-pay`]: record('The short-paid invoice.', carrierInvoiceView),
  [`POST ${INVOICE}/dispute`]: record('The disputed invoice, with the message sent to the carrier.', carrierInvoiceView),
  [`POST ${INVOICE}/resolve`]: record('The invoice with its dispute resolved.', carrierInvoiceView),
  [`POST ${INVOICE}/messages`]: record('The invoice with the new message in its thread.', carrierInvoiceView),
  'POST /api/admin/carrier-invoices/import': body(
    'What the file held: each invoice stored and its status, the rows refused and why, and the invoices left out whole because one of their rows was refused.',
    carrierInvoiceImportReport,
  ),
  'GET /api/admin/carrier-payables': record('What is payable and not exported yet, and the batches so far.', payablesView),
  'POST /api/admin/carrier-payables/batches': created('The new batch, its invoices by carrier.', payablesBatchView),
  'GET /api/admin/carrier-payables/batches/:id': record('The batch, its invoices by carrier.', payablesBatchView),
  'POST /api/admin/carrier-payables/paid': record('How many invoices were marked paid.', payablesPaidView),
  'GET /api/admin/carrier-scorecards': record("Every carrier's figures side by side over the months asked.", carrierComparison),
  'GET /api/admin/carrier-scorecards/:id': record("The carrier's last twelve months, month by month, and their sum.", carrierScorecard),
  'GET /api/admin/customs': body(
    'A page of the shipments across a border still on their way, the longest waiting first, with how many each stage has whatever the filter.',
    customsQueueResponse,
  ),
  'PUT /api/admin/customs/:id/entry': record('The shipment in the queue with its customs reference recorded.', customsQueueItem),
  'POST /api/admin/customs/:id/correction': record('The shipment in the queue after the corrected document was sent.', customsQueueItem),
  'POST /api/customs/duty-estimate': record('The duties and taxes estimate of the declaration, and who pays them.', dutyEstimateView),
  'POST /api/customs/hs-suggestions': list(
    'The HS code the catalogs give each description, in the order sent: null for one neither catalog knows.',
    hsSuggestion.nullable(),
  ),
  'GET /api/admin/part-catalog': page('The part catalog, by the filters and order asked.', partView),
  'POST /api/admin/part-catalog': created('The new part.', partView),
  'GET /api/admin/part-catalog/:id': record('The part as staff edit it.', partView),
  'PUT /api/admin/part-catalog/:id': record('The changed part.', partView),
  'POST /api/admin/part-catalog/import': body(
    'What the file held: its rows, those refused and why, the likely duplicates, and how many were written (none on a dry run).',
    csvImportReport,
  ),
  'GET /api/part-catalog/suggestions': list("Up to 8 parts for the typed description, in the reader's language.", partSuggestion),
  [`GET ${EQUIPMENT}`]: list('Every equipment type, retired ones too, in their sort order.', equipmentTypeView),
  [`POST ${EQUIPMENT}`]: created('The new equipment type.', equipmentTypeView),
  [`PUT ${EQUIPMENT}/:id`]: record('The changed equipment type.', equipmentTypeView),
  [`POST ${EQUIPMENT}/:id/retire`]: record('The retired equipment type.', equipmentTypeView),
  [`POST ${EQUIPMENT}/:id/restore`]: record('The restored equipment type.', equipmentTypeView),
  'GET /api/equipment-types': list(
    "The active equipment types the truckload form offers, named in the reader's language.",
    equipmentOption,
  ),
};
