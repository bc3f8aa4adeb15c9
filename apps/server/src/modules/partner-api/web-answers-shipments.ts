import {
  bookingPaymentMethodsView,
  carrierInvoiceSummaryView,
  cartaPorteVersionView,
  claimView,
  customsEntryView,
  eventClockView,
  POD_DOCUMENT_TYPES,
  proofOfDeliveryView,
  quoteView,
  shipmentView,
  shipmentWatchersView,
  staffShipmentDetail,
  staffShipmentRow,
  watcherColleague,
} from '@freight/contracts';
import { type Answer, created, file, list, page, record } from './openapi-answers';

/** Each change to a shipment's watchers answers them as they now are. */
const watchers = (description: string) => record(description, shipmentWatchersView);

/** The carrier's own scanned delivery receipt, as it sent it. */
const podDocument = file("The carrier's scanned delivery receipt, as it sent it (404 without one).", [...POD_DOCUMENT_TYPES]);

/** Each staff step on a shipment answers the shipment as staff read it after the step. */
const STAFF_SHIPMENT = '/api/admin/shipments/:id';

/** What the routes of shipments: the shipper's Shipment History and a shipment's page, and staff's Admin Shipments answer on success (web-answers.ts explains the checks). */
export const SHIPMENT_ANSWERS: Record<string, Answer> = {
  'GET /api/shipments/:id/watchers': watchers("The shipment's watchers, and whether the caller watches it or booked it."),
  'PUT /api/shipments/:id/watchers/me': watchers('The watchers, the caller among them.'),
  'DELETE /api/shipments/:id/watchers/me': watchers('The watchers, the caller no longer among them.'),
  'POST /api/shipments/:id/watchers': watchers('The watchers, the colleague among them.'),
  'DELETE /api/shipments/:id/watchers/:user_id': watchers('The watchers, the colleague no longer among them.'),
  'GET /api/shipments/:id/watchers/colleagues': list(
    "The account's active colleagues who may still be added, by name (not the booker, not watching yet).",
    watcherColleague,
  ),
  'GET /api/shipments/:id/carta-porte-versions': list(
    "The Carta Porte's stamped versions, newest first; [] while none is stamped.",
    cartaPorteVersionView,
  ),
  'GET /api/shipments/:id/proof-of-delivery/document': podDocument,
  'POST /api/shipments/:id/claims': created('The new claim, with its lines and clocks.', claimView),
  'GET /api/shipments/payment-methods': record(
    "What Pay Now offers: the processor for a new card (null when none is set up) and the account's saved cards, the default first.",
    bookingPaymentMethodsView,
  ),
  'POST /api/shipments/:id/payment': record(
    'The shipment with its booking paid: the card authorized. A card its issuer challenges answers 402 `payment_requires_action` instead.',
    shipmentView,
  ),
  'POST /api/shipments/:id/payment/confirm': record(
    'The shipment after the card issuer\u2019s challenge, as the processor says it ended.',
    shipmentView,
  ),
  'POST /api/shipments/:id/payment/extend': record('The shipment with its payment due later, once.', shipmentView),
  'POST /api/shipments/:id/reship': created(
    "A new quote prefilled from the shipment (its ends swapped for a return), at today's rates.",
    quoteView,
  ),
  'PUT /api/shipments/:id/customs-entry': record("The customs reference as recorded, in the entered country's form.", customsEntryView),
  'GET /api/admin/shipments': page(
    "Every account's shipments by the filters asked, newest bookings first unless a pickup window or `sort` says otherwise; each row with its account, and its cost and margin where the viewer may see them.",
    staffShipmentRow,
  ),
  [`GET ${STAFF_SHIPMENT}`]: record(
    'The shipment as staff read it: its account, booker, quote, raw events, estimated delivery, notes and audit trail, and its margin for staff who may see it.',
    staffShipmentDetail,
  ),
  [`GET ${STAFF_SHIPMENT}/event-clock`]: record(
    "The time zone of the event's place (its state) and the time it is there now.",
    eventClockView,
  ),
  [`POST ${STAFF_SHIPMENT}/events`]: created('The shipment with the event recorded and its status worked out again.', staffShipmentDetail),
  [`POST ${STAFF_SHIPMENT}/action-required`]: record("The shipment with 'Action Required' set or cleared.", staffShipmentDetail),
  [`POST ${STAFF_SHIPMENT}/eta`]: record('The shipment with its estimated delivery as staff set it.', staffShipmentDetail),
  [`POST ${STAFF_SHIPMENT}/cancel`]: record('The shipment, canceled on the shipper\u2019s behalf.', staffShipmentDetail),
  [`POST ${STAFF_SHIPMENT}/notes`]: created('The shipment with the new note first among its notes.', staffShipmentDetail),
  [`GET ${STAFF_SHIPMENT}/carrier-invoices`]: list(
    "The carriers' invoices matched to the shipment, newest first.",
    carrierInvoiceSummaryView,
  ),
  [`GET ${STAFF_SHIPMENT}/carta-porte-versions`]: list(
    "The Carta Porte's stamped versions, newest first; [] while none is stamped.",
    cartaPorteVersionView,
  ),
  [`GET ${STAFF_SHIPMENT}/documents/:kind`]: file(
    'The document as a PDF; the Carta Porte (`carta_porte`) as its stamped CFDI XML (`carta_porte_pdf` is its printed form).',
    ['application/pdf', 'application/xml'],
  ),
  [`GET ${STAFF_SHIPMENT}/proof-of-delivery`]: record(
    'The delivery receipt of a delivered shipment (404 before one is received), with the exceptions the consignee noted.',
    proofOfDeliveryView,
  ),
  [`GET ${STAFF_SHIPMENT}/proof-of-delivery/document`]: podDocument,
};
