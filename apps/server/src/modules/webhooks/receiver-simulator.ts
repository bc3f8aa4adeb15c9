import Fastify, { type FastifyInstance } from 'fastify';
import { verifySignature } from './webhook-signing';

/** A webhook the receiver accepted: its id, type and data as sent, and when it arrived (by the receiver's clock). */
export interface ReceivedWebhook {
  id: string;
  type: string;
  /** The payload's own timestamp (the event's time). */
  timestamp: string;
  data: Record<string, unknown>;
  receivedAt: Date;
  /** The body and signature headers as received, for a check by another implementation. */
  raw: string;
  headers: { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string };
}

export interface ReceiverOptions {
  /** The signing secrets it accepts ('whsec_...'); asked on every message, so a rotation is seen at once. */
  secrets: () => string[] | Promise<string[]>;
  now: () => Date;
  /** How many messages it keeps (the oldest go first). */
  keep?: number;
}

/**
 * A small webhook receiver for tests, the demo and the bench: POST /receive checks the
 * Standard Webhooks signature (401 when it does not match, as a real receiver should) and keeps
 * what it accepted; `setDown(true)` makes it answer 503, to play a receiver that is down.
 * Tests start it on a port of its own (`startWebhookReceiver`); the embedded default mounts one
 * at /webhook-sim (webhooks.routes.ts).
 */
export function webhookReceiver(opts: ReceiverOptions) {
  const received: ReceivedWebhook[] = [];
  const keep = opts.keep ?? 10_000;
  let down = false;
  let rejected = 0;

  async function routes(scope: FastifyInstance) {
    // The signature is over the exact bytes sent: keep them as a string and parse after the check.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/receive', { config: { csrf: false } }, async (request, reply) => {
      if (down) return reply.code(503).send({ error: 'receiver is down' });
      const raw = typeof request.body === 'string' ? request.body : '';
      const now = opts.now();
      if (!verifySignature(await opts.secrets(), request.headers, raw, now)) {
        rejected += 1;
        return reply.code(401).send({ error: 'bad signature' });
      }
      const message = JSON.parse(raw) as { type: string; timestamp: string; data: Record<string, unknown> };
      const header = (name: string) => String(request.headers[name]);
      const headers = {
        'webhook-id': header('webhook-id'),
        'webhook-timestamp': header('webhook-timestamp'),
        'webhook-signature': header('webhook-signature'),
      };
      received.push({ id: headers['webhook-id'], ...message, receivedAt: now, raw, headers });
      if (received.length > keep) received.splice(0, received.length - keep);
      return reply.code(204).send();
    });
  }

  return {
    routes,
    /** Accepted messages, oldest first (the same event may be there twice: delivery is at least once). */
    received,
    rejectedCount: () => rejected,
    setDown(value: boolean) {
      down = value;
    },
    clear() {
      received.length = 0;
      rejected = 0;
    },
  };
}

/** A receiver on a port of its own; `url` is its /receive endpoint. */
export async function startWebhookReceiver(opts: ReceiverOptions) {
  const receiver = webhookReceiver(opts);
  const app = Fastify({ logger: false });
  await app.register(receiver.routes);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return { ...receiver, url: `${base}/receive`, close: () => app.close() };
}
