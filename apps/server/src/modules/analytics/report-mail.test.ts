import type { AnalyticsReport } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { teamMember } from '../../test/team';
import { carrierByScac, insertShipment } from '../tracking/test-fixtures';
import { REPORT_MAIL_JOB } from './report-mail';
import { refreshAnalytics } from './summary.test-support';

/**
 * The Analytics report by mail in December 2031, where no demo shipment is (Chicago, the
 * business's time zone, is at UTC-6: 6 AM there is 12:00Z). The week of Monday December 1 has
 * ODFL 450.00 and SAIA 100.00; the week before has ODFL 300.00 and SAIA 200.00: spend +10%, ODFL
 * +50% and SAIA -50% its largest changes, then LTL +10% (a mode before a lane of the same change).
 */
let t: TestApp;
let shipper: TestClient;
const db = () => t.database.db;
const MONDAY_ROUND = new Date('2031-12-08T12:00:00Z');
let odfl: { id: string; name: string };
let saia: { id: string; name: string };

async function make(scac: 'ODFL' | 'SAIA', pickup: string, total: number, email = 'shipper@demo.test') {
  const row = await insertShipment(db(), { email, scac, pickupDate: pickup, transitDays: 2 });
  await db()
    .update(shipments)
    .set({
      status: 'pending',
      originState: 'IL',
      destinationState: 'GA',
      currency: 'USD',
      totalCents: total,
      items: [{ package_type: 'pallets', quantity: 1, weight_lb: 500, description: 'Goods', length_in: 48, width_in: 40, height_in: 40 }],
      charges: [{ code: 'freight', label: 'quote.charge.freight', amount_cents: total }],
    })
    .where(eq(shipments.id, row.id));
}

/** Runs the round as of `at`, as the job runner does when it is due (scheduled anew: a second run, or after a restart). */
async function runRound(at: Date) {
  t.clock.now = at;
  await t.app.jobs.schedule(REPORT_MAIL_JOB, 'round', at);
  await t.app.jobs.runDue(50);
  await t.app.background.drain();
}

const reportMails = async (email: string) => (await mailsTo(t, email)).filter((m) => m.text.includes('/analytics-report/unsubscribe/'));
const choose = async (client: TestClient, frequency: string) => {
  const res = await client.put('/api/analytics/report-mail', { frequency });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const unsubscribeTokenOf = (text: string) => text.match(/\/analytics-report\/unsubscribe\/(\S+)/)?.[1] ?? '';

beforeAll(async () => {
  // Wednesday December 3, 2031, noon in Chicago.
  t = await createTestApp({}, {}, { start: new Date('2031-12-03T18:00:00Z') });
  shipper = await t.client().login('shipper@demo.test');
  odfl = await carrierByScac(db(), 'ODFL');
  saia = await carrierByScac(db(), 'SAIA');
  await make('ODFL', '2031-12-02', 45_000);
  await make('SAIA', '2031-12-05', 10_000);
  await make('ODFL', '2031-11-25', 30_000);
  await make('SAIA', '2031-11-27', 20_000);
  await refreshAnalytics(t);
});
afterAll(() => t.close());

describe('the choice on the settings', () => {
  it('is off by default, then weekly or monthly, and a wrong value is a field error', async () => {
    expect((await shipper.get('/api/analytics/report-mail')).json().data).toEqual({ frequency: 'off' });
    expect(await choose(shipper, 'monthly')).toEqual({ frequency: 'monthly' });
    expect(await choose(shipper, 'weekly')).toEqual({ frequency: 'weekly' });
    const bad = await shipper.put('/api/analytics/report-mail', { frequency: 'daily' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.frequency).toBeDefined();
    expect((await t.client().get('/api/analytics/report-mail')).statusCode).toBe(401);
  });

  it('a viewer may choose it only while the account lets viewers read Analytics', async () => {
    await teamMember(t, 'Demo Shipper Co', 'report-viewer@demo.test', 'viewer');
    const viewer = await t.client().login('report-viewer@demo.test');
    expect((await viewer.put('/api/analytics/report-mail', { frequency: 'weekly' })).statusCode).toBe(403);
    expect((await shipper.put('/api/account/analytics-access', { viewers: true })).statusCode).toBe(200);
    expect(await choose(viewer, 'weekly')).toEqual({ frequency: 'weekly' });
  });
});

describe('the weekly round', () => {
  it('sends nothing for a week that ended before the user chose the report', async () => {
    // Monday December 1's round would report November 24-30; they chose on December 3.
    await runRound(new Date('2031-12-01T12:00:00Z'));
    expect(await reportMails('shipper@demo.test')).toHaveLength(0);
    t.clock.now = new Date('2031-12-03T18:00:00Z');
  });

  it('on Monday morning mails the week before once, with the Analytics page’s own figures', async () => {
    // Closed to viewers again before the round: the viewer who chose it gets nothing.
    await shipper.put('/api/account/analytics-access', { viewers: false });
    // Sunday 11 PM in Chicago: the round is not due yet.
    t.clock.now = new Date('2031-12-08T05:00:00Z');
    await t.app.jobs.runDue(50);
    expect(await reportMails('shipper@demo.test')).toHaveLength(0);

    t.clock.now = MONDAY_ROUND;
    await t.app.jobs.runDue(50);
    await t.app.background.drain();
    // Run again (a second process, a restart): still one.
    await runRound(new Date(MONDAY_ROUND.getTime() + 3600_000));
    const mails = await reportMails('shipper@demo.test');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    if (!mail) throw new Error('no report mail');
    expect(mail.subject).toBe('Your weekly shipping report, December 1 to December 7');
    const reader = await t.client().login('shipper@demo.test');
    const res = await reader.get('/api/analytics?period=custom&from=2031-12-01&to=2031-12-07');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as AnalyticsReport;
    expect(page.totals.spend_cents).toBe(55_000);
    const usd = (cents: number | null) => `$${((cents ?? 0) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(mail.text).toContain(`Spend: ${usd(page.totals.spend_cents)} (+10% against the week before)`);
    expect(mail.text).toContain('Shipments: 2 (0% against the week before)');
    expect(mail.text).toContain(`Cost per shipment: ${usd(page.totals.cost_per_shipment_cents)} (+10% against the week before)`);
    expect(mail.text).toContain(`Cost per hundredweight (100 lb): ${usd(page.totals.cost_per_cwt_cents)} (+10% against the week before)`);
    expect(mail.text).toContain('On-time pickup: none measured');
    expect(mail.text).toContain('Invoice accuracy (shipments reweighed or reclassed): 0% (0 points against the week before)');
    expect(mail.text).toContain(
      [
        'The largest changes:',
        '',
        `Spend with ${odfl.name} rose 50%.`,
        '',
        `Spend with ${saia.name} fell 50%.`,
        '',
        'Spend on LTL shipments rose 10%.',
      ].join('\n'),
    );
    expect(mail.text).toContain('http://127.0.0.1:3000/analytics?period=custom&from=2031-12-01&to=2031-12-07&currency=USD');
    expect(mail.html).toContain(
      '<a href="http://127.0.0.1:3000/analytics?period=custom&amp;from=2031-12-01&amp;to=2031-12-07&amp;currency=USD">',
    );
    expect(await reportMails('report-viewer@demo.test')).toHaveLength(0);
  });

  it('a week without shipments is said in one sentence', async () => {
    await runRound(new Date('2031-12-15T12:00:00Z'));
    const mails = await reportMails('shipper@demo.test');
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('Demo Shipper Co had no shipments picked up from December 8 to December 14.');
    expect(mails[1]?.text).not.toContain('Spend:');
  });

  it('in Spanish and metric units for a user who reads them; nothing for one who left or never chose it', async () => {
    await teamMember(t, 'Demo Shipper Co', 'report-es@demo.test', 'shipper');
    const es = await t.client().login('report-es@demo.test');
    expect((await es.put('/api/settings', { language: 'es', unit_system: 'metric' })).statusCode).toBe(200);
    await choose(es, 'weekly');
    const gone = await teamMember(t, 'Demo Shipper Co', 'report-gone@demo.test', 'shipper');
    await choose(await t.client().login('report-gone@demo.test'), 'weekly');
    await db().update(users).set({ deactivatedAt: t.clock.now }).where(eq(users.id, gone.id));
    await make('ODFL', '2031-12-16', 20_000);
    await refreshAnalytics(t);

    await runRound(new Date('2031-12-22T12:00:00Z'));
    const [mail] = (await reportMails('report-es@demo.test')).map((m) => ({ ...m, text: m.text.replace(/\u00a0/g, ' ') }));
    expect(mail?.subject).toBe('Su informe semanal de envíos, del 15 de diciembre al 21 de diciembre');
    expect(mail?.text).toContain('Gasto: USD 200.00 (ninguno la semana anterior)');
    expect(mail?.text).toContain('Costo por 100 kg:');
    expect(mail?.text).toContain('Dejar de recibir este informe: http://127.0.0.1:3000/analytics-report/unsubscribe/');
    expect(await reportMails('report-gone@demo.test')).toHaveLength(0);
    expect(await reportMails('other@demo.test')).toHaveLength(0);
  });
});

describe('the monthly round', () => {
  it('on the 1st mails the month before against the whole month before it', async () => {
    await teamMember(t, 'Demo Shipper Co', 'report-billing@demo.test', 'billing');
    const billing = await t.client().login('report-billing@demo.test');
    await choose(billing, 'monthly');
    await runRound(new Date('2032-01-01T12:00:00Z'));
    const [mail, ...more] = await reportMails('report-billing@demo.test');
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Your shipping report for December 2031');
    // December: 450 + 100 + 200 = 750.00 against November's 300 + 200 = 500.00.
    expect(mail?.text).toContain('Spend: $750.00 (+50% against the month before)');
    expect(mail?.text).toContain('Shipments: 3 (+50% against the month before)');
    await runRound(new Date('2032-01-01T14:00:00Z'));
    expect(await reportMails('report-billing@demo.test')).toHaveLength(1);
  });
});

describe('the unsubscribe link', () => {
  it('turns the report off without signing in; a changed token is not found', async () => {
    const sent = await reportMails('report-es@demo.test');
    const token = unsubscribeTokenOf(sent[0]?.text ?? '');
    const guest = t.client();
    const tampered = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;
    expect((await guest.post('/api/public/analytics-report/unsubscribe', { token: tampered })).statusCode).toBe(404);
    expect((await guest.post('/api/public/analytics-report/unsubscribe', { token: '' })).statusCode).toBe(422);
    const res = await guest.post('/api/public/analytics-report/unsubscribe', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ frequency: 'off' });
    const es = await t.client().login('report-es@demo.test');
    expect((await es.get('/api/analytics/report-mail')).json().data).toEqual({ frequency: 'off' });
    await runRound(new Date('2032-01-05T12:00:00Z'));
    expect(await reportMails('report-es@demo.test')).toHaveLength(sent.length);
    expect((await reportMails('shipper@demo.test')).length).toBeGreaterThan(3);
  });
});
