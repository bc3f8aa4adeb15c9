import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsMessages, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { colleague } from '../user-sessions/user-sessions.test-support';
import { smsRepository } from './sms.repository';
import { TWILIO_INBOUND_PATH } from './sms.routes';
import { registerSmsRuntime, SMS_RECORD_KEEP_DAYS, sendSmsToUser, smsStatusOfUser, trimSmsRecord } from './sms.service';
import { TEST_TWILIO, type TestTwilio } from './sms.test-support';
import { twilioClient, twilioProvider } from './twilio.client';
import { twilioSignature } from './twilio.simulator';

let t: TestApp;
/** The harness's Twilio simulator of this app: the official client reaches it over HTTP. */
let twilio: TestTwilio;
beforeAll(async () => {
  t = await createTestApp();
  if (!t.twilio) throw new Error('the harness starts a Twilio simulator for every app');
  twilio = t.twilio;
  // Colleagues of the test's own at Demo Shipper Co (the API tests seed few demo users).
  for (const email of ['casey.sms@demo.test', 'dana.sms@demo.test', 'billy.sms@demo.test', 'vera.sms@demo.test', 'tom.sms@demo.test']) {
    await colleague(t, email);
  }
});
afterAll(() => t.close());

const idOf = async (email: string) => {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};
const setNumber = (c: TestClient, mobile_number: string) => c.put('/api/settings/sms', { mobile_number });
const inbound = (from: string, body: string) => twilio.inbound(from, body);

describe('the mobile number for text alerts (GET/PUT /api/settings/sms)', () => {
  it('is none at first, then kept in E.164 form and shown as its owner reads it', async () => {
    const c = await t.client().login('casey.sms@demo.test');
    expect((await c.get('/api/settings/sms')).json().data).toEqual({
      mobile_number: null,
      display: null,
      default_country: 'US',
      opted_out: false,
    });
    const res = await setNumber(c, ' (312) 555-0142 ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ mobile_number: '+13125550142', display: '(312) 555-0142', default_country: 'US', opted_out: false });
    expect((await c.get('/api/settings/sms')).json().data.mobile_number).toBe('+13125550142');
    // A Mexican mobile typed with its country code is kept as such and shown in international form.
    const mx = await setNumber(c, '+52 81 1234 5678');
    expect(mx.json().data).toMatchObject({ mobile_number: '+528112345678', display: '+52 81 1234 5678' });
    // '' removes it.
    expect((await setNumber(c, '')).json().data.mobile_number).toBeNull();
    expect(await smsStatusOfUser(t.database.db, await idOf('casey.sms@demo.test'))).toEqual({ mobileNumber: null, optedOut: false });
  });

  it("refuses what is no number with the spec's message at the field, in the user's language, and keeps the number", async () => {
    await colleague(t, 'lucia.sms@demo.test', 'Lucía', 'es');
    const es = await t.client().login('lucia.sms@demo.test');
    await setNumber(es, '312-555-0177');
    for (const typed of ['12345', '312-555-01', '(312) 555-0177 ext 9', 'call me', '+44 20 7946 0958', '+1 876 555 0100']) {
      const res = await setNumber(es, typed);
      expect(res.statusCode, typed).toBe(422);
      expect(res.json().errors, typed).toEqual({ mobile_number: ['Ingrese un número válido'] });
    }
    const en = await t.client().login('dana.sms@demo.test');
    expect((await setNumber(en, '555')).json().errors).toEqual({ mobile_number: ['Enter valid number'] });
    expect((await es.get('/api/settings/sms')).json().data.mobile_number).toBe('+13125550177');
  });

  it("sets only the caller's own number; a guest gets 401", async () => {
    const shipper = await t.client().login('shipper@demo.test');
    const other = await t.client().login('other@demo.test');
    await setNumber(shipper, '(404) 555-0101');
    await setNumber(other, '(404) 555-0202');
    expect((await shipper.get('/api/settings/sms')).json().data.mobile_number).toBe('+14045550101');
    expect((await other.get('/api/settings/sms')).json().data.mobile_number).toBe('+14045550202');
    // A body naming someone else changes nothing of theirs: the route has no user but the caller.
    const sneaky = await other.put('/api/settings/sms', { mobile_number: '(404) 555-0303', user_id: await idOf('shipper@demo.test') });
    expect(sneaky.statusCode).toBe(200);
    expect((await shipper.get('/api/settings/sms')).json().data.mobile_number).toBe('+14045550101');
    expect((await t.client().get('/api/settings/sms')).statusCode).toBe(401);
    expect((await t.client().put('/api/settings/sms', { mobile_number: '(404) 555-0101' })).statusCode).toBe(401);
  });
});

describe('sendSmsToUser, through the Twilio simulator over HTTP', () => {
  it("answers 'no_number' for a user without one, and sends nothing", async () => {
    const before = twilio.messages().length;
    expect(await sendSmsToUser(t.database.db, await idOf('vera.sms@demo.test'), 'Your shipment was delivered')).toBe('no_number');
    expect(twilio.messages()).toHaveLength(before);
  });

  it('texts the number from the configured sender, as Twilio would record it', async () => {
    const c = await t.client().login('billy.sms@demo.test');
    await setNumber(c, '(312) 555-0150');
    const userId = await idOf('billy.sms@demo.test');
    // The module's own context works as well as its db.
    const ctxLike = { config: t.config, db: t.database.db } as unknown as Parameters<typeof sendSmsToUser>[0];
    expect(await sendSmsToUser(ctxLike, userId, 'BOL 1234: delivered at 10:42')).toBe('sent');
    const [sent] = twilio.sentTo('+13125550150');
    expect(sent).toMatchObject({
      to: '+13125550150',
      from: TEST_TWILIO.from,
      body: 'BOL 1234: delivered at 10:42',
      status: 'queued',
      direction: 'outbound-api',
      account_sid: TEST_TWILIO.accountSid,
    });
    expect(sent?.sid).toMatch(/^SM[0-9a-f]{32}$/);
    // Twilio's message log, read over HTTP with the official client.
    const client = twilioClient({ accountSid: TEST_TWILIO.accountSid, authToken: TEST_TWILIO.authToken, apiUrl: twilio.url });
    const listed = await client.messages.list({ to: '+13125550150' });
    expect(listed.map((m) => [m.sid, m.body, m.status])).toEqual([[sent?.sid, 'BOL 1234: delivered at 10:42', 'queued']]);
    const rows = await t.database.db.select().from(smsMessages).where(eq(smsMessages.userId, userId));
    expect(rows).toEqual([expect.objectContaining({ toNumber: '+13125550150', status: 'sent', providerSid: sent?.sid, errorCode: null })]);
  });

  it('cuts a text over 1,600 characters rather than have it refused', async () => {
    const c = await t.client().login('billy.sms@demo.test');
    await setNumber(c, '(312) 555-0151');
    expect(await sendSmsToUser(t.database.db, await idOf('billy.sms@demo.test'), 'x'.repeat(2000))).toBe('sent');
    const body = twilio.sentTo('+13125550151')[0]?.body ?? '';
    expect(body).toHaveLength(1600);
    expect(body.endsWith('…')).toBe(true);
  });

  it("answers 'failed' when Twilio refuses the number, and records its code", async () => {
    const userId = await idOf('tom.sms@demo.test');
    // Twilio's test number that no text reaches (21612).
    await smsRepository(t.database.db).setNumber(userId, '+15005550002', t.clock.now);
    expect(await sendSmsToUser(t.database.db, userId, 'Pickup tomorrow')).toBe('failed');
    const [row] = await t.database.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.userId, userId)));
    expect(row).toMatchObject({ status: 'failed', errorCode: 21612, providerSid: null });
  });

  it("answers 'failed' on wrong credentials or no answer, logging the code without the secret, and never throws", async () => {
    const lines: unknown[] = [];
    const log = { warn: (o: unknown, m: string) => lines.push([o, m]), error: (o: unknown, m: string) => lines.push([o, m]) };
    const userId = await idOf('billy.sms@demo.test');
    const secret = 'wrong-auth-token-DO-NOT-LOG-9876';
    try {
      registerSmsRuntime(t.database.db, {
        provider: twilioProvider({ accountSid: TEST_TWILIO.accountSid, authToken: secret, from: TEST_TWILIO.from, apiUrl: twilio.url }),
        log: log as never,
        now: () => t.clock.now,
      });
      expect(await sendSmsToUser(t.database.db, userId, 'hello')).toBe('failed');
      // Nothing listens on port 9 of the loopback address: a network fault.
      registerSmsRuntime(t.database.db, {
        provider: twilioProvider({
          accountSid: TEST_TWILIO.accountSid,
          authToken: secret,
          from: TEST_TWILIO.from,
          apiUrl: 'http://127.0.0.1:9',
        }),
        log: log as never,
        now: () => t.clock.now,
      });
      expect(await sendSmsToUser(t.database.db, userId, 'hello')).toBe('failed');
    } finally {
      // The app's own runtime back: a fresh app on the same db registers it again.
      registerSmsRuntime(t.database.db, {
        provider: twilioProvider({ ...TEST_TWILIO, apiUrl: twilio.url }),
        log: log as never,
        now: () => t.clock.now,
      });
    }
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual([{ userId, code: 20003, status: 401 }, expect.any(String)]);
    expect(lines[1]).toEqual([{ userId, code: null, status: null }, expect.any(String)]);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(Buffer.from(`${TEST_TWILIO.accountSid}:${secret}`).toString('base64'));
    expect(logged).not.toContain('+1312555');
  });
});

describe('the record of texts sent', () => {
  it('is kept 13 months: the daily job forgets older texts and runs again the next day', async () => {
    const userId = await idOf('tom.sms@demo.test');
    const now = t.clock.now;
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const repo = smsRepository(t.database.db);
    const text = (createdAt: Date) =>
      repo.recordMessage({ userId, toNumber: '+13125550199', status: 'sent', providerSid: 'SM1', errorCode: null, createdAt });
    await text(daysAgo(SMS_RECORD_KEEP_DAYS + 1));
    await text(daysAgo(SMS_RECORD_KEEP_DAYS - 1));
    await text(daysAgo(1));
    const result = await trimSmsRecord({ db: t.database.db, now: () => now });
    expect(result.removed).toBe(1);
    expect(result.runAgainAt.getTime() - now.getTime()).toBe(86_400_000);
    const left = await t.database.db
      .select({ at: smsMessages.createdAt })
      .from(smsMessages)
      .where(and(eq(smsMessages.userId, userId), eq(smsMessages.toNumber, '+13125550199')));
    expect(left.map((r) => r.at.getTime()).sort((a, b) => a - b)).toEqual([
      daysAgo(SMS_RECORD_KEEP_DAYS - 1).getTime(),
      daysAgo(1).getTime(),
    ]);
  });
});

describe('opting out: STOP and START through the signed inbound webhook', () => {
  it('a number that texts STOP gets nothing until it texts START', async () => {
    const c = await t.client().login('shipper@demo.test');
    await setNumber(c, '(773) 555-0160');
    const userId = await idOf('shipper@demo.test');
    expect(await sendSmsToUser(t.database.db, userId, 'first')).toBe('sent');

    expect((await inbound('+17735550160', '  Stop ')).delivered).toBe(200);
    expect((await c.get('/api/settings/sms')).json().data.opted_out).toBe(true);
    expect(await sendSmsToUser(t.database.db, userId, 'second')).toBe('opted_out');
    // Each of Twilio's opt-out words does it; a plain reply does not undo it.
    for (const word of ['STOPALL', 'unsubscribe', 'CANCEL', 'end', 'QUIT'])
      expect((await inbound('+17735550160', word)).delivered).toBe(200);
    expect((await inbound('+17735550160', 'ok thanks')).delivered).toBe(200);
    expect(await sendSmsToUser(t.database.db, userId, 'third')).toBe('opted_out');

    expect((await inbound('+17735550160', 'START')).delivered).toBe(200);
    expect(await sendSmsToUser(t.database.db, userId, 'fourth')).toBe('sent');
    await inbound('+17735550160', 'QUIT');
    await inbound('+17735550160', 'unstop');
    expect(await sendSmsToUser(t.database.db, userId, 'fifth')).toBe('sent');
    expect(twilio.sentTo('+17735550160').map((m) => m.body)).toEqual(['first', 'fourth', 'fifth']);
  });

  it('refuses a bad or missing signature with 403 and changes nothing', async () => {
    const c = await t.client().login('dana.sms@demo.test');
    await setNumber(c, '(773) 555-0170');
    const url = `${t.config.appUrl}${TWILIO_INBOUND_PATH}`;
    const params = {
      MessageSid: `SM${'1'.repeat(32)}`,
      AccountSid: TEST_TWILIO.accountSid,
      From: '+17735550170',
      To: TEST_TWILIO.from,
      Body: 'STOP',
    };
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: TWILIO_INBOUND_PATH,
        payload: new URLSearchParams(params).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    expect((await post({})).statusCode).toBe(403);
    expect((await post({ 'x-twilio-signature': twilioSignature('another-token-0123456789abcdef', url, params) })).statusCode).toBe(403);
    // Signed over other words than those posted.
    expect(
      (await post({ 'x-twilio-signature': twilioSignature(TEST_TWILIO.authToken, url, { ...params, Body: 'hello' }) })).statusCode,
    ).toBe(403);
    expect((await c.get('/api/settings/sms')).json().data.opted_out).toBe(false);
    // Signed rightly, the same request is taken: Twilio's empty TwiML answer.
    const ok = await post({ 'x-twilio-signature': twilioSignature(TEST_TWILIO.authToken, url, params) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/xml/);
    expect(ok.body).toContain('<Response></Response>');
    expect((await c.get('/api/settings/sms')).json().data.opted_out).toBe(true);
  });
});

describe('the Twilio simulator speaks Twilio’s protocol', () => {
  const create = (form: Record<string, string>, auth = `${TEST_TWILIO.accountSid}:${TEST_TWILIO.authToken}`) =>
    fetch(`${twilio.url}/2010-04-01/Accounts/${TEST_TWILIO.accountSid}/Messages.json`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(auth).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });

  it("answers 201 with the Message resource, and Twilio's error JSON for a bad 'To' or bad credentials", async () => {
    const ok = await create({ To: '+13125550190', From: TEST_TWILIO.from, Body: 'hi' });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({
      sid: expect.stringMatching(/^SM/),
      status: 'queued',
      to: '+13125550190',
      from: TEST_TWILIO.from,
      body: 'hi',
      num_segments: '1',
    });
    const bad = await create({ To: '3125550190', From: TEST_TWILIO.from, Body: 'hi' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: 21211,
      message: "The 'To' number 3125550190 is not a valid phone number.",
      more_info: 'https://www.twilio.com/docs/errors/21211',
      status: 400,
    });
    const denied = await create({ To: '+13125550190', From: TEST_TWILIO.from, Body: 'hi' }, `${TEST_TWILIO.accountSid}:nope`);
    expect(denied.status).toBe(401);
    expect(await denied.json()).toMatchObject({ code: 20003, status: 401 });
    const service = await create({ To: '+13125550190', MessagingServiceSid: `MG${'a'.repeat(32)}`, Body: 'hi' });
    expect(await service.json()).toMatchObject({ status: 'accepted', from: null, messaging_service_sid: `MG${'a'.repeat(32)}` });
  });

  it('reaches the official client as a RestException with the code', async () => {
    const client = twilioClient({ accountSid: TEST_TWILIO.accountSid, authToken: TEST_TWILIO.authToken, apiUrl: twilio.url });
    await expect(client.messages.create({ to: 'not a number', from: TEST_TWILIO.from, body: 'x' })).rejects.toMatchObject({
      code: 21211,
      status: 400,
    });
  });
});
