import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';

// In a process of its own: this worker may have loaded pdf.js for an earlier file already.
test('loading pdf.js leaves JSON, Array.prototype.push and Function.prototype.toString as they were, and it still reads a PDF', () => {
  const pdfjs = pathToFileURL(join(import.meta.dirname, 'pdfjs.ts')).href;
  const script = `
    import { PDFDocument } from 'pdf-lib';
    const natives = [JSON.stringify, JSON.parse, Array.prototype.push, Function.prototype.toString];
    const { openPdf } = await import(${JSON.stringify(pdfjs)});
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Bill of lading');
    const pdf = await openPdf(await doc.save());
    const text = (await (await pdf.getPage(1)).getTextContent()).items.map((item) => item.str).join('');
    const now = [JSON.stringify, JSON.parse, Array.prototype.push, Function.prototype.toString];
    console.log(JSON.stringify({ same: now.map((f, i) => f === natives[i]), text, withResolvers: typeof Promise.withResolvers }));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: join(import.meta.dirname, '../../..'),
    encoding: 'utf8',
  });
  expect(JSON.parse(out.trim().split('\n').at(-1) ?? '{}')).toEqual({
    same: [true, true, true, true],
    text: 'Bill of lading',
    // What core-js adds that Node 20 lacks, and pdf.js uses, stays.
    withResolvers: 'function',
  });
});
