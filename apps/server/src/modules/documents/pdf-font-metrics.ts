import PDFDocument from 'pdfkit';

/**
 * What pdfkit's standard fonts (Helvetica and the other 13 built into every PDF reader) keep to
 * measure text: each glyph's width, and the kerning of a pair of glyphs in one object keyed by
 * the pair's names joined ("T\0o"), thousands of keys.
 */
interface StandardFontMetrics {
  glyphWidths: Record<string, number>;
  kernPairs: Record<string, number>;
  widthOfGlyph(glyph: string): number;
  getKernPair(left: string, right: string | undefined): number;
}

/** Per font: the kerning of each left glyph's pairs by the right glyph, and the widths by glyph. */
const tables = new WeakMap<StandardFontMetrics, { kerning: Map<string, Map<string, number>>; widths: Map<string, number> }>();

function tablesOf(font: StandardFontMetrics) {
  let found = tables.get(font);
  if (!found) {
    const kerning = new Map<string, Map<string, number>>();
    for (const [pair, amount] of Object.entries(font.kernPairs)) {
      const [left = '', right = ''] = pair.split('\0');
      const rights = kerning.get(left) ?? new Map<string, number>();
      rights.set(right, amount);
      kerning.set(left, rights);
    }
    found = { kerning, widths: new Map(Object.entries(font.glyphWidths)) };
    tables.set(font, found);
  }
  return found;
}

/**
 * pdfkit measures every word it lays out and every text it writes, one kerning lookup per pair
 * of letters, each a new string hashed into that large object: drawing a thousand bills of
 * lading spent about a seventh of its time there. The same answers come from a map per left
 * glyph, built once per font. Installed on the class of pdfkit's standard font metrics, found
 * through a document's default font (the class is not exported); the answers are pdfkit's own
 * (pdf-font-metrics.test.ts compares every pair of every standard font).
 */
function measureStandardFontsByMaps() {
  const probe = new PDFDocument({ autoFirstPage: false });
  const metrics = (probe as unknown as { _font: { font: StandardFontMetrics } })._font.font;
  const metricsClass = Object.getPrototypeOf(metrics) as StandardFontMetrics;
  metricsClass.getKernPair = function getKernPair(this: StandardFontMetrics, left, right) {
    return (right === undefined ? undefined : tablesOf(this).kerning.get(left)?.get(right)) || 0;
  };
  metricsClass.widthOfGlyph = function widthOfGlyph(this: StandardFontMetrics, glyph) {
    return tablesOf(this).widths.get(glyph) || 0;
  };
  probe.end();
}

measureStandardFontsByMaps();
