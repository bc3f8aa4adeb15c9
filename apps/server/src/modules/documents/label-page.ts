import type { ShipmentItemView } from '@freight/contracts';
import { type DocumentOptions, type DocumentShipment, documentText, newPdf, unitCount } from './pdf';

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

/**
 * What the 4x6 labels (parcel and pallet) share: the document's texts (`k` reads the
 * documents.labels catalog), a 4x6 PDF titled `${k(title.key)} ${title.number}`, the number of
 * units, a full-width rule at `y`, and `pagePerUnit`, which adds one page per package or handling
 * unit (each item's quantity), lets `draw` fill it ('n of total') and answers the PDF's bytes.
 */
export function labelDocument(s: DocumentShipment, options: DocumentOptions, title: { key: string; number: string }) {
  const x = documentText(options);
  const k = (key: string, params: Record<string, unknown> = {}) => x.t(`documents.labels.${key}`, params);
  const { doc, finish } = newPdf({
    size: LABEL,
    margin: M,
    title: `${k(title.key)} ${title.number}`,
    now: options.now,
    language: options.language,
  });
  const total = unitCount(s.items);
  const line = (y: number) => ruleAcross(doc, y);
  const pagePerUnit = (draw: (item: ShipmentItemView, n: number) => void): Promise<Buffer> => {
    let n = 0;
    for (const item of s.items) {
      for (let unit = 0; unit < item.quantity; unit++) {
        n++;
        doc.addPage();
        draw(item, n);
      }
    }
    return finish();
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
  return { x, k, doc, total, line, pagePerUnit, fitted };
}
