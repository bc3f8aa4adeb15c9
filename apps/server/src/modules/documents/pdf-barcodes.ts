import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createCanvas } from '@napi-rs/canvas';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { openPdf } from './pdfjs';

const require = createRequire(import.meta.url);
// The reader's WebAssembly from the package itself: by default it would be fetched from a CDN.
prepareZXingModule({
  overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer as ArrayBuffer },
});

type Read = { text: string; lineCount: number; position: { topLeft: Point; bottomRight: Point } };
type Point = { x: number; y: number };

const overlap = (a: Read['position'], b: Read['position']) =>
  a.topLeft.x < b.bottomRight.x && b.topLeft.x < a.bottomRight.x && a.topLeft.y < b.bottomRight.y && b.topLeft.y < a.bottomRight.y;

/**
 * One answer per barcode, as a scanner votes across its scan lines: where two reads cover the same
 * bars, the one most lines agree on. A pallet label's PRO number read right on 59 lines was read
 * as another valid number on 18 of them (the bars' edges resampled at 300 dpi).
 */
function votedReads(reads: Read[]): string[] {
  const kept: Read[] = [];
  for (const read of [...reads].sort((a, b) => b.lineCount - a.lineCount)) {
    if (!kept.some((k) => overlap(k.position, read.position))) kept.push(read);
  }
  return reads.filter((r) => kept.includes(r)).map((r) => r.text);
}

/**
 * Tests: the Code 128 barcodes (or other `formats`) a scanner would read on each page of a PDF. Each page is rendered
 * as printed (pdf.js on a canvas, 300 dpi) and read with ZXing, so a barcode that text covers,
 * that is cut off or that encodes the wrong number fails, whatever the generator was asked for.
 */
export async function pdfBarcodes(bytes: Buffer | Uint8Array, formats: ('Code128' | 'QRCode')[] = ['Code128']): Promise<string[][]> {
  const pdf = await openPdf(bytes);
  const pages: string[][] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const viewport = page.getViewport({ scale: 300 / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const found = await readBarcodes(image as never, { formats, maxNumberOfSymbols: 8, tryHarder: true });
    pages.push(votedReads(found.filter((b) => b.isValid)));
  }
  await pdf.destroy();
  return pages;
}
