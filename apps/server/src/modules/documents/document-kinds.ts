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
 * shipper's price), so only staff list and open it; the shipper's documents are the others.
 */
const STAFF_ONLY: readonly DocumentKind[] = ['rate_confirmation'];

/** The documents of a shipment of `mode`: the shipper's, or with `staff` every one. */
export const documentKindsOf = (mode: Mode, staff = false): readonly DocumentKind[] =>
  staff ? KINDS_BY_MODE[mode] : KINDS_BY_MODE[mode].filter((k) => !STAFF_ONLY.includes(k));

export const hasDocument = (mode: Mode, kind: DocumentKind, staff = false) => documentKindsOf(mode, staff).includes(kind);
