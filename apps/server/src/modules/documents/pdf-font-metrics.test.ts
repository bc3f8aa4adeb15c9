import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import './pdf-font-metrics';

interface Metrics {
  glyphWidths: Record<string, number>;
  kernPairs: Record<string, number>;
  widthOfGlyph(glyph: string): number;
  getKernPair(left: string, right: string | undefined): number;
}

const STANDARD_FONTS = [
  'Helvetica',
  'Helvetica-Bold',
  'Helvetica-Oblique',
  'Helvetica-BoldOblique',
  'Times-Roman',
  'Times-Bold',
  'Times-Italic',
  'Times-BoldItalic',
  'Courier',
  'Courier-Bold',
  'Courier-Oblique',
  'Courier-BoldOblique',
  'Symbol',
  'ZapfDingbats',
];

describe("the standard fonts' metrics by maps", () => {
  it("answers pdfkit's own kerning for every pair of glyphs and its width for every glyph, in all 14 fonts", () => {
    const doc = new PDFDocument({ autoFirstPage: false });
    for (const name of STANDARD_FONTS) {
      doc.font(name);
      const font = (doc as unknown as { _font: { font: Metrics } })._font.font;
      const glyphs = Object.keys(font.glyphWidths);
      expect(glyphs.length).toBeGreaterThan(0);
      let kerned = 0;
      for (const left of glyphs) {
        expect(font.widthOfGlyph(left)).toBe(font.glyphWidths[left] || 0);
        expect(font.getKernPair(left, undefined)).toBe(0);
        for (const right of glyphs) {
          const own = font.kernPairs[`${left}\0${right}`] || 0;
          if (font.getKernPair(left, right) !== own)
            expect([name, left, right, font.getKernPair(left, right)]).toEqual([name, left, right, own]);
          if (own) kerned++;
        }
      }
      // Helvetica and Times kern hundreds of pairs; Courier (fixed width) and the symbol fonts none.
      expect(kerned).toBe(Object.values(font.kernPairs).filter(Boolean).length);
      expect(font.widthOfGlyph('no-such-glyph')).toBe(0);
    }
    doc.end();
  });

  it('measures text as before: kerned pairs narrow a line', () => {
    const doc = new PDFDocument({ autoFirstPage: false });
    doc.font('Helvetica').fontSize(10);
    // "AV" kerns in Helvetica (-70/1000 em): narrower than its letters apart.
    expect(doc.widthOfString('AV')).toBeCloseTo(doc.widthOfString('A') + doc.widthOfString('V') - 0.7, 5);
    doc.end();
  });
});
