import {
  addressBookEntryView,
  batchResultRow,
  batchStatusView,
  batchSummary,
  batchView,
  carrierInvoiceCarrierView,
  firstPickupDate,
  invoiceListItem,
  invoiceView,
  productView,
  proofOfDeliveryView,
  quoteListItem,
  quoteView,
  shipmentEventsView,
  shipmentListItem,
  shipmentView,
  webhookDeliveryView,
  webhookView,
} from '@freight/contracts';
import type { z } from 'zod';

/** The answers' record schemas by the name the document gives them (a component each). */
export const ANSWER_NAMES = new Map<z.ZodType, { id: string; description: string }>([
  [webhookView, { id: 'Webhook', description: 'A webhook subscription.' }],
  [webhookDeliveryView, { id: 'WebhookDelivery', description: 'One delivery of an event to a subscription.' }],
  [firstPickupDate, { id: 'FirstPickupDate', description: 'The first quotable pickup date at an origin.' }],
  [invoiceListItem, { id: 'InvoiceListItem', description: 'An invoice as the lists show it, without its lines.' }],
  [invoiceView, { id: 'Invoice', description: 'An invoice with its charge lines, payments, disputes and credit memos.' }],
  [addressBookEntryView, { id: 'AddressBookEntry', description: "A saved pickup or delivery place of the account's address book." }],
  [
    productView,
    {
      id: 'Product',
      description: 'A product of the catalog: an item the account ships, with its dimensions (inches) and weight (pounds) per unit.',
    },
  ],
  [batchSummary, { id: 'BatchSummary', description: 'A batch of shipments without its rows, as the list shows it.' }],
  [
    batchView,
    { id: 'Batch', description: 'A batch of shipments with every row: its cells, problems and, once rated and booked, its outcome.' },
  ],
  [
    batchStatusView,
    { id: 'BatchStatus', description: 'A batch without its rows: its rows counted by status, and how far rating and booking have come.' },
  ],
  [batchResultRow, { id: 'BatchResultRow', description: "A batch row's outcome: its shipment, price and problems." }],
  [
    carrierInvoiceCarrierView,
    { id: 'CarrierInvoice', description: "A carrier's freight invoice as the carrier reads it: never the broker's audit." },
  ],
  [quoteListItem, { id: 'QuoteListItem', description: 'A quote as the list shows it: what was asked in brief, without its rates.' }],
  [
    quoteView,
    { id: 'Quote', description: 'A quote in full: what was asked, each carrier’s rate line by line, and why a rate is missing.' },
  ],
  [shipmentListItem, { id: 'ShipmentListItem', description: 'A shipment as the list shows it.' }],
  [
    shipmentView,
    {
      id: 'Shipment',
      description: 'A shipment in full: its places, items, charges, payment, customs, documents and tracking events.',
    },
  ],
  [shipmentEventsView, { id: 'ShipmentEvents', description: "A shipment's status and its tracking events, oldest first." }],
  [
    proofOfDeliveryView,
    { id: 'ProofOfDelivery', description: "A delivered shipment's signed receipt and the exceptions the consignee noted." },
  ],
]);
