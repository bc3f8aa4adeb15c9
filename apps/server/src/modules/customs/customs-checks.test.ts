import type { BookingCustoms } from '@freight/contracts';
import type { ChargeLine } from '@freight/domain/rating';
import { describe, expect, it } from 'vitest';
import { checkedCustoms, withoutOwnBrokers } from './customs-checks';

const declaration = (over: Partial<BookingCustoms> = {}): BookingCustoms => ({
  incoterm: 'DAP',
  currency: 'USD',
  items: [
    {
      hs_code: '847130',
      origin_country: 'US',
      unit_value_cents: 1_000,
      usmca: true,
      origin_criterion: 'B',
      sat_key: '43211503',
      sat_unit: 'XPX',
    },
  ],
  brokers: [
    { country: 'US', ours: true, company: '', contact_name: '', phone: '', email: '' },
    { country: 'MX', ours: false, company: 'Agencia Aduanal Garza', contact_name: '', phone: '81 8340 1200', email: 'a@garza.example' },
  ],
  tax_id: 'ANE010203XY9',
  ...over,
});

async function check(over: Partial<Parameters<typeof checkedCustoms>[0]> = {}) {
  const errors: [string, string][] = [];
  const kept = await checkedCustoms(
    { origin: 'US', destination: 'MX', itemCount: 1, crosses: true, customs: declaration(), ...over },
    (field, key) => errors.push([field, key]),
  );
  return { kept, errors };
}

const line = (detail: string, amount_cents: number): ChargeLine => ({
  code: 'accessorial',
  label: 'quote.charges.accessorial',
  detail,
  amount_cents,
});

describe('a booking’s customs declaration against its quote', () => {
  it('keeps a complete one as declared', async () => {
    expect(await check()).toEqual({ kept: declaration(), errors: [] });
  });

  it('wants one broker per side of the lane, no more, no other country', async () => {
    const [us, mx] = declaration().brokers as [BookingCustoms['brokers'][number], BookingCustoms['brokers'][number]];
    for (const brokers of [[us], [us, us], [us, { ...mx, country: 'CA' as const }]]) {
      expect((await check({ customs: declaration({ brokers }) })).errors).toEqual([['customs.brokers', 'validation.customs_broker_sides']]);
    }
  });

  it('drops the RFC and SAT keys where no end is in Mexico, and asks for them where one is', async () => {
    const toCanada = (await check({ destination: 'CA' })).kept;
    expect(toCanada?.tax_id).toBe('');
    expect(toCanada?.items[0]).toMatchObject({ sat_key: '', sat_unit: null });
    expect((await check({ customs: declaration({ tax_id: '' }) })).errors).toEqual([['customs.tax_id', 'validation.required']]);
    const good = declaration().items[0] as BookingCustoms['items'][number];
    const unkeyed = declaration({ items: [{ ...good, sat_key: '', sat_unit: null }] });
    expect((await check({ customs: unkeyed })).errors).toEqual([
      ['customs.items.0.sat_key', 'validation.required'],
      ['customs.items.0.sat_unit', 'validation.required'],
    ]);
  });

  it("refuses a SAT key the Carta Porte's catalog does not have", async () => {
    const good = declaration().items[0] as BookingCustoms['items'][number];
    const customs = declaration({ items: [{ ...good, sat_key: '99999999' }] });
    expect((await check({ customs })).errors).toEqual([['customs.items.0.sat_key', 'validation.sat_catalog']]);
  });

  it('is refused on a rate within one country and required on one across', async () => {
    expect(await check({ crosses: false })).toEqual({ kept: null, errors: [['customs', 'validation.customs_not_crossing']] });
    expect(await check({ customs: undefined })).toEqual({ kept: null, errors: [['customs', 'validation.required']] });
  });

  it("takes our broker's line off only on the side where the shipper brings its own", () => {
    const lines = [line('border_transfer', 17_500), line('customs_broker_us', 12_500), line('customs_broker_mx', 12_500)];
    expect(withoutOwnBrokers(lines, declaration()).map((l) => l.detail)).toEqual(['border_transfer', 'customs_broker_us']);
    expect(withoutOwnBrokers(lines, null)).toBe(lines);
  });
});
