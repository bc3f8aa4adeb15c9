import { Readable } from 'node:stream';
import { SUPPORT_ATTACHMENT_MAX_BYTES } from '@freight/contracts';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors';
import type { AttachmentRow } from './support.repository';

/**
 * The file types support accepts, told by their first bytes (never by the name or the declared
 * type), with the extensions a name of that type may keep (the first is the one given otherwise).
 */
const TYPES: Array<{ type: string; extensions: string[]; matches: (b: Buffer) => boolean }> = [
  {
    type: 'image/png',
    extensions: ['png'],
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jpe', 'jfif'], matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', extensions: ['gif'], matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    extensions: ['webp'],
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { type: 'application/pdf', extensions: ['pdf'], matches: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

/** Bytes every signature is told by (WebP's is the longest). */
export const SNIFF_BYTES = 12;

/** An attachment is stored in chunks of this size as it streams in (support_attachment_chunks). */
export const ATTACHMENT_CHUNK_BYTES = 256 * 1024;

export function sniffType(head: Buffer): string | undefined {
  return TYPES.find((s) => s.matches(head))?.type;
}

/**
 * Control characters, and the bidirectional marks and overrides that make a name read otherwise
 * than it is ("invoice<U+202E>fdp.exe" shows as "invoiceexe.pdf"), plus what a disk refuses.
 */
const UNSAFE_IN_NAME = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"<>|:*?]+/gu;
const MAX_NAME_LENGTH = 120;

/**
 * A file name that is safe in a header and on a disk: no path, no control or bidirectional
 * characters, not too long, and an extension that says the type its content was told to be (a
 * PDF named "photo.png" is stored as "photo.pdf"; a name without one gets it).
 */
export function cleanFileName(name: string | undefined, type: string) {
  const known = TYPES.find((t) => t.type === type);
  const extensions = known?.extensions ?? [type.split('/')[1] ?? 'bin'];
  // Leading dots too: a hidden file's name on the downloader's disk.
  const base = ((name ?? '').split(/[\\/]/).pop() ?? '')
    .replace(UNSAFE_IN_NAME, '')
    .trim()
    .replace(/^[.\s]+/u, '');
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const kept = extensions.includes(extension);
  // Trailing dots and spaces go too: some systems drop them and the name would lose its type.
  const stem = (dot > 0 ? base.slice(0, dot) : base).replace(/[.\s]+$/u, '') || 'attachment';
  const suffix = `.${kept ? base.slice(dot + 1) : extensions[0]}`;
  return `${[...stem].slice(0, MAX_NAME_LENGTH - suffix.length).join('')}${suffix}`;
}

/** At most `limit` callers at a time; the others wait their turn, first come first served. */
export class Slots {
  private busy = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busy += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy -= 1;
    }
  }
}

/*
 * What bounds an upload's memory: each upload holds at most one chunk (256 KB) while its write is
 * awaited, and reads nothing more meanwhile (the socket's own buffer fills, then TCP waits). On the
 * embedded database a chunk's insert also costs its hex text and PGlite's copies (~1 MB), and the
 * inserts run one after another anyway, so at most a few are handed over at once. A process
 * reads at most UPLOADS_AT_ONCE uploads; later ones wait unread.
 */
const UPLOADS_AT_ONCE = 32;
const CHUNK_WRITES_AT_ONCE = 4;
const uploads = new Slots(UPLOADS_AT_ONCE);
const chunkWrites = new Slots(CHUNK_WRITES_AT_ONCE);

/** Where an upload's chunks go (support.repository.ts). */
export interface AttachmentStore {
  insertAttachment(values: Omit<AttachmentRow, 'id' | 'messageId'>): Promise<AttachmentRow>;
  insertAttachmentChunk(attachmentId: string, seq: number, content: Buffer): Promise<void>;
  finishAttachment(attachmentId: string, size: number): Promise<AttachmentRow>;
  deleteAttachment(attachmentId: string): Promise<void>;
}

/**
 * Stores an upload as it streams in: its type is told by its first bytes (nothing is stored for
 * a file of another type), its bytes are written in chunks of ATTACHMENT_CHUNK_BYTES, and it is
 * refused once it passes 10 MB, without ever holding the whole file. A refused or broken upload
 * leaves nothing behind. The row carries size 0 until the last chunk is in: no one knows its id
 * before the answer, and a message cannot claim it meanwhile.
 */
export function storeUpload(
  store: AttachmentStore,
  body: AsyncIterable<Buffer> | undefined,
  meta: { name: string | undefined; accountId: string | null; uploadedBy: string; createdAt: Date },
): Promise<AttachmentRow> {
  return uploads.run(async () => {
    let row: AttachmentRow | undefined;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let seq = 0;
    const start = async () => {
      const type = sniffType(Buffer.concat(pending));
      if (!type) throw AppError.field('file', 'validation.attachment_type');
      row = await store.insertAttachment({
        accountId: meta.accountId,
        uploadedBy: meta.uploadedBy,
        fileName: cleanFileName(meta.name, type),
        contentType: type,
        size: 0,
        createdAt: meta.createdAt,
      });
      return row;
    };
    const flush = async (all: boolean) => {
      if (!row) return;
      const joined = Buffer.concat(pending);
      let at = 0;
      while (joined.length - at >= ATTACHMENT_CHUNK_BYTES || (all && at < joined.length)) {
        const chunk = joined.subarray(at, at + ATTACHMENT_CHUNK_BYTES);
        const id = row.id;
        const n = seq++;
        await chunkWrites.run(() => store.insertAttachmentChunk(id, n, chunk));
        at += chunk.length;
      }
      pending = at < joined.length ? [joined.subarray(at)] : [];
      pendingBytes = joined.length - at;
    };
    try {
      // Not destroyed when the loop stops early: a refused body is drained below instead.
      const pieces = body instanceof Readable ? body.iterator({ destroyOnReturn: false }) : (body ?? []);
      for await (const piece of pieces as AsyncIterable<Buffer>) {
        size += piece.length;
        if (size > SUPPORT_ATTACHMENT_MAX_BYTES) throw AppError.field('file', 'validation.attachment_size');
        pending.push(piece);
        pendingBytes += piece.length;
        if (!row && pendingBytes >= SNIFF_BYTES) await start();
        if (pendingBytes >= ATTACHMENT_CHUNK_BYTES) await flush(false);
      }
      if (size === 0) throw AppError.field('file', 'validation.required');
      const stored = row ?? (await start());
      await flush(true);
      return await store.finishAttachment(stored.id, size);
    } catch (error) {
      // The rest of a refused body is read and dropped, so the client gets the answer rather than
      // a connection closed under its upload (Node's own server would drop it after the answer).
      if (body instanceof Readable) body.resume();
      if (row) await store.deleteAttachment(row.id);
      throw error;
    }
  });
}

/**
 * Sends a stored file, its chunks read in order as the client takes them: images shown inline,
 * PDFs downloaded, never sniffed into something else, and sandboxed should a browser render it
 * as a page anyway. The first chunks are read before the answer starts, so a failure there is a
 * clean error rather than a 200 that breaks off.
 */
export async function sendAttachment(reply: FastifyReply, attachment: AttachmentRow, chunks: AsyncIterable<Buffer>) {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw AppError.notFound();
  const disposition = attachment.contentType.startsWith('image/') ? 'inline' : 'attachment';
  const body = Readable.from(
    (async function* () {
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })(),
    { objectMode: false },
  );
  return reply
    .header('content-type', attachment.contentType)
    .header('content-length', attachment.size)
    .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(attachment.fileName)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    .send(body);
}
