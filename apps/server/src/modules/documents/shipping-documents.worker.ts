/**
 * The worker thread that draws a merged file of shipping documents (shipping-documents-pdf.ts
 * starts it and feeds it). Drawing a thousand bills of lading and their labels is seconds of
 * pdfkit's CPU work; here it runs beside the server's thread, which keeps answering requests and
 * reads the next shipments from the database meanwhile.
 *
 * In: the document's options (`workerData`), then a `row` message per shipment and an `end`.
 * Out: the file's bytes as `chunk` messages in order, `drawn` after each row, then `end`; or
 * `error` with a message, after which the worker draws nothing more.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { drawBillOfLading } from './bol';
import { drawParcelLabels } from './labels';
import { drawPalletLabels } from './pallet-labels';
import type { DocumentAccount, DocumentOptions, DocumentShipment, PdfOptions } from './pdf';
import { pdfDocument } from './pdf';

/** One shipment's pages: which of its documents to draw, with what they show. */
export interface ShippingRow {
  shipment: DocumentShipment;
  /** The shipper's account, for a bill of lading; null when the shipment has none. */
  account: DocumentAccount | null;
  palletLabels: boolean;
  parcelLabels: boolean;
  options: DocumentOptions;
}

export type ToDrawing = { type: 'row'; row: ShippingRow } | { type: 'end' };
export type FromDrawing = { type: 'chunk'; bytes: Uint8Array } | { type: 'drawn' } | { type: 'end' } | { type: 'error'; message: string };

/** The drawing's niceness (0 is the server's; 19 the lowest priority). */
const DRAWING_NICE = 10;

/**
 * The drawing takes what the server's thread and the database leave of the cores: while a batch
 * is booked, its file is drawn beside the booking, and another user's request should not wait for
 * pages nobody has asked for yet. On Linux a thread's niceness is its own: this thread's id is
 * read from /proc (sync, so on this thread). Elsewhere, or if refused, it draws at the server's.
 */
function drawAtLowPriority() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, DRAWING_NICE);
  } catch {
    // Not Linux, or not allowed: the drawing runs at the server's priority.
  }
}

const port = parentPort;
if (port) {
  drawAtLowPriority();
  const say = (message: FromDrawing) => port.postMessage(message);
  const doc = pdfDocument(workerData as PdfOptions);
  // pdfkit writes many small pieces: they go out together, one message a row.
  let written: Buffer[] = [];
  const send = () => {
    if (written.length) say({ type: 'chunk', bytes: Buffer.concat(written) });
    written = [];
  };
  doc.on('data', (piece: Buffer) => written.push(piece));
  doc.on('end', () => {
    send();
    say({ type: 'end' });
  });
  doc.on('error', (error: Error) => say({ type: 'error', message: error.message }));
  let failed = false;
  port.on('message', (message: ToDrawing) => {
    if (failed) return;
    try {
      if (message.type === 'end') {
        doc.end();
        return;
      }
      const { shipment, account, options } = message.row;
      if (account) drawBillOfLading(doc, shipment, account, options);
      if (message.row.palletLabels) drawPalletLabels(doc, shipment, options);
      if (message.row.parcelLabels) drawParcelLabels(doc, shipment, options);
      // Written out now, so the file streams as it is drawn and the worker holds one row's pages.
      doc.flushPages();
      send();
      say({ type: 'drawn' });
    } catch (error) {
      failed = true;
      say({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  });
}
