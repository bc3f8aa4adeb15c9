import { SUPPORT_ATTACHMENT_MAX_BYTES } from '@freight/contracts';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors';
import type { AttachmentRow } from './support.repository';

/** The file types support accepts, told by their first bytes (never by the name or the declared type). */
const SIGNATURES: Array<{ type: string; matches: (b: Buffer) => boolean }> = [
  { type: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { type: 'image/webp', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { type: 'application/pdf', matches: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

export function sniffType(content: Buffer): string | undefined {
  return SIGNATURES.find((s) => s.matches(content))?.type;
}

/** A file name that is safe in a header and on a disk: no paths, no control characters, not too long. */
export function cleanFileName(name: string | undefined, type: string) {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\p{Cc}"<>|:*?]+/gu, '')
    .trim()
    .slice(0, 120);
  return cleaned || `attachment.${type === 'application/pdf' ? 'pdf' : type.split('/')[1]}`;
}

/** Checks an upload: a known type by content, 10 MB at most. Answers its type. */
export function checkUpload(content: Buffer) {
  if (content.length === 0) throw AppError.field('file', 'validation.required');
  if (content.length > SUPPORT_ATTACHMENT_MAX_BYTES) throw AppError.field('file', 'validation.attachment_size');
  const type = sniffType(content);
  if (!type) throw AppError.field('file', 'validation.attachment_type');
  return type;
}

/**
 * Sends a stored file: images shown inline, PDFs downloaded, never sniffed into something else,
 * and sandboxed should a browser render it as a page anyway.
 */
export function sendAttachment(reply: FastifyReply, attachment: AttachmentRow, content: Buffer) {
  const disposition = attachment.contentType.startsWith('image/') ? 'inline' : 'attachment';
  return reply
    .header('content-type', attachment.contentType)
    .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(attachment.fileName)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    .send(content);
}
