import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { SUPPORT_ATTACHMENT_MAX_BYTES } from '@freight/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportAttachmentChunks, supportAttachments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { ATTACHMENT_CHUNK_BYTES } from './attachments';
import { supportRepository } from './support.repository';

let t: TestApp;
let shipper: TestClient;
let ops: TestClient;
const db = () => t.database.db;
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');
const digest = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  ops = await t.client().login('ops@demo.test');
});
afterAll(() => t.close());

/** A body sent as a stream in pieces, with no Content-Length: only reading it tells its size. */
const streamed = (content: Buffer, piece = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < content.length; at += piece) yield content.subarray(at, at + piece);
    })(),
  );

const upload = (c: TestClient, payload: Buffer | Readable, name: string, path = '/api/support/attachments') =>
  c.request({
    method: 'POST',
    url: `${path}?name=${encodeURIComponent(name)}`,
    payload,
    headers: { 'content-type': 'application/octet-stream' },
  });

const attachmentRows = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(supportAttachments)
  )[0]!.n;

describe('attachments at the size limit', () => {
  // Four at once prove that concurrent uploads at the limit each stay whole and the server answers
  // meanwhile; twenty at once under the embedded default's small heap is bench/attachment-uploads.ts
  // (here, 200 MB through the embedded database took four minutes of each test run).
  it('takes four 10 MB uploads at once, keeps answering, and reads every file back whole', { timeout: 600_000 }, async () => {
    const files = Array.from({ length: 4 }, () => Buffer.concat([PNG, randomBytes(SUPPORT_ATTACHMENT_MAX_BYTES - PNG.length)]));
    const uploads = Promise.all(
      files.map((file, i) => upload(i % 2 ? ops : shipper, file, `dock-${i}.png`, i % 2 ? '/api/admin/support/attachments' : undefined)),
    );
    // The server answers other requests while the uploads stream in.
    const meanwhile = await shipper.get('/api/support/conversations');
    expect(meanwhile.statusCode).toBe(200);
    const answers = await uploads;
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    expect((await shipper.get('/api/user')).statusCode).toBe(200);
    for (const [i, res] of answers.entries()) {
      const { id, size, file_name } = res.json().data;
      expect(size).toBe(SUPPORT_ATTACHMENT_MAX_BYTES);
      expect(file_name).toBe(`dock-${i}.png`);
      const chunks = await db()
        .select({ seq: supportAttachmentChunks.seq })
        .from(supportAttachmentChunks)
        .where(eq(supportAttachmentChunks.attachmentId, id));
      expect(chunks).toHaveLength(SUPPORT_ATTACHMENT_MAX_BYTES / ATTACHMENT_CHUNK_BYTES);
      const got = i % 2 ? await ops.get(`/api/admin/support/attachments/${id}`) : await shipper.get(`/api/support/attachments/${id}`);
      expect(got.statusCode).toBe(200);
      expect(Number(got.headers['content-length'])).toBe(SUPPORT_ATTACHMENT_MAX_BYTES);
      expect(digest(got.rawPayload)).toBe(digest(files[i]!));
    }
  });

  it('refuses a streamed upload once it passes 10 MB, and keeps nothing of it', async () => {
    const before = await attachmentRows();
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(SUPPORT_ATTACHMENT_MAX_BYTES)]);
    const res = await upload(shipper, streamed(big), 'claim.pdf');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['A file can be at most 10 MB']);
    expect(await attachmentRows()).toBe(before);
    // Exactly at the limit, streamed, is a file.
    const exact = await upload(shipper, streamed(big.subarray(0, SUPPORT_ATTACHMENT_MAX_BYTES)), 'claim.pdf');
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().data).toMatchObject({ size: SUPPORT_ATTACHMENT_MAX_BYTES, content_type: 'application/pdf' });
  });

  it('refuses another type from its first bytes, an empty body, and stores names that say the type', async () => {
    const before = await attachmentRows();
    const exe = await upload(shipper, streamed(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300_000)])), 'photo.png');
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors.file).toEqual(['Attach images (PNG, JPEG, GIF, WebP) or PDF files only']);
    expect((await upload(shipper, Buffer.alloc(0), 'empty.png')).statusCode).toBe(422);
    expect(await attachmentRows()).toBe(before);
    const disguised = await upload(shipper, Buffer.from('%PDF-1.4\n%%EOF'), 'invoice\u202efdp.exe');
    expect(disguised.json().data).toMatchObject({ file_name: 'invoicefdp.pdf', content_type: 'application/pdf' });
    const got = await shipper.get(`/api/support/attachments/${disguised.json().data.id}`);
    expect(got.headers['content-disposition']).toBe("attachment; filename*=UTF-8''invoicefdp.pdf");
    expect(got.rawPayload.toString()).toBe('%PDF-1.4\n%%EOF');
  });

  it('an upload still streaming in cannot be claimed by a message', async () => {
    const [row] = await db()
      .insert(supportAttachments)
      .values({ accountId: null, uploadedBy: null, fileName: 'half.png', contentType: 'image/png', size: 0 })
      .returning();
    const res = await shipper.post('/api/support/conversations', { category: 'other', message: 'see file', attachment_ids: [row!.id] });
    expect(res.statusCode).toBe(422);
    expect((await shipper.get(`/api/support/attachments/${row!.id}`)).statusCode).toBe(404);
    // Housekeeping removes it once it is old; finished uploads stay.
    const finished = await attachmentRows();
    await supportRepository(db()).purgeUnfinishedAttachments(new Date(Date.now() + 60_000));
    expect(await db().select().from(supportAttachments).where(eq(supportAttachments.id, row!.id))).toEqual([]);
    expect(await attachmentRows()).toBe(finished - 1);
  });
});
