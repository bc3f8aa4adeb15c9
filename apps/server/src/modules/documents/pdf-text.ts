import { OPS, openPdf } from './pdfjs';

/** Tests: a PDF's pages as text (pdf.js), each text run on its own line; the pages' sizes in points and how many images each draws. */
export async function pdfPages(bytes: Buffer | Uint8Array) {
  const pdf = await openPdf(bytes);
  const pages: { text: string; width: number; height: number; images: number }[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const content = await page.getTextContent();
    const [, , width, height] = page.view as [number, number, number, number];
    const ops = await page.getOperatorList();
    const images = ops.fnArray.filter((fn) => fn === OPS.paintImageXObject).length;
    pages.push({ text: content.items.map((item) => ('str' in item ? item.str : '')).join('\n'), width, height, images });
  }
  await pdf.destroy();
  return pages;
}
