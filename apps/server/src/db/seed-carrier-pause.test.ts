import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../modules/shipments/test-helpers';
import { createTestApp, type TestApp } from '../test/harness';
import { seedDemoCarrierPause } from './seed-carrier-pause';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCarrierPause(t.database.db, t.clock.now);
});
afterAll(() => t.close());

describe('the demo paused carrier', () => {
  it('shows on the Carriers page and the dashboard with its reason, and quotes again once a probe answers', async () => {
    const sup = await t.client().login('super@demo.test');
    const fedex = (await sup.get('/api/admin/carriers')).json().data.find((c: { scac: string }) => c.scac === 'FDEG');
    expect(fedex).toMatchObject({
      quoting_paused_at: new Date(t.clock.now.getTime() - 12 * 60_000).toISOString(),
      quoting_pause_reason: { kind: 'errors', failures: 9, calls: 12, window_seconds: 300 },
      open_incidents: 1,
    });
    expect((await sup.get('/api/admin/dashboard')).json().data.paused_carriers).toMatchObject([{ scac: 'FDEG', name: 'FedEx Ground' }]);

    // Paused twelve minutes ago: the cool-down is over, so the next parcel quote probes it, and the demo tariff answers.
    const shipper = await t.client().login('shipper@demo.test');
    const res = await shipper.post('/api/quotes', {
      mode: 'parcel',
      pickup_date: businessDay(t),
      origin: { postal_code: '30303', country: 'US', site_type: 'business' },
      destination: { postal_code: '98101', country: 'US', site_type: 'business' },
      items: [{ package_type: 'boxes', quantity: 1, length: 12, width: 12, height: 12, weight: 10, stackable: true, hazardous: false }],
      accessorials: [],
      insured_value: 0,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.rates.map((r: { scac: string }) => r.scac)).toContain('FDEG');
    expect(
      (await sup.get('/api/admin/carriers')).json().data.find((c: { scac: string }) => c.scac === 'FDEG').quoting_paused_at,
    ).toBeNull();
  });
});
