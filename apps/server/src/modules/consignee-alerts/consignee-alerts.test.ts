import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, consigneeAlertSubscriptions, mailOutbox, shipments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { insertCarrierEvent, insertShipment } from '../tracking/test-fixtures';
import { SUBSCRIBES_PER_ADDRESS_WINDOW } from './consignee-alerts.routes';
import { CONFIRM_MAILS_PER_ADDRESS_HOUR, consigneeAlertsService, SUBSCRIBES_PER_SHIPMENT_HOUR } from './consignee-alerts.service';

/**
 * Consignees' alerts from the public tracking page, on the controllable clock: subscribe, the
 * confirmation mail, confirm, an alert mailed with its unsubscribe link, unsubscribe; the same
 * answer for a repeat, expiry, the cap, the limits, and the end at delivery.
 */
let t: TestApp;
let lastIp = 10;

beforeAll(async () => {
  t = await createTestApp({}, {}, { start: new Date('2026-11-25T15:00:00Z') });
});
afterAll(async () => {
  await t.close();
});

/** A guest of the public page, at an address of its own (the per-address limit stays out of the way unless tested). */
function guest(ip = `203.0.113.${lastIp++}`, language?: string) {
  const client = t.client();
  const send = (url: string, payload: object) =>
    client.request({ method: 'POST', url, payload, remoteAddress: ip, headers: language ? { 'accept-language': language } : {} });
  return {
    subscribe: (number: string, payload: object) => send(`/api/public/tracking/${encodeURIComponent(number)}/alert-subscriptions`, payload),
    confirm: (token: string) => send('/api/public/alert-subscriptions/confirm', { token }),
    unsubscribe: (token: string) => send('/api/public/alert-subscriptions/unsubscribe', { token }),
    raw: (url: string, payload: object, csrf: boolean) => client.request({ method: 'POST', url, payload, remoteAddress: ip, csrf }),
  };
}

const hours = (n: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + n * 3600_000);
};
async function runJobs() {
  while ((await t.app.jobs.runDue(50)) > 0);
}
/** A query parameter of the first link in a mail whose label is `label`. */
function linkParam(text: string, label: string, param: string) {
  const line = text.split('\n').find((l) => l.startsWith(`${label}: `));
  if (!line) throw new Error(`no "${label}" link in: ${text}`);
  return new URL(line.slice(label.length + 2)).searchParams.get(param) ?? '';
}
const subscriptionsOf = (shipmentId: string) =>
  t.database.db.select().from(consigneeAlertSubscriptions).where(eq(consigneeAlertSubscriptions.shipmentId, shipmentId));

/** A shipment in transit whose last event is a day old by the next sweep: the stalled rule raises its alert. */
async function movingShipment() {
  const s = await insertShipment(t.database.db, { status: 'in_transit', pickupDate: '2026-11-24', estimatedDelivery: '2026-12-20' });
  await insertCarrierEvent(t.database.db, s.id, 'AF', 'in_transit', t.clock.now.toISOString());
  return s;
}
const sweepAndNotify = async () => {
  await t.app.jobs.schedule('alerts.sweep', 'every-5-minutes', t.clock.now);
  await runJobs();
};

describe('subscribe, confirm, alert, unsubscribe', () => {
  it('mails the confirmation, then each alert with an unsubscribe link, and nothing after unsubscribing', async () => {
    const s = await movingShipment();
    const g = guest();
    const res = await g.subscribe(s.bolNumber, { email: 'Receiving@Lonestar-Hardware.test', language: 'en' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ data: { status: 'pending' } });

    const [confirmMail, ...more] = await mailsTo(t, 'receiving@lonestar-hardware.test');
    expect(more).toEqual([]);
    expect(confirmMail?.subject).toBe(`Confirm email alerts for shipment ${s.bolNumber}`);
    expect(confirmMail?.text).toContain('(Chicago, IL to Dallas, TX, carrier');
    expect(confirmMail?.text).toContain('Confirm within 48 hours');
    const token = linkParam(confirmMail?.text ?? '', 'Confirm the alerts', 'alerts_confirm');
    expect(confirmMail?.text).toContain(`http://127.0.0.1:3000/track-shipment?number=${s.bolNumber}&alerts_confirm=`);
    // Only the token's hash is kept.
    const [row] = await subscriptionsOf(s.id);
    expect(row).toMatchObject({ email: 'receiving@lonestar-hardware.test', confirmedAt: null, language: 'en' });
    expect(row?.confirmTokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    // Not confirmed yet: an alert reaches the shipper, not the consignee.
    hours(25);
    await sweepAndNotify();
    expect((await t.database.db.select().from(alerts).where(eq(alerts.shipmentId, s.id))).map((a) => a.kind)).toEqual(['stalled']);
    expect(await mailsTo(t, 'receiving@lonestar-hardware.test')).toHaveLength(1);

    const confirmed = await guest().confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toEqual({ status: 'confirmed', number: s.bolNumber });
    // The link used again says the same.
    expect((await guest().confirm(token)).json().data).toEqual({ status: 'confirmed', number: s.bolNumber });

    // A new silence after a new event: a second stalled alert, now mailed to the consignee.
    await insertCarrierEvent(t.database.db, s.id, 'AF', 'in_transit', t.clock.now.toISOString());
    await sweepAndNotify();
    hours(25);
    await sweepAndNotify();
    const alertMails = (await mailsTo(t, 'receiving@lonestar-hardware.test')).slice(1);
    expect(alertMails.map((m) => m.subject)).toEqual([`No tracking update for 24 hours: shipment ${s.bolNumber}`]);
    const mail = alertMails[0]?.text ?? '';
    expect(mail).toContain(`Shipment ${s.bolNumber} (Chicago, IL to Dallas, TX) has had no tracking update for more than 24 hours.`);
    expect(mail).toContain(`Track the shipment: http://127.0.0.1:3000/track-shipment?number=${s.bolNumber}\n`);
    // Nothing of the shipper's: no portal link, no PRO, no settings.
    expect(mail).not.toContain('/track/detail/');
    expect(mail).not.toContain('/settings/alerts');
    const unsubscribe = linkParam(mail, 'Stop these alerts', 'alerts_unsubscribe');

    const stopped = await guest().unsubscribe(unsubscribe);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().data).toEqual({ status: 'unsubscribed', number: s.bolNumber });
    expect((await guest().unsubscribe(unsubscribe)).json().data).toEqual({ status: 'unsubscribed', number: s.bolNumber });

    await insertCarrierEvent(t.database.db, s.id, 'AF', 'in_transit', t.clock.now.toISOString());
    await sweepAndNotify();
    hours(25);
    await sweepAndNotify();
    expect((await t.database.db.select().from(alerts).where(eq(alerts.shipmentId, s.id))).length).toBe(3);
    expect(await mailsTo(t, 'receiving@lonestar-hardware.test')).toHaveLength(2);
  });

  it('mails in the language the page was shown in: the body says it, else the page’s Accept-Language', async () => {
    const s = await movingShipment();
    expect((await guest().subscribe(s.bolNumber, { email: 'recepcion@ferreteria.test', language: 'es' })).statusCode).toBe(202);
    expect((await mailsTo(t, 'recepcion@ferreteria.test'))[0]?.subject).toBe(`Confirme las alertas por correo del envío ${s.bolNumber}`);
    const g = guest(undefined, 'es-MX,es;q=0.9');
    expect((await g.subscribe(s.bolNumber, { email: 'almacen@ferreteria.test' })).statusCode).toBe(202);
    const mail = (await mailsTo(t, 'almacen@ferreteria.test'))[0];
    expect(mail?.subject).toBe(`Confirme las alertas por correo del envío ${s.bolNumber}`);

    const token = linkParam(mail?.text ?? '', 'Confirmar las alertas', 'alerts_confirm');
    expect((await guest().confirm(token)).json().data.status).toBe('confirmed');
    hours(25);
    await sweepAndNotify();
    const alert = (await mailsTo(t, 'almacen@ferreteria.test'))[1];
    expect(alert?.subject).toBe(`Sin novedades de rastreo en 24 horas: envío ${s.bolNumber}`);
    expect(alert?.text).toContain('Dejar de recibir estas alertas: http://127.0.0.1:3000/track-shipment?');
  });

  it('names the shipment by the number the consignee used (a PRO), never its BOL', async () => {
    const s = await movingShipment();
    expect(s.proNumber).toBeTruthy();
    const pro = s.proNumber ?? '';
    expect((await guest().subscribe(pro, { email: 'dock@pro-user.test' })).statusCode).toBe(202);
    const mail = (await mailsTo(t, 'dock@pro-user.test'))[0];
    expect(mail?.subject).toBe(`Confirm email alerts for shipment ${pro}`);
    expect(mail?.text).not.toContain(s.bolNumber);
  });
});

describe('the same answer, expiry and the cap', () => {
  it('answers a repeat the same: a pending address gets a new link, a subscribed one nothing more', async () => {
    const s = await movingShipment();
    const email = 'repeat@consignee.test';
    expect((await guest().subscribe(s.bolNumber, { email })).statusCode).toBe(202);
    const again = await guest().subscribe(s.bolNumber, { email: 'REPEAT@consignee.test' });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ data: { status: 'pending' } });
    const [first, second] = await mailsTo(t, email);
    const oldToken = linkParam(first?.text ?? '', 'Confirm the alerts', 'alerts_confirm');
    const newToken = linkParam(second?.text ?? '', 'Confirm the alerts', 'alerts_confirm');
    // The newer link replaced the older.
    expect((await guest().confirm(oldToken)).statusCode).toBe(404);
    expect((await guest().confirm(newToken)).json().data.status).toBe('confirmed');
    expect(await subscriptionsOf(s.id)).toHaveLength(1);

    const subscribed = await guest().subscribe(s.bolNumber, { email });
    expect(subscribed.statusCode).toBe(202);
    expect(subscribed.body).toBe(again.body);
    expect(await mailsTo(t, email)).toHaveLength(2);
    expect((await subscriptionsOf(s.id))[0]?.confirmedAt).not.toBeNull();
  });

  it('an unconfirmed subscription gets nothing, and its link lapses after 48 hours', async () => {
    const s = await movingShipment();
    expect((await guest().subscribe(s.bolNumber, { email: 'late@consignee.test' })).statusCode).toBe(202);
    const token = linkParam((await mailsTo(t, 'late@consignee.test'))[0]?.text ?? '', 'Confirm the alerts', 'alerts_confirm');
    hours(25);
    await sweepAndNotify();
    hours(24);
    const late = await guest().confirm(token);
    expect(late.statusCode).toBe(200);
    expect(late.json().data).toEqual({ status: 'expired', number: s.bolNumber });
    expect(await mailsTo(t, 'late@consignee.test')).toHaveLength(1);
    // Housekeeping forgets it.
    await consigneeAlertsService(appCtx()).purge();
    expect(await subscriptionsOf(s.id)).toEqual([]);
    expect((await guest().confirm(token)).statusCode).toBe(404);
  });

  it('takes at most 10 subscribers a shipment: the 11th is a 422 on the email, in the error shape', async () => {
    const s = await movingShipment();
    for (let i = 0; i < 10; i++) expect((await guest().subscribe(s.bolNumber, { email: `dock${i}@cap.test` })).statusCode).toBe(202);
    const full = await guest().subscribe(s.bolNumber, { email: 'dock10@cap.test' });
    expect(full.statusCode).toBe(422);
    expect(full.json()).toEqual({
      message: 'This shipment already has the most email subscribers it can have (10)',
      code: 'validation',
      errors: { email: ['This shipment already has the most email subscribers it can have (10)'] },
    });
    expect(await mailsTo(t, 'dock10@cap.test')).toEqual([]);
    // A lapsed link frees its place.
    hours(49);
    expect((await guest().subscribe(s.bolNumber, { email: 'dock10@cap.test' })).statusCode).toBe(202);
  });
});

describe('refusals and limits', () => {
  it('a bad address is 422 "Invalid email"; no address is "Email required"', async () => {
    const s = await movingShipment();
    const bad = await guest().subscribe(s.bolNumber, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: ['Invalid email'] });
    const none = await guest().subscribe(s.bolNumber, { email: ' ' });
    expect(none.json().errors).toEqual({ email: ['Email required'] });
    const spanish = await guest(undefined, 'es').subscribe(s.bolNumber, { email: 'x@' });
    expect(spanish.json().errors.email).toHaveLength(1);
    expect(spanish.json().errors.email[0]).not.toBe('Invalid email');
  });

  it('an unknown number is 404; a delivered shipment is 422', async () => {
    const unknown = await guest().subscribe('NO-SUCH-BOL-123', { email: 'who@consignee.test' });
    expect(unknown.statusCode).toBe(404);
    const weird = await guest().subscribe('BOL\u0000X', { email: 'who@consignee.test' });
    expect(weird.statusCode).toBe(404);
    const delivered = await insertShipment(t.database.db, { status: 'delivered', pickupDate: '2026-11-20' });
    const done = await guest().subscribe(delivered.bolNumber, { email: 'who@consignee.test' });
    expect(done.statusCode).toBe(422);
    expect(done.json().errors.email).toEqual(['This shipment has been delivered or canceled, so it will have no more alerts']);
    expect(await mailsTo(t, 'who@consignee.test')).toEqual([]);
  });

  it('needs the CSRF token like every public unsafe call, and no session', async () => {
    const s = await movingShipment();
    const res = await guest().raw(`/api/public/tracking/${s.bolNumber}/alert-subscriptions`, { email: 'csrf@consignee.test' }, false);
    expect(res.statusCode).toBe(419);
  });

  it('limits per client address, per shipment, and the confirmation mails per mailbox', async () => {
    const s = await movingShipment();
    const one = guest();
    for (let i = 0; i < SUBSCRIBES_PER_ADDRESS_WINDOW; i++)
      expect((await one.subscribe(s.bolNumber, { email: `ip${i}@limit.test` })).statusCode).not.toBe(429);
    const refused = await one.subscribe(s.bolNumber, { email: 'ip-last@limit.test' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Per shipment, from many addresses: it already took 10 requests.
    hours(2);
    const other = await movingShipment();
    for (let i = 0; i < SUBSCRIBES_PER_SHIPMENT_HOUR; i++) await guest().subscribe(other.bolNumber, { email: 'same@limit.test' });
    expect((await guest().subscribe(other.bolNumber, { email: 'same@limit.test' })).statusCode).toBe(429);
    // The one mailbox got its few confirmation links, not one per request.
    expect(await mailsTo(t, 'same@limit.test')).toHaveLength(CONFIRM_MAILS_PER_ADDRESS_HOUR);
  });

  it('unknown and forged tokens are 404', async () => {
    expect((await guest().confirm('nope')).statusCode).toBe(404);
    expect((await guest().unsubscribe('nope')).statusCode).toBe(404);
    expect((await guest().unsubscribe(`00000000-0000-4000-8000-000000000000.${'0'.repeat(64)}`)).statusCode).toBe(404);
  });
});

describe('delivery', () => {
  it('a delivered shipment’s subscriptions end with its delivery alert', async () => {
    const s = await movingShipment();
    expect((await guest().subscribe(s.bolNumber, { email: 'end@consignee.test' })).statusCode).toBe(202);
    const token = linkParam((await mailsTo(t, 'end@consignee.test'))[0]?.text ?? '', 'Confirm the alerts', 'alerts_confirm');
    expect((await guest().confirm(token)).json().data.status).toBe('confirmed');
    // Delivered with a damaged piece: the delivery's alert is told, then the alerts end.
    await t.database.db.update(shipments).set({ status: 'delivered', deliveredAt: t.clock.now }).where(eq(shipments.id, s.id));
    await t.database.db.insert(alerts).values({
      accountId: s.accountId,
      shipmentId: s.id,
      kind: 'delivered_with_exceptions',
      raisedAt: t.clock.now,
      details: { exceptions: ['damage'] },
    });
    await t.app.jobs.schedule('alerts.notify', 'pending', t.clock.now);
    await runJobs();
    const mails = await mailsTo(t, 'end@consignee.test');
    expect(mails.map((m) => m.subject)).toEqual([
      `Confirm email alerts for shipment ${s.bolNumber}`,
      `Delivered with exceptions: shipment ${s.bolNumber}`,
    ]);
    expect((await subscriptionsOf(s.id))[0]).toMatchObject({ endReason: 'delivered' });
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'end@consignee.test'))).toHaveLength(2);
  });
});

/** What the housekeeping's call of the service needs (app.ts runs it every 15 minutes). */
function appCtx() {
  return {
    config: t.config,
    db: t.database.db,
    now: () => t.clock.now,
    mailer: { send: async () => {} },
    throttle: undefined as never,
    background: t.app.background,
    appKey: 'unused',
  };
}
