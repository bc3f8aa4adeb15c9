import type { DocumentKind } from '@freight/contracts';
import type { Language } from '@freight/domain';
import { entryProgram } from '@freight/domain/customs';

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
 * What a shipment across the border carries besides, whatever its mode: what customs reads (with
 * the USMCA certification of origin when a line claims the agreement), into the US or Canada the
 * PAPS or PARS label the driver presents (Mexico's entry is the broker's pedimento), and on a
 * Mexican leg the Carta Porte the truck carries on Mexican roads (the stamped XML, and its printed copy).
 */
const CUSTOMS_DOCUMENTS: readonly DocumentKind[] = [
  'commercial_invoice',
  'usmca_certification',
  'entry_label',
  'carta_porte',
  'carta_porte_pdf',
];
const CARTA_PORTE: readonly DocumentKind[] = ['carta_porte', 'carta_porte_pdf'];

/**
 * The truckload's rate confirmation states what the broker pays the carrier (the cost, not the
 * shipper's price), so only a reader who may see the account's cost (docs/brokerage.md, "Who sees
 * the cost") lists and opens it; the shipper's documents are the others.
 */
const COST_DOCUMENTS: readonly DocumentKind[] = ['rate_confirmation'];

/**
 * Which documents a shipment has: its mode and, when it crosses a border (it has a customs
 * declaration), the country it enters.
 */
export interface DocumentsOf {
  mode: Mode;
  entering?: string | null;
  /** A line of its declaration claims USMCA. */
  claimsUsmca?: boolean;
  /** It crosses from or into Mexico: its Mexican leg needs a Carta Porte. */
  mexicanLeg?: boolean;
}

/** What decides a shipment's documents, read from its row: its mode, and its declaration and destination. */
export const documentsOf = (row: {
  mode: Mode;
  customs: { items: readonly { usmca: boolean }[] } | null;
  originCountry: string;
  destinationCountry: string;
}): DocumentsOf => ({
  mode: row.mode,
  entering: row.customs ? row.destinationCountry : null,
  claimsUsmca: row.customs?.items.some((i) => i.usmca) ?? false,
  mexicanLeg: Boolean(row.customs) && (row.originCountry === 'MX' || row.destinationCountry === 'MX'),
});

/** The documents of a shipment: the shipper's, or with `seesCost` every one. */
export function documentKindsOf({ mode, entering, claimsUsmca, mexicanLeg }: DocumentsOf, seesCost = false): readonly DocumentKind[] {
  const has = (k: DocumentKind) =>
    (k !== 'entry_label' || entryProgram(entering ?? '') !== null) &&
    (k !== 'usmca_certification' || claimsUsmca === true) &&
    (!CARTA_PORTE.includes(k) || mexicanLeg === true);
  const customs = entering ? CUSTOMS_DOCUMENTS.filter(has) : [];
  const kinds = [...KINDS_BY_MODE[mode], ...customs];
  return seesCost ? kinds : kinds.filter((k) => !COST_DOCUMENTS.includes(k));
}

export const hasDocument = (shipment: DocumentsOf, kind: DocumentKind, seesCost = false) =>
  documentKindsOf(shipment, seesCost).includes(kind);

/** The language of a Mexican reader, else English (Canada's customs and carriers read English here too). */
export const languageOfCountry = (country: string): Language => (country === 'MX' ? 'es' : 'en');

/**
 * The language a document is written in for who reads it at work: the carrier's (where the
 * freight is picked up) for the shipping documents, customs' at the destination for the
 * commercial invoice and the entry label, Spanish for the Carta Porte (the SAT's document). The
 * reader's own copy is asked for apart.
 */
export const documentLanguage = (kind: DocumentKind, route: { originCountry: string; destinationCountry: string }): Language =>
  CARTA_PORTE.includes(kind) ? 'es' : languageOfCountry(CUSTOMS_DOCUMENTS.includes(kind) ? route.destinationCountry : route.originCountry);

/** Whether a document has a copy in the reader's language: the Carta Porte is the SAT's XML, the same for every reader. */
export const hasReaderCopy = (kind: DocumentKind) => kind !== 'carta_porte';

/** The documents stamped after booking (once the pedimento is known), not ready when it is booked. */
export const isStampedLater = (kind: DocumentKind) => CARTA_PORTE.includes(kind);
