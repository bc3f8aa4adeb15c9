/** pdf.js ships no types for its worker module; pdfjs.ts only hands the module to pdf.js. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
