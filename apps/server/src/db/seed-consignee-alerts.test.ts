import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consigneeAlertsRepository } from '../modules/consignee-alerts/consignee-alerts.repository';
import { shipments, consigneeAlertSubscriptions as subs } from './schema';
import { DEMO_CONSIGNEE_SUBSCRIBERS, seedDemoConsigneeAlerts } from './seed-consignee-alerts';
import { seededDemoDatabase } from './seeded-demo.test-support';

const NOW = new Date('2026-11-25T16:00:00Z');
const demo = seededDemoDatabase(NOW);

const rows = () =>
  demo()
    .db.select({
      shipmentId: subs.shipmentId,
      email: subs.email,
      number: subs.number,
      language: subs.language,
      confirmed: subs.confirmedAt,
      expires: subs.confirmExpiresAt,
      status: shipments.status,
      bol: shipments.bolNumber,
    })
    .from(subs)
    .innerJoin(shipments, eq(shipments.id, subs.shipmentId))
    .orderBy(subs.email);

describe('the demo consignee alert subscriptions', () => {
  it('are one confirmed and one waiting for its link, on the delayed shipment, by its BOL', async () => {
    const [pending, confirmed] = await rows();
    expect(confirmed).toMatchObject({ email: DEMO_CONSIGNEE_SUBSCRIBERS.confirmed, language: 'en', status: 'delayed' });
    expect(confirmed?.confirmed).toBeInstanceOf(Date);
    expect(pending).toMatchObject({ email: DEMO_CONSIGNEE_SUBSCRIBERS.pending, language: 'es', confirmed: null });
    expect(pending?.expires?.getTime()).toBeGreaterThan(NOW.getTime());
    expect(pending?.shipmentId).toBe(confirmed?.shipmentId);
    expect(confirmed?.number).toBe(confirmed?.bol);

    // Only the confirmed address gets the shipment's alert mails.
    const live = await consigneeAlertsRepository(demo().db).liveOf(confirmed?.shipmentId ?? '');
    expect(live.map((s) => s.email)).toEqual([DEMO_CONSIGNEE_SUBSCRIBERS.confirmed]);
  });

  it('add nothing when seeded again', async () => {
    await seedDemoConsigneeAlerts(demo().db, new Date(NOW.getTime() + 3_600_000));
    expect(await rows()).toHaveLength(2);
  });
});
