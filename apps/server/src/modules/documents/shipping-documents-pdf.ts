import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfOptions } from './pdf';
import type { FromDrawing, ShippingRow, ToDrawing } from './shipping-documents.worker';

/** Rows handed to the worker and not drawn yet: enough to keep it drawing while the next are read, few enough to hold little. */
const ROWS_AHEAD = 4;
/** Bytes drawn and not yet taken by the reader before the drawing waits for it (a few dozen rows' pages). */
const READ_AHEAD_BYTES = 256 * 1024;
/** A drawing's heap: a row's pages at a time need a few megabytes; a runaway drawing stops here, not in the server. */
const WORKER_HEAP_MB = 128;

/**
 * The worker's entry: the compiled server (scripts/build-server.mjs sets FREIGHT_SERVER_BUNDLE in
 * its bundle) starts the worker's bundle beside its own; from the sources, a boot file that loads
 * TypeScript first. Found by the module's folder, not `import.meta.url`: the build points every
 * `import.meta.url` at the source file, and the image holds no sources but the files it lists.
 */
function workerEntry(): URL {
  const bundled = process.env.FREIGHT_SERVER_BUNDLE === '1';
  return pathToFileURL(join(import.meta.dirname, bundled ? 'shipping-documents-worker.js' : 'shipping-documents.worker-boot.mjs'));
}

/** One file of many shipments' documents, drawn in a worker thread (shipping-documents.worker.ts). */
export interface MergedShippingPdf {
  /** The file's bytes as its rows are drawn; destroying it (a reader gone) stops the drawing. */
  stream: Readable;
  /**
   * Hands one shipment's pages to the drawing, in file order. Waits while the worker is
   * ROWS_AHEAD rows behind or the reader has not taken what is drawn; false once the file is
   * closed or failed (nothing more is drawn, stop feeding it).
   */
  add(row: ShippingRow): Promise<boolean>;
  /** No more rows: the file is finished and the worker stops. */
  end(): void;
}

export function mergedShippingPdf(opts: PdfOptions): MergedShippingPdf {
  const worker = new Worker(workerEntry(), { workerData: opts, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  let inFlight = 0;
  let closed = false;
  let finished = false;
  let wake: (() => void) | undefined;
  const wakeUp = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  const stream = new Readable({
    highWaterMark: READ_AHEAD_BYTES,
    read: wakeUp,
    destroy(error, callback) {
      closed = true;
      void worker.terminate();
      wakeUp();
      callback(error);
    },
  });
  const tell = (message: ToDrawing) => worker.postMessage(message);
  worker.on('message', (message: FromDrawing) => {
    if (message.type === 'chunk') stream.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    else if (message.type === 'drawn') {
      inFlight--;
      wakeUp();
    } else if (message.type === 'end') {
      finished = true;
      closed = true;
      stream.push(null);
      void worker.terminate();
    } else stream.destroy(new Error(`Drawing the shipping documents failed: ${message.message}`));
  });
  worker.on('error', (error) => stream.destroy(error));
  worker.on('exit', (code) => {
    if (!finished && !stream.destroyed) stream.destroy(new Error(`The drawing worker stopped (exit code ${code})`));
  });
  const behind = () => inFlight >= ROWS_AHEAD || stream.readableLength >= stream.readableHighWaterMark;
  return {
    stream,
    async add(row) {
      while (!closed && behind()) await new Promise<void>((resolve) => (wake = resolve));
      if (closed) return false;
      inFlight++;
      tell({ type: 'row', row });
      return true;
    },
    end() {
      if (!closed) tell({ type: 'end' });
    },
  };
}
