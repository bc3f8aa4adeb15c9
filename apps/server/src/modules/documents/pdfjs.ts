/// <reference path="./pdf-worker.d.ts" />
/**
 * pdf.js for the tests that read the PDFs the server makes (pdf-text, pdf-geometry, pdf-barcodes),
 * loaded so that it leaves the process's own built-ins as they were.
 *
 * Its Node build (the legacy one) carries core-js, which on loading replaces built-ins process-wide
 * with polyfills: JSON.stringify (13 times slower on a large object), JSON.parse,
 * Array.prototype.push and Function.prototype.toString among them. Vitest's server workers keep
 * their modules from file to file and Playwright's worker from spec to spec, so every test after
 * the first that read a PDF ran on the polyfills: every request the API tests inject, and every
 * message the scenarios' worker sends the browser (axe-core's 550 KB source once per page). What
 * core-js adds that Node 20 lacks (Promise.withResolvers, the Set methods and others pdf.js uses)
 * stays; what it replaced is put back.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The built-ins whose own properties core-js replaces: each is put back as it was before the import. */
const BUILT_INS: readonly object[] = [
  globalThis,
  JSON,
  Object,
  Object.prototype,
  Function.prototype,
  Array,
  Array.prototype,
  String,
  String.prototype,
  Number,
  Number.prototype,
  Math,
  Promise,
  Promise.prototype,
  Map,
  Map.prototype,
  Set,
  Set.prototype,
  WeakMap.prototype,
  RegExp.prototype,
  Error,
  ArrayBuffer.prototype,
  Uint8Array,
  Uint8Array.prototype,
  Object.getPrototypeOf(Uint8Array.prototype) as object,
];

const before = BUILT_INS.map(
  (target) => new Map(Reflect.ownKeys(target).map((key) => [key, Object.getOwnPropertyDescriptor(target, key)])),
);
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
// Its worker (run in this thread in Node) brings a core-js of its own when the first document
// opens; loaded here, before the built-ins are put back, and handed to pdf.js as the worker to use.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
BUILT_INS.forEach((target, i) => {
  for (const [key, descriptor] of before[i] ?? []) {
    const now = Object.getOwnPropertyDescriptor(target, key);
    if (descriptor && !(Object.is(now?.value, descriptor.value) && now?.get === descriptor.get))
      Object.defineProperty(target, key, descriptor);
  }
});

export const { OPS } = pdfjs;

/** The fonts every PDF may name without embedding them, from the package itself. */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Opens a PDF's bytes (pdf.js takes them over; the caller's buffer is copied first). No script in it runs. */
export function openPdf(bytes: Buffer | Uint8Array) {
  return pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false, verbosity: 0 }).promise;
}
