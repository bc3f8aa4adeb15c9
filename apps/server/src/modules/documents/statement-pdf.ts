import type { DocumentOptions } from './pdf';
import { newPdf } from './pdf';

/**
 * The page and drawing helpers of the billing documents (the invoice and the payment receipt):
 * letter paper, the provider's header like the bill of lading's, label/value pairs, tables with a
 * shaded header row that repeat it on a new page, and a large closing amount.
 */
const PAGE_H = 792;
export const M = 40;
export const W = 612 - 2 * M;
const BOTTOM = PAGE_H - M;

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

export function statementDocument(options: DocumentOptions, title: string, number: string) {
  const { doc, finish } = newPdf({ size: 'LETTER', margin: M, title: `${title} ${number}`, now: options.now, language: options.language });
  doc.addPage();
  let y = M;

  const font = (bold: boolean, size: number) =>
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .fillColor('#000000');
  const text = (
    value: string,
    x: number,
    at: number,
    w: number,
    o: { bold?: boolean; size?: number; align?: 'left' | 'right' | 'center' } = {},
  ) => {
    font(o.bold ?? false, o.size ?? 9);
    doc.text(value, x, at, { width: w, align: o.align ?? 'left', lineGap: 1 });
    return doc.y;
  };
  const room = (needed: number, again?: () => void) => {
    if (y + needed <= BOTTOM) return;
    doc.addPage();
    y = M;
    again?.();
  };

  // The header: the provider's name and the document's title and number.
  text('Freight Portal', M, y, W / 2, { bold: true, size: 16 });
  text(title.toUpperCase(), M + W / 2, y, W / 2, { bold: true, size: 16, align: 'right' });
  y += 22;
  text(number, M + W / 2, y, W / 2, { bold: true, size: 11, align: 'right' });
  y += 22;
  doc
    .lineWidth(1)
    .moveTo(M, y)
    .lineTo(M + W, y)
    .stroke();
  y += 10;

  return {
    doc,
    finish,
    get y() {
      return y;
    },
    gap(points: number) {
      y += points;
    },
    /** Label: value pairs in two columns. */
    facts(pairs: [string, string][]) {
      const half = W / 2;
      // A row ends below the taller of its two pairs (a long value wraps).
      let rowEnd = y;
      pairs.forEach(([label, value], i) => {
        const x = M + (i % 2) * half;
        rowEnd = Math.max(rowEnd, text(label, x, y, 105, { size: 8.5 }));
        rowEnd = Math.max(rowEnd, text(value || '—', x + 110, y, half - 115, { bold: true, size: 8.5 }));
        if (i % 2 === 1 || i === pairs.length - 1) {
          y = Math.max(rowEnd, y + 12) + 2;
          rowEnd = y;
        }
      });
      y += 4;
    },
    /** Blocks of lines side by side (bill to, shipper, consignee), each under a bold title. */
    blocks(blocks: { title: string; lines: string[] }[]) {
      room(80);
      const w = W / blocks.length;
      let bottom = y;
      blocks.forEach((b, i) => {
        let by = text(b.title, M + i * w, y, w - 10, { bold: true, size: 9 });
        for (const line of b.lines) by = text(line, M + i * w, by, w - 10, { size: 8.5 });
        bottom = Math.max(bottom, by);
      });
      y = bottom + 12;
    },
    heading(title: string) {
      room(40);
      y = text(title, M, y, W, { bold: true, size: 11 }) + 4;
    },
    note(value: string) {
      room(30);
      y = text(value, M, y, W, { size: 8.5 }) + 6;
    },
    table(columns: Column[], rows: string[][], highlight: (row: number, col: number) => boolean = () => false) {
      const header = () => {
        doc.rect(M, y, W, 16).fill('#e6e6e6');
        let x = M;
        for (const c of columns) {
          text(c.title, x + 4, y + 4, c.width - 8, { bold: true, size: 8, align: c.align });
          x += c.width;
        }
        y += 18;
      };
      room(40);
      header();
      rows.forEach((row, r) => {
        room(16, header);
        let x = M;
        let end = y;
        row.forEach((cell, c) => {
          const col = columns[c]!;
          end = Math.max(end, text(cell, x + 4, y, col.width - 8, { size: 8.5, align: col.align, bold: highlight(r, c) }));
          x += col.width;
        });
        y = end + 3;
        doc
          .lineWidth(0.3)
          .strokeColor('#bbbbbb')
          .moveTo(M, y)
          .lineTo(M + W, y)
          .stroke()
          .strokeColor('#000000');
        y += 3;
      });
      y += 8;
    },
    /** A square image (a QR code) at the left margin with a caption beside it, kept on one page. */
    image(png: Buffer, size: number, caption: string) {
      room(size + 8);
      doc.image(png, M, y, { width: size, height: size });
      text(caption, M + size + 14, y, W - size - 14, { size: 8 });
      y += size + 8;
    },
    /** A total line on the right: 'Label   $1,234.56', large when `big`. */
    total(label: string, value: string, big = false) {
      room(30);
      const size = big ? 14 : 10;
      text(label, M + W / 2, y, W / 4, { bold: big, size, align: 'right' });
      y = text(value, M + (3 * W) / 4, y, W / 4, { bold: true, size, align: 'right' }) + 4;
    },
  };
}
