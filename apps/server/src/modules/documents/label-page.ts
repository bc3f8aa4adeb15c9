import type { ShipmentItemView } from '@freight/contracts';
import { type DocumentOptions, type DocumentShipment, documentText, pdfOf, unitCount } from './pdf';

/** 4 x 6 in (thermal) label stock, in points; M is the margin, W the width inside the margins. */
export const LABEL: [number, number] = [288, 432];
export const M = 12;
export const W = LABEL[0] - 2 * M;

/** A full-width rule across a 4x6 label at `y`, between the margins. */
export const ruleAcross = (doc: PDFKit.PDFDocument, y: number) =>
  doc
    .moveTo(M, y)
    .lineTo(LABEL[0] - M, y)
    .lineWidth(1.2)
    .strokeColor('#000000')
    .stroke();

/** A 4x6 label PDF of its own, titled `${k(title.key)} ${title.number}`, with what `draw` puts in it. */
export function labelPdf(options: DocumentOptions, title: { key: string; number: string }, draw: (doc: PDFKit.PDFDocument) => void) {
  const name = `${documentText(options).t(`documents.labels.${title.key}`)} ${title.number}`;
  return pdfOf({ size: LABEL, margin: M, title: name, now: options.now, language: options.language }, draw);
}

/**
 * What the 4x6 labels (parcel and pallet) share, drawing into `doc` (a PDF of their own, or a
 * batch's merged documents): the document's texts (`k` reads the documents.labels catalog), the
 * number of units, a full-width rule at `y`, and `pagePerUnit`, which adds one 4x6 page per
 * package or handling unit (each item's quantity) and lets `draw` fill it ('n of total').
 */
export function labelPages(doc: PDFKit.PDFDocument, s: DocumentShipment, options: DocumentOptions) {
  const x = documentText(options);
  const k = x.section('documents.labels');
  const total = unitCount(s.items);
  const line = (y: number) => ruleAcross(doc, y);
  const pagePerUnit = (draw: (item: ShipmentItemView, n: number) => void) => {
    let n = 0;
    for (const item of s.items) {
      for (let unit = 0; unit < item.quantity; unit++) {
        n++;
        doc.addPage({ size: LABEL, margin: M });
        draw(item, n);
      }
    }
  };
  /**
   * `value` in the box from (left, y), `width` wide and at most `maxHeight` high: set at `size`, smaller
   * (down to 5.5 pt) when long names or many lines would not fit, and cut with an ellipsis only below
   * that. Answers where the text ends.
   */
  const fitted = (
    value: string,
    at: { left: number; y: number; width: number; maxHeight: number; size: number; bold?: boolean; lineGap?: number },
  ) => {
    const lineGap = at.lineGap ?? 0;
    let size = at.size;
    doc.font(at.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    while (size > 5.5 && doc.heightOfString(value, { width: at.width, lineGap }) > at.maxHeight) {
      size -= 0.5;
      doc.fontSize(size);
    }
    doc.text(value, at.left, at.y, { width: at.width, lineGap, height: at.maxHeight, ellipsis: true });
    return Math.min(doc.y, at.y + at.maxHeight);
  };
  return { x, k, total, line, pagePerUnit, fitted };
}
