import type { PlaceView } from '@freight/contracts';
import { zoneOf } from '@freight/domain/rating';
import type { DeliveryReceiptRow } from './delivery-receipts.repository';
import { type DocumentOptions, documentText, oneLine, placeLines } from './pdf';
import { M, statementDocument, W } from './statement-pdf';

/** What the receipt shows of its shipment. */
export interface PodShipment {
  bolNumber: string;
  proNumber: string | null;
  carrierName: string;
  scac: string;
  pickup: PlaceView;
  delivery: PlaceView;
}

const PAGE_H = 792;

/**
 * The proof of delivery as a PDF in the reader's language: the shipment's numbers and carrier,
 * shipper and consignee, who signed and when (the consignee's clock, where it was signed), the exceptions noted (with the claim's
 * deadline when there are any), and the drawn signature, or the carrier's scanned receipt: an
 * image on a page of its own, a PDF attached to the file.
 */
export async function buildProofOfDeliveryPdf(shipment: PodShipment, receipt: DeliveryReceiptRow, options: DocumentOptions) {
  const x = documentText(options);
  const k = x.section('documents.pod');
  const d = statementDocument(options, k('title'), shipment.bolNumber);
  const locale = options.language === 'es' ? 'es-MX' : 'en-US';
  const when = signedAtText(receipt.signedAt, shipment.delivery, locale);
  d.facts([
    [k('bol'), shipment.bolNumber],
    [k('pro'), shipment.proNumber ?? '—'],
    [k('carrier'), `${oneLine(shipment.carrierName)} (${shipment.scac})`],
    [k('source'), k(`sources.${receipt.source}`)],
    [k('signer'), oneLine(receipt.signerName)],
    [k('signed_at'), when],
  ]);
  d.blocks([
    { title: k('shipper'), lines: placeLines(shipment.pickup, options.language) },
    { title: k('consignee'), lines: placeLines(shipment.delivery, options.language) },
  ]);
  d.heading(k('exceptions'));
  if (receipt.exceptions.length) {
    d.table(
      [
        { title: k('kind'), width: 110 },
        { title: k('pieces'), width: 60, align: 'right' },
        { title: k('note'), width: W - 170 },
      ],
      receipt.exceptions.map((e) => [k(`kinds.${e.kind}`), String(e.pieces), oneLine(e.note) || '—']),
      (_row, col) => col === 0,
    );
    d.note(k('claim_note'));
  } else {
    d.note(k('no_exceptions'));
  }
  if (receipt.signaturePng) {
    d.heading(k('signature'));
    const top = d.y;
    d.doc.image(receipt.signaturePng, M, top, { width: 240 });
    d.doc
      .lineWidth(0.5)
      .moveTo(M, top + 76)
      .lineTo(M + 260, top + 76)
      .stroke();
    d.doc
      .font('Helvetica')
      .fontSize(8.5)
      .text(`${oneLine(receipt.signerName)} · ${when}`, M, top + 80, { width: 260 });
    d.gap(100);
  }
  if (receipt.document && receipt.documentType === 'application/pdf') {
    const name = `POD-${shipment.bolNumber}-carrier.pdf`;
    d.heading(k('carrier_document'));
    d.note(k('carrier_document_attached', { name }));
    d.doc.file(receipt.document, { name, type: 'application/pdf', description: k('carrier_document') });
  } else if (receipt.document) {
    // A scanned image: a page of its own, as large as fits.
    d.doc.addPage();
    d.doc.font('Helvetica-Bold').fontSize(11).text(k('carrier_document'), M, M, { width: W });
    d.doc.image(receipt.document, M, M + 24, { fit: [W, PAGE_H - 2 * M - 24], align: 'center' });
  }
  return d.finish();
}

/**
 * When the receipt was signed, on the consignee's clock and with its zone named: a claim's
 * concealed-damage window counts from that local day.
 */
export function signedAtText(signedAt: Date, delivery: { state: string; country: string }, locale: string) {
  return new Intl.DateTimeFormat(locale, {
    timeZone: zoneOf(delivery.state, delivery.country),
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(signedAt);
}
