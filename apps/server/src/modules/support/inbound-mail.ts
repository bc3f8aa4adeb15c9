import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { signedByAppKey } from '../../security/app-keys';
import { hmac, safeEqual } from '../../security/tokens';
import { usersService } from '../users/users.service';
import { countSend, type SupportContext } from './support.http';

const SIGNATURE_LENGTH = 24;

const signed = (conversationId: string, userId: string) => `support-reply:${conversationId}:${userId}`;
const signature = (appKey: string, conversationId: string, userId: string) =>
  hmac(appKey, signed(conversationId, userId)).slice(0, SIGNATURE_LENGTH);

/** The address a customer's email reply goes to: it names the conversation and is signed for its customer. */
export function replyAddress(appKey: string, domain: string, conversationId: string, userId: string) {
  return `reply+${conversationId}.${signature(appKey, conversationId, userId)}@${domain}`;
}

/** The parts of Postmark's inbound webhook JSON the reply needs. */
const inboundMail = z.object({
  MailboxHash: z.string().max(200).default(''),
  FromFull: z.object({ Email: z.string().max(320) }),
  StrippedTextReply: z.string().max(100_000).optional(),
  TextBody: z.string().max(100_000).optional(),
});

/** Refused for good: the provider stops retrying on 403. */
const refused = () => new AppError(403, 'forbidden', 'errors.forbidden');

function checkBasicAuth(request: FastifyRequest, secret: string) {
  const header = request.headers.authorization ?? '';
  const decoded = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
  const password = decoded.slice(decoded.indexOf(':') + 1);
  if (!decoded.includes(':') || !safeEqual(password, secret)) throw AppError.unauthenticated();
}

/**
 * Replies by email: the inbound mail provider posts each mail sent to a
 * `reply+<conversation>.<signature>@INBOUND_MAIL_DOMAIN` address here (Postmark's inbound webhook,
 * basic auth). A reply from the conversation's customer, to its signed address, becomes their
 * message in the thread; anything else is refused.
 */
export async function inboundMailRoute(app: FastifyInstance, sctx: SupportContext) {
  const { INBOUND_MAIL_DOMAIN: domain, INBOUND_MAIL_SECRET: secret } = sctx.config;
  if (!domain || !secret) return;
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/inbound-mail/support',
      { config: { csrf: false }, preValidation: async (request) => checkBasicAuth(request, secret), schema: { body: inboundMail } },
      async (request, reply) => {
        const [conversationId = '', sig = ''] = request.body.MailboxHash.split('.');
        if (!isUuid(conversationId)) throw refused();
        const conversation = await sctx.repo.find(conversationId);
        // A reply to a mail sent before an APP_KEY rotation is still its conversation's.
        if (!conversation || !signedByAppKey(sctx.appKey, signed(conversation.id, conversation.userId), sig, SIGNATURE_LENGTH)) {
          throw refused();
        }
        const customer = await usersService(sctx.db).mailRecipient(conversation.userId);
        if (!customer || customer.email !== request.body.FromFull.Email.trim().toLowerCase()) throw refused();
        const text = (request.body.StrippedTextReply || request.body.TextBody || '').trim().slice(0, 4000);
        if (!text) throw refused();
        await countSend(sctx, conversation.userId);
        await sctx.service.post({ userId: conversation.userId, staff: false, accountId: conversation.accountId }, conversation.id, {
          body: text,
          attachment_ids: [],
          internal: false,
        });
        return reply.code(200).send({ ok: true });
      },
    );
}
