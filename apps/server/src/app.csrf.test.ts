import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';
import { isSimulatorPath } from './test/outside-simulators';
import { routeTable } from './test/routes';

/**
 * CSRF on every unsafe method: each POST, PUT, PATCH and DELETE the app registers (new ones join
 * by themselves) answers 419 to a signed-in browser's request without the X-XSRF-TOKEN header,
 * except the machine endpoints that authenticate otherwise.
 */
const MACHINE_ENDPOINTS = new Set([
  // Carriers sign their events with their own HMAC key.
  'POST /api/carriers/:scac/tracking-events',
  // eBay signs its notifications (ECDSA, verified with its public key).
  'POST /api/ebay/notifications',
  // The inbound mail provider authenticates with basic auth.
  'POST /api/inbound-mail/support',
  // OAuth clients authenticate with their id and secret (RFC 6749); the public API under /api/v1 with bearer tokens.
  'POST /oauth/token',
  // The demo webhook receiver checks the Standard Webhooks signature (never mounted in production).
  'POST /webhook-sim/receive',
  // Stripe signs its events (Stripe-Signature: an HMAC with the endpoint's secret).
  'POST /api/webhooks/stripe',
  // Twilio signs its inbound texts (X-Twilio-Signature: an HMAC with the account's auth token).
  'POST /api/webhooks/twilio/sms',
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INBOUND_MAIL_DOMAIN: 'reply.freight-portal.test', INBOUND_MAIL_SECRET: 'inbound-webhook-secret-0123456789' });
});
afterAll(() => t.close());

describe('CSRF', () => {
  it('refuses every unsafe request without the token, signed in or not', async () => {
    const shipper = await t.client().login('shipper@demo.test');
    const unsafe = routeTable(t.app).filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(unsafe.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const { method, path } of unsafe) {
      // The embedded eBay, OpenID provider, Stripe and Twilio simulators stand for those services' own servers (never mounted in production).
      if (MACHINE_ENDPOINTS.has(`${method} ${path}`) || isSimulatorPath(path)) continue;
      const url = path.replace(/:[a-zA-Z_]+/g, '00000000-0000-4000-8000-000000000000');
      const res = await shipper.request({ method: method as 'POST', url, payload: {}, csrf: false });
      if (res.statusCode !== 419) wrong.push(`${method} ${path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
