import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { nextAttemptAt, RETRY_WINDOW_MS } from './webhook-delivery';
import { newWebhookSecret, signedHeaders, verifySignature } from './webhook-signing';

/** Our signing against the Standard Webhooks reference implementation (the `standardwebhooks` package). */
describe('webhook signatures', () => {
  const body = JSON.stringify({ type: 'shipment.booked', timestamp: '2026-11-24T10:00:00.000Z', data: { id: 'x' } });

  it('makes secrets in the spec format and signatures the reference library verifies', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const headers = signedHeaders([secret], 'msg_1', new Date(), body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    // The reference signs exactly as we do.
    expect(headers['webhook-signature']).toBe(
      new Webhook(secret).sign('msg_1', new Date(Number(headers['webhook-timestamp']) * 1000), body),
    );
  });

  it('signs with both secrets during a rotation: a receiver with either verifies', () => {
    const [previous, current] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signedHeaders([current, previous], 'msg_2', new Date(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [previous, current]) expect(new Webhook(secret).verify(body, headers)).toBeTruthy();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('our receiver check refuses a changed body, another secret and an old timestamp', () => {
    const secret = newWebhookSecret();
    const at = new Date('2026-11-24T10:00:00Z');
    const headers = signedHeaders([secret], 'msg_3', at, body);
    expect(verifySignature([secret], headers, body, at)).toBe(true);
    expect(verifySignature([secret], headers, `${body} `, at)).toBe(false);
    expect(verifySignature([newWebhookSecret()], headers, body, at)).toBe(false);
    expect(verifySignature([secret], headers, body, new Date(at.getTime() + 6 * 60_000))).toBe(false);
    expect(verifySignature([secret], { ...headers, 'webhook-signature': 'v2,abc' }, body, at)).toBe(false);
  });
});

describe('the retry schedule', () => {
  it('backs off 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 3 h, then every 4 h, until 72 hours after the event', () => {
    const created = new Date('2026-11-24T10:00:00Z');
    const delays: number[] = [];
    let now = created;
    for (let attempts = 1; ; attempts++) {
      const next = nextAttemptAt(created, attempts, now);
      if (!next) break;
      delays.push((next.getTime() - now.getTime()) / 1000);
      now = next;
    }
    expect(delays.slice(0, 10)).toEqual([5, 30, 120, 600, 1800, 3600, 7200, 10800, 14400, 14400]);
    // The last try is at the end of the window; after it, none.
    expect(now.getTime() - created.getTime()).toBe(RETRY_WINDOW_MS);
    expect(delays.length).toBeGreaterThan(20);
  });
});
