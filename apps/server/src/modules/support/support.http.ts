import type { Readable } from 'node:stream';
import { SUPPORT_ATTACHMENT_MAX_BYTES } from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { storeUpload } from './attachments';
import type { SupportLive } from './live';
import type { supportRepository } from './support.repository';
import type { supportService } from './support.service';

/** What the customer's and the staff's support routes share. */
export const idParams = z.object({ id: z.string().max(64) });
export const checked = (id: string) => {
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

/** Messages a user may send a minute, counted across processes; a flood from one user stops only that user. */
const SENDS_PER_MINUTE = 30;

export type SupportContext = AppContext & {
  live: SupportLive;
  service: ReturnType<typeof supportService>;
  repo: ReturnType<typeof supportRepository>;
};

/** The SSE reconnect's Last-Event-ID (or `?after=`), if any. */
export function lastEventId(request: FastifyRequest): number | null {
  const raw = request.headers['last-event-id'] ?? (request.query as { after?: string } | undefined)?.after;
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  return raw !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** Counts a send against the user's limit (429 with the seconds to wait past it). */
export async function countSend(ctx: AppContext, userId: string) {
  const state = await ctx.throttle.hit(`support-send:${userId}`, 60);
  if (state.hits > SENDS_PER_MINUTE) throw AppError.tooManyRequests(state.retryAfterSeconds, 'errors.too_many_messages');
}

/**
 * Stores an uploaded file (the request body itself, its name in `?name=`): images and PDFs up to
 * 10 MB, told by content. Registered in its own scope, where any body is handed over unread and
 * streamed into storage (attachments.ts), so no request holds a whole file.
 */
export async function uploadRoute(
  app: FastifyInstance,
  path: string,
  guard: (request: FastifyRequest) => Promise<void>,
  owner: (request: FastifyRequest) => { userId: string; accountId: string | null },
  sctx: SupportContext,
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        path,
        { preValidation: guard, schema: { querystring: z.object({ name: z.string().max(300).optional() }) } },
        async (request, reply) => {
          const { userId, accountId } = owner(request);
          await countSend(sctx, userId);
          // A declared size past the limit is refused before a byte is read.
          if (Number(request.headers['content-length']) > SUPPORT_ATTACHMENT_MAX_BYTES)
            throw AppError.field('file', 'validation.attachment_size');
          const body = request.body as (Readable & AsyncIterable<Buffer>) | undefined;
          const row = await storeUpload(sctx.repo, body, {
            name: request.query.name,
            accountId,
            uploadedBy: userId,
            createdAt: sctx.now(),
          });
          return reply.code(201).send({ data: { id: row.id, file_name: row.fileName, content_type: row.contentType, size: row.size } });
        },
      );
  });
}
