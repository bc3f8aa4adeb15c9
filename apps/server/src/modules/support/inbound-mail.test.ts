import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInboundMailSimulator } from '../../mail/inbound-simulator';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { lastMailTo } from '../../test/outbox';
import { replyAddress } from './inbound-mail';
import { supportReplyMail } from './reply-mail';

const APP_KEY = 'inbound-test-app-key-0123456789abcdef0123456789';
const DOMAIN = 'reply.freight-portal.test';
const SECRET = 'inbound-webhook-secret-0123456789';

let t: TestApp;
let shipper: TestClient;
let ops: TestClient;
let conversation: { id: string; userId: string };

beforeAll(async () => {
  t = await createTestApp({ APP_KEY, INBOUND_MAIL_DOMAIN: DOMAIN, INBOUND_MAIL_SECRET: SECRET });
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  ops = await t.client().login('ops@demo.test', undefined, true);
  const opened = (await shipper.post('/api/support/conversations', { category: 'billing', message: 'Why two invoices?' })).json().data;
  const me = (await shipper.get('/api/user')).json().data;
  conversation = { id: opened.id, userId: me.id };
});
afterAll(() => t.close());

/** What the inbound mail provider posts (Postmark's inbound webhook), with its basic auth. */
const inbound = (mail: Record<string, unknown>, password = SECRET) =>
  t.app.inject({
    method: 'POST',
    url: '/api/inbound-mail/support',
    headers: { authorization: `Basic ${Buffer.from(`postmark:${password}`).toString('base64')}`, 'content-type': 'application/json' },
    payload: { FromFull: { Email: 'Shipper@Demo.test' }, TextBody: 'Full text', ...mail },
  });
const hashOf = (address: string) => address.slice('reply+'.length, address.indexOf('@'));

describe('replies by email', () => {
  it("names the reply address in the unread-reply mail, and the customer's emailed reply lands in the thread", async () => {
    t.clock.advanceMinutes(1);
    await ops.post(`/api/admin/support/conversations/${conversation.id}/messages`, { body: 'One is the reweigh correction.' });
    t.clock.advanceMinutes(6);
    await t.app.jobs.runDue(100);
    expect((await lastMailTo(t, 'shipper@demo.test')).text).toContain('You can also answer by replying to this email');

    const address = replyAddress(APP_KEY, DOMAIN, conversation.id, conversation.userId);
    const res = await inbound({ MailboxHash: hashOf(address), StrippedTextReply: 'Thanks, that explains it.' });
    expect(res.statusCode, res.body).toBe(200);
    const thread = (await shipper.get(`/api/support/conversations/${conversation.id}`)).json().data;
    expect(thread.messages.at(-1)).toMatchObject({ body: 'Thanks, that explains it.', from_staff: false });
    expect(thread.state).toBe('open');
  });

  it('refuses a wrong password (401), a forged or foreign address and another sender (403, the provider stops retrying)', async () => {
    const address = replyAddress(APP_KEY, DOMAIN, conversation.id, conversation.userId);
    expect((await inbound({ MailboxHash: hashOf(address) }, 'wrong-secret-wrong-secret-wrong')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/inbound-mail/support', payload: {} })).statusCode).toBe(401);
    expect((await inbound({ MailboxHash: `${conversation.id}.0000000000000000deadbeef` })).statusCode).toBe(403);
    expect((await inbound({ MailboxHash: hashOf(address), FromFull: { Email: 'other@demo.test' } })).statusCode).toBe(403);
    expect((await inbound({ MailboxHash: 'nonsense' })).statusCode).toBe(403);
    expect((await inbound({ MailboxHash: hashOf(address), TextBody: '   ' })).statusCode).toBe(403);
  });

  it('sets Reply-To on the mail only when an inbound route is configured', () => {
    const base = { name: 'Dana', staffName: 'Otto', excerpt: 'Hi', url: 'http://x/support/1' };
    expect(supportReplyMail('en', 'a@b.test', base).replyTo).toBeUndefined();
    expect(supportReplyMail('es', 'a@b.test', { ...base, replyTo: 'reply+1.abc@reply.test' })).toMatchObject({
      replyTo: 'reply+1.abc@reply.test',
      subject: 'Soporte respondió a su consulta',
    });
  });
});

describe('through the inbound mail simulator (SMTP in, the webhook out)', () => {
  it("turns the customer's emailed reply into their message, without the quoted original", async () => {
    // The test clock stands still: a minute on, so the thread's order is the mail's.
    t.clock.advanceMinutes(1);
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const inboundMail = await startInboundMailSimulator({ webhookUrl: `${origin}/api/inbound-mail/support`, password: SECRET });
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: inboundMail.port, secure: false, ignoreTLS: true });
    await transport.sendMail({
      from: 'shipper@demo.test',
      to: replyAddress(APP_KEY, DOMAIN, conversation.id, conversation.userId),
      subject: 'Re: Support answered your question',
      text: 'Got it, the second invoice is the correction.\n\nOn Sun, Nov 22, 2026 Freight Portal wrote:\n> One is the reweigh correction.',
    });
    expect(inboundMail.delivered).toEqual([{ status: 200, mailboxHash: expect.stringContaining(conversation.id) }]);
    const thread = (await shipper.get(`/api/support/conversations/${conversation.id}`)).json().data;
    expect(thread.messages.at(-1)).toMatchObject({ body: 'Got it, the second invoice is the correction.', from_staff: false });
    await inboundMail.close();
  });
});

describe('without an inbound mail route', () => {
  it('has no webhook', async () => {
    const plain = await createTestApp();
    expect((await plain.app.inject({ method: 'POST', url: '/api/inbound-mail/support', payload: {} })).statusCode).toBe(404);
    await plain.close();
  });
});
