import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Language, UnitSystem } from '@freight/domain';
import type { AppContext } from '../../context';
import { answersInThisThread, inBulkLane } from '../../db/bulk-lane';
import { translator } from '../../i18n';
import {
  mergedShippingPdf,
  SHIPMENTS_PER_READ,
  type ShippingPages,
  shippingDocumentsRows,
  shippingPagesOf,
} from '../documents/documents.service';

/**
 * A batch's merged file of shipping documents drawn while the batch is booked. Booking a thousand
 * rows on the embedded database keeps the server's thread busy (the database answers in it) while
 * the drawing worker's core sits idle; drawing each row's pages as soon as it is booked uses that core, and the
 * file is ready, or nearly, when the booking ends, instead of being drawn from the start when
 * the shipper asks for it. A download takes the file drawn ahead only when it is what would be
 * drawn now (the same shipments in the same order, none changed since it was drawn, the same
 * account details, language and units); otherwise it is drawn afresh as before.
 */

/** A batch's merged file begun: letter pages, titled with the batch's number in the reader's language. */
export function batchDocumentsPdf(batchId: string, language: Language, now: Date) {
  const title = `${translator(language)('batch.manifest_title')} ${batchId.slice(0, 8)}`;
  return mergedShippingPdf({ size: 'LETTER', margin: 0, title, now, language });
}

/** A booking of fewer rows draws nothing ahead: its file takes a moment to draw when asked for. */
export const DRAW_AHEAD_FROM_ROWS = 20;

/**
 * Whether a booking of `rows` rows draws its batch's file ahead: BATCH_DOCUMENTS_AHEAD, or unset,
 * with the embedded database only. Measured on a 1,000-row batch (bench/README.md, Volume): on
 * the embedded database, booked with documents in 16-23 s instead of 25-34; on PostgreSQL 9-11 s
 * instead of 13-14, but the booking took 3 s longer and another user's quotes' p99 doubled.
 */
export const drawsAhead = (ctx: AppContext, rows: number) =>
  rows >= DRAW_AHEAD_FROM_ROWS && (ctx.config.BATCH_DOCUMENTS_AHEAD ?? answersInThisThread(ctx.db));
/** How long a file drawn ahead is offered: the download follows the booking, or it is drawn afresh. */
const KEPT_FOR_MS = 30 * 60_000;
/** Files kept at most (a 1,000-row batch's is about 8 MB, on disk): the oldest goes first. */
const MOST_FILES = 8;

/** What a file drawn ahead holds: for whom and how it was drawn, and each shipment as drawn. */
interface DrawnFile {
  batchId: string;
  accountId: string;
  language: Language;
  unitSystem: UnitSystem;
  /** The shipments drawn, in file order, each with the time it was last changed when read. */
  drawn: { id: string; updatedAt: number }[];
  /** The account's details on its bills of lading, as drawn (JSON), or null when none was drawn. */
  account: string | null;
  path: string;
  drawnAt: number;
  /** Settles when the drawing ends: true when the file is whole. */
  finished: Promise<boolean>;
  stop: () => void;
}

/**
 * A row of the file in line order, once its booking ends: its shipment's id, and the shipment's
 * row when the booking just wrote it (drawn as written, not read again); null when not booked.
 */
export type BookedInOrder = Promise<{ id: string; row?: Parameters<typeof shippingPagesOf>[1] } | null>;

let folder: string | undefined;
/** The drawn files of this process, by batch; a newer drawing of a batch replaces the older. */
const files = new Map<string, DrawnFile>();

function folderOfFiles() {
  if (!folder) {
    const made = mkdtempSync(join(tmpdir(), 'freight-batch-documents-'));
    folder = made;
    // The files are this process's only: none outlives it.
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  return folder;
}

function forget(file: DrawnFile) {
  if (files.get(file.batchId) === file) files.delete(file.batchId);
  file.stop();
  void rm(file.path, { force: true });
}

/** Drops files past their time, and the oldest beyond MOST_FILES. */
function prune(now: number) {
  for (const file of [...files.values()]) if (now - file.drawnAt > KEPT_FOR_MS) forget(file);
  const byAge = [...files.values()].sort((a, b) => a.drawnAt - b.drawnAt);
  for (const file of byAge.slice(0, Math.max(0, byAge.length - MOST_FILES + 1))) forget(file);
}

/**
 * Draws a batch's merged file as its rows are booked: `inOrder` is every row that will be in it
 * (booked before, or being booked now), in line order, each settling with its shipment (null
 * when the row was not booked). Never throws: a drawing that fails leaves no file, and the
 * download draws afresh.
 */
export function drawAhead(
  ctx: AppContext,
  batch: { id: string; accountId: string; language: Language; unitSystem: UnitSystem },
  inOrder: BookedInOrder[],
) {
  const now = ctx.now();
  prune(now.getTime());
  const earlier = files.get(batch.id);
  if (earlier) forget(earlier);
  const pdf = batchDocumentsPdf(batch.id, batch.language, now);
  const path = join(folderOfFiles(), `${batch.id}-${now.getTime()}.pdf`);
  const file: DrawnFile = {
    batchId: batch.id,
    accountId: batch.accountId,
    language: batch.language,
    unitSystem: batch.unitSystem,
    drawn: [],
    account: null,
    path,
    drawnAt: now.getTime(),
    finished: Promise.resolve(false),
    stop: () => pdf.stream.destroy(),
  };
  files.set(batch.id, file);

  const options = { unitSystem: batch.unitSystem, now };
  const account = { accountId: batch.accountId };
  const draw = async (pages: ShippingPages) => {
    file.drawn.push({ id: pages.shipment.id, updatedAt: pages.shipment.updatedAt.getTime() });
    if (pages.account) file.account ??= JSON.stringify(pages.account);
    return pdf.add(pages);
  };
  /** Rows booked before this booking: read a few at a time, in order. */
  let toRead: string[] = [];
  const drawRead = async () => {
    for await (const pages of shippingDocumentsRows(ctx.db, batch.accountId, toRead, options)) if (!(await draw(pages))) return false;
    toRead = [];
    return true;
  };
  const feed = async () => {
    for (const next of inOrder) {
      const booked = await next;
      if (!booked) continue;
      if (!booked.row) {
        toRead.push(booked.id);
        if (toRead.length >= SHIPMENTS_PER_READ && !(await drawRead())) return;
        continue;
      }
      if (!(await drawRead()) || !(await draw(await shippingPagesOf(ctx.db, booked.row, account, options)))) return;
    }
    if (await drawRead()) pdf.end();
  };
  const written = pipeline(pdf.stream, createWriteStream(path));
  inBulkLane(feed).catch((error: Error) => pdf.stream.destroy(error));
  file.finished = written.then(
    () => true,
    () => {
      forget(file);
      return false;
    },
  );
}

/**
 * The batch's file drawn ahead when it is what would be drawn now: `current` is the shipments the
 * file would hold now, in order, with when each was last changed, and the account's details on
 * its bills of lading (JSON). Waits for a drawing still under way. Undefined: draw afresh.
 */
export async function drawnAheadFile(
  ctx: AppContext,
  batch: { id: string; accountId: string; language: Language; unitSystem: UnitSystem },
  current: () => Promise<{ shipments: { id: string; updatedAt: number }[]; account: string }>,
): Promise<Readable | undefined> {
  prune(ctx.now().getTime());
  const file = files.get(batch.id);
  if (!file || file.accountId !== batch.accountId || file.language !== batch.language || file.unitSystem !== batch.unitSystem) {
    return undefined;
  }
  if (!(await file.finished) || files.get(batch.id) !== file) return undefined;
  const now = await current();
  const same =
    now.shipments.length === file.drawn.length &&
    now.shipments.every((s, n) => s.id === file.drawn[n]?.id && s.updatedAt === file.drawn[n]?.updatedAt) &&
    (file.account === null || file.account === now.account);
  if (!same) return undefined;
  // Opened before anything can remove it: an open file stays readable until the download ends.
  const stream = createReadStream(file.path);
  return await new Promise<Readable | undefined>((resolve) => {
    stream.once('open', () => resolve(stream));
    stream.once('error', () => resolve(undefined));
  });
}
