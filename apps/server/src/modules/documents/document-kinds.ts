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

export const documentKindsOf = (mode: Mode): readonly DocumentKind[] => KINDS_BY_MODE[mode];

export const hasDocument = (mode: Mode, kind: DocumentKind) => KINDS_BY_MODE[mode].includes(kind);
