import { OPS, openPdf } from './pdfjs';

/** A box in PDF points, origin at the page's bottom left. */
export interface Box {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

export interface TextRun extends Box {
  text: string;
}

export interface BarcodeImage extends Box {
  /** The narrowest bar's width in points, measured from the image's pixels. */
  module: number;
}

export interface PageGeometry {
  width: number;
  height: number;
  texts: TextRun[];
  barcodes: BarcodeImage[];
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]] as const;

/** Helvetica's ascender and descender, in ems: the box a run's glyphs can ink. */
const ASCENT = 0.718;
const DESCENT = 0.207;

/**
 * Tests: where each page of a PDF puts its text and its barcodes, read from the PDF itself (pdf.js).
 * A text run's box is its advance width by the font's ascender and descender; a barcode's box is
 * where its image is painted (the unit square through the current transform), and its module
 * is the narrowest run of dark pixels across the image's middle row, scaled to points.
 */
export async function pdfGeometry(bytes: Buffer | Uint8Array): Promise<PageGeometry[]> {
  const pdf = await openPdf(bytes);
  const pages: PageGeometry[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const texts: TextRun[] = [];
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const [, , , d, e, f] = item.transform as Matrix;
      const size = Math.abs(d);
      texts.push({ text: item.str, left: e, right: e + item.width, bottom: f - DESCENT * size, top: f + ASCENT * size });
    }

    const ops = await page.getOperatorList();
    const barcodes: BarcodeImage[] = [];
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    const stack: Matrix[] = [];
    for (let n = 0; n < ops.fnArray.length; n++) {
      const fn = ops.fnArray[n];
      const args = ops.argsArray[n] as unknown[];
      if (fn === OPS.save) stack.push(ctm);
      else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
      else if (fn === OPS.transform) ctm = multiply(args as Matrix, ctm);
      else if (fn === OPS.paintImageXObject) {
        const corners = [apply(ctm, 0, 0), apply(ctm, 1, 0), apply(ctm, 0, 1), apply(ctm, 1, 1)];
        const xs = corners.map((c) => c[0]);
        const ys = corners.map((c) => c[1]);
        const box = { left: Math.min(...xs), right: Math.max(...xs), bottom: Math.min(...ys), top: Math.max(...ys) };
        const image = (await objectOf(page, args[0] as string)) as { width: number; height: number; data: Uint8ClampedArray };
        barcodes.push({ ...box, module: (narrowestBar(image) * (box.right - box.left)) / image.width });
      }
    }
    pages.push({ width, height, texts, barcodes });
  }
  await pdf.destroy();
  return pages;
}

/** An image's decoded pixels, once pdf.js has them (the operator list asks for them). */
function objectOf(page: { objs: { get: (id: string, callback: (o: unknown) => void) => void } }, id: string) {
  return new Promise<unknown>((resolve) => page.objs.get(id, resolve));
}

/** The narrowest run of dark, opaque pixels across the middle row of an image (grey, RGB or RGBA). */
function narrowestBar(image: { width: number; height: number; data: Uint8ClampedArray }) {
  const channels = image.data.length / (image.width * image.height);
  const row = Math.floor(image.height / 2) * image.width;
  let narrowest = Number.POSITIVE_INFINITY;
  let run = 0;
  for (let x = 0; x <= image.width; x++) {
    const at = (row + x) * channels;
    // A transparent pixel is the paper, whatever its colour channels say.
    const inked = channels !== 4 || (image.data[at + 3] ?? 0) >= 128;
    const dark = x < image.width && inked && (image.data[at] ?? 255) < 128;
    if (dark) run++;
    else if (run > 0) {
      narrowest = Math.min(narrowest, run);
      run = 0;
    }
  }
  return narrowest;
}

export const intersects = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.bottom < b.top && b.bottom < a.top;

/** The box grown by `dx` left and right and `dy` above and below. */
export const grown = (b: Box, dx: number, dy: number): Box => ({
  left: b.left - dx,
  right: b.right + dx,
  bottom: b.bottom - dy,
  top: b.top + dy,
});
