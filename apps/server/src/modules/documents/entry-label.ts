import type { CustomsView } from '@freight/contracts';
import { entryNumber, entryProgram } from '@freight/domain/customs';
import { crossingView, type RateCrossing } from '@freight/domain/rating';
import { LABEL, M, ruleAcross, W } from './label-page';
import {
  code128,
  type DocumentOptions,
  type DocumentShipment,
  documentText,
  drawBarcode,
  newPdf,
  oneLine,
  phoneLine,
  placeLines,
} from './pdf';

/** What the entry label needs beyond the shipping documents: the declaration (its brokers) and the crossing. */
export interface EnteringShipment extends DocumentShipment {
  customs: CustomsView;
  crossing: RateCrossing | null;
}

/**
 * The PAPS (into the United States) or PARS (into Canada) label: one 4x6 page the driver presents
 * at the border, with the number (the carrier's SCAC and its number for the shipment: the PRO, or
 * the BOL before the carrier gave one) as a Code 128 barcode, the carrier, the BOL, the port of
 * entry, the consignee and the customs broker of the entered country, who links the number to the
 * entry. Undefined program (into Mexico): the caller answers 404 before asking.
 */
export async function buildEntryLabel(s: EnteringShipment, options: DocumentOptions): Promise<Buffer> {
  const program = entryProgram(s.delivery.country) ?? 'paps';
  const number = entryNumber(s.scac, s.proNumber ?? s.bolNumber);
  const bars = code128(number);
  const x = documentText(options);
  const k = x.section('documents.entry_label');
  const { doc, finish } = newPdf({
    size: LABEL,
    margin: M,
    title: `${k(program)} ${number}`,
    now: options.now,
    language: options.language,
  });
  doc.addPage();
  const rule = (y: number) => ruleAcross(doc, y);
  const text = (value: string, y: number, o: { size: number; bold?: boolean; align?: 'left' | 'center' }) => {
    doc
      .font(o.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(o.size)
      .fillColor('#000000')
      .text(value, M, y, { width: W, align: o.align ?? 'left' });
    return doc.y;
  };

  let y = text(k(program).toUpperCase(), M, { size: 26, bold: true, align: 'center' });
  y = text(k(`${program}_name`), y, { size: 8, align: 'center' }) + 6;
  rule(y);
  y += 8;
  drawBarcode(doc, bars, { x: 4, y, width: LABEL[0] - 8, height: 70 });
  y += 74;
  y = text(number, y, { size: 16, bold: true, align: 'center' }) + 6;
  rule(y);
  y += 6;
  y = text(`${k('carrier')}: ${oneLine(s.carrierName)} (${s.scac})`, y, { size: 9, bold: true });
  y = text(`${k('bol')}: ${s.bolNumber}`, y + 2, { size: 9 });
  if (s.crossing) y = text(`${k('port')}: ${crossingView(s.crossing).port_name}`, y + 2, { size: 9 });
  y += 6;
  rule(y);
  y += 6;
  y = text(k('consignee').toUpperCase(), y, { size: 7.5, bold: true });
  y = text(placeLines(s.delivery, options.language).join('\n'), y + 1, { size: 8.5 }) + 6;
  const broker = s.customs.brokers.find((b) => b.country === s.delivery.country);
  if (broker) {
    y = text(k('broker').toUpperCase(), y, { size: 7.5, bold: true });
    const who = broker.ours
      ? k('broker_ours')
      : [oneLine(broker.company), phoneLine(broker.phone), oneLine(broker.email)].filter(Boolean).join('\n');
    y = text(who, y + 1, { size: 8.5 }) + 6;
  }
  rule(y);
  text(k(`${program}_note`), y + 6, { size: 7.5 });
  return finish();
}
