import type { DocumentKind } from '@freight/contracts';

type Mode = 'ltl' | 'parcel' | 'truckload';

/**
 * The documents each mode's shipment has, in the order they are listed. Freight travels on a bill
 * of lading with pallet labels, and a truckload adds the rate confirmation the carrier signs; a
 * parcel carrier uses no bill of lading: its packages carry labels and the shipper keeps a summary.
 */
const KINDS_BY_MODE: Record<Mode, readonly DocumentKind[]> = {
  ltl: ['bol', 'pallet_labels'],
  parcel: ['labels', 'shipment_summary'],
  truckload: ['bol', 'pallet_labels', 'rate_confirmation'],
};

/**
 * The truckload's rate confirmation states what the broker pays the carrier (the cost, not the
 * shipper's price), so only a reader who may see the account's cost (docs/brokerage.md, "Who sees
 * the cost") lists and opens it; the shipper's documents are the others.
 */
const COST_DOCUMENTS: readonly DocumentKind[] = ['rate_confirmation'];

/** The documents of a shipment of `mode`: the shipper's, or with `seesCost` every one. */
export const documentKindsOf = (mode: Mode, seesCost = false): readonly DocumentKind[] =>
  seesCost ? KINDS_BY_MODE[mode] : KINDS_BY_MODE[mode].filter((k) => !COST_DOCUMENTS.includes(k));

export const hasDocument = (mode: Mode, kind: DocumentKind, seesCost = false) => documentKindsOf(mode, seesCost).includes(kind);
