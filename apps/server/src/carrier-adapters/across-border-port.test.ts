import type { BorderService } from '@freight/domain/rating';
import { describe, expect, it } from 'vitest';
import { NOT_ACROSS_THE_BORDER, NOT_AT_THIS_PORT, rateAcrossBorder } from './across-border';
import type { CarrierRate, RateRequest } from './adapter';

const border: BorderService = {
  lanes: ['US-CA', 'CA-US'],
  crossing: 'single_line',
  ports: ['detroit', 'buffalo'],
  crossing_cents: 4_500,
  manifest_cents: 3_500,
  broker_cents: 9_500,
  crossing_days: 1,
};

const request = (port_of_entry?: RateRequest['port_of_entry']) =>
  ({
    mode: 'ltl',
    pickup_date: '2026-12-07',
    origin: { postal_code: 'M5V 3L9', country: 'CA', site_type: 'business', city: 'Toronto', state: 'ON' },
    destination: { postal_code: '60606', country: 'US', site_type: 'business', city: 'Chicago', state: 'IL' },
    stops: [],
    road_miles: 0,
    direct_miles: 0,
    items: [],
    accessorials: [],
    declared_value_cents: 0,
    diesel_usd_per_gal: 3.7,
    signature: 'none',
    unit_system: 'imperial',
    currency: 'USD',
    port_of_entry,
  }) as RateRequest;

const side = (): CarrierRate => ({
  status: 'rated',
  service: 'standard',
  transit_days: 3,
  estimated_delivery: '2026-12-10',
  lines: [{ code: 'freight', label: 'Freight', detail: '70', amount_cents: 50_000 }],
  total_cents: 50_000,
  messages: [],
});

describe('a crossing at the port the shipper chose', () => {
  it('crosses there when the carrier uses it', () => {
    const rate = rateAcrossBorder(border, request('buffalo'), side);
    expect(rate).toMatchObject({ status: 'rated', crossing: { port: 'buffalo' } });
  });

  it('says the carrier crosses elsewhere, not that the lane has no online rate', () => {
    expect(rateAcrossBorder(border, request('champlain'), side)).toEqual({ status: 'no_rate', messages: [NOT_AT_THIS_PORT] });
    expect(rateAcrossBorder({ ...border, lanes: ['US-MX'] }, request('champlain'), side)).toEqual({
      status: 'no_rate',
      messages: [NOT_ACROSS_THE_BORDER],
    });
  });
});
