import { createHash, createVerify } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { EbayClient } from './ebay.client';
import { ebayRepository } from './ebay.repository';

const KEY_TTL_MS = 60 * 60_000;

/**
 * eBay's Marketplace Account Deletion notifications. The endpoint answers eBay's
 * challenge (SHA-256 of the challenge code, the verification token and the endpoint's URL); each
 * notification's X-EBAY-SIGNATURE is verified with eBay's public key (Notification API) before
 * anything is done: then a deleted buyer's name, street, phone and email leave the orders, and a
 * deleted seller's store is disconnected and its tokens erased.
 */
export async function ebayNotificationRoutes(app: FastifyInstance, ctx: AppContext, client: EbayClient, verificationToken: string) {
  const endpoint = `${ctx.config.appUrl}/api/ebay/notifications`;
  const keys = new Map<string, { key: string; at: number }>();
  let appToken: { value: string; expiresAt: Date } | null = null;

  async function publicKey(kid: string) {
    const cached = keys.get(kid);
    if (cached && Date.now() - cached.at < KEY_TTL_MS) return cached.key;
    if (!appToken || appToken.expiresAt <= ctx.now()) {
      const t = await client.appToken(ctx.now());
      appToken = { value: t.accessToken, expiresAt: t.accessExpiresAt };
    }
    const { key } = await client.publicKey(appToken.value, kid);
    keys.set(kid, { key, at: Date.now() });
    return key;
  }

  /** Whether eBay signed these bytes (the header: base64 JSON of alg, kid, signature, digest). */
  async function verified(raw: Buffer, header: string | undefined) {
    try {
      const parsed = JSON.parse(Buffer.from(header ?? '', 'base64').toString('utf8')) as { kid?: string; signature?: string };
      if (!parsed.kid || !parsed.signature) return false;
      const key = await publicKey(parsed.kid);
      return createVerify('SHA1').update(raw).verify(key, parsed.signature, 'base64');
    } catch {
      return false;
    }
  }

  app.get('/api/ebay/notifications', async (request, reply) => {
    const code = String((request.query as { challenge_code?: string }).challenge_code ?? '');
    if (!code) throw AppError.notFound();
    const challengeResponse = createHash('sha256').update(code).update(verificationToken).update(endpoint).digest('hex');
    return reply.header('content-type', 'application/json').send({ challengeResponse });
  });

  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/ebay/notifications', { config: { csrf: false } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      // eBay retries what is not acknowledged; 412 tells it the signature did not hold.
      if (!(await verified(raw, request.headers['x-ebay-signature'] as string | undefined))) {
        return reply.code(412).send({ message: 'The notification signature could not be verified.', code: 'bad_signature' });
      }
      const note = JSON.parse(raw.toString('utf8')) as { metadata?: { topic?: string }; notification?: { data?: { username?: string } } };
      const username = note.notification?.data?.username;
      if (note.metadata?.topic === 'MARKETPLACE_ACCOUNT_DELETION' && username) await forget(username);
      return reply.code(204).send();
    });
  });

  async function forget(username: string) {
    await ctx.db.transaction((tx) => ebayRepository(tx).forgetUser(username));
  }
}
