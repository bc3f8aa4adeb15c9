import { describe, expect, it } from 'vitest';
import type { Quote } from '../../api/quotesApi';
import { makeQuote } from '../results/testQuote';
import { type CustomsItemValues, customsOnRerate, customsRequest, initialCustoms } from './customsModel';

const base = makeQuote();
const across = (country: 'CA' | 'MX', items = base.inputs.items) =>
  makeQuote({
    inputs: { ...base.inputs, items, destination: { postal_code: '64000', country, site_type: 'business' } } as Quote['inputs'],
  });

describe('the booking form’s customs declaration', () => {
  it('starts only across a border: our broker on both sides, a line per item from the shipper’s country', () => {
    expect(initialCustoms(base)).toBeNull();
    expect(initialCustoms(across('MX'))).toEqual({
      incoterm: '',
      currency: 'USD',
      items: [{ hs_code: '', origin_country: 'US', unit_value: '', usmca: false, origin_criterion: '', sat_key: '', sat_unit: '' }],
      brokers: [
        { country: 'US', ours: true, company: '', contact_name: '', phone: '', email: '' },
        { country: 'MX', ours: true, company: '', contact_name: '', phone: '', email: '' },
      ],
      tax_id: '',
    });
  });

  it('sends values in cents, our brokers without contacts, and no RFC without Mexico; leaves out what is blank', () => {
    const customs = initialCustoms(across('CA'));
    if (!customs) throw new Error('no customs');
    const typed = {
      ...customs,
      incoterm: 'DAP' as const,
      tax_id: 'ANE010203XY9',
      items: [{ ...(customs.items[0] as CustomsItemValues), unit_value: 12.345 }],
    };
    expect(customsRequest(typed)).toEqual({
      incoterm: 'DAP',
      currency: 'USD',
      items: [{ hs_code: '', origin_country: 'US', unit_value_cents: 1_235, usmca: false }],
      brokers: [
        { country: 'US', ours: true },
        { country: 'CA', ours: true },
      ],
      tax_id: '',
    });
    expect(customsRequest(customs)).not.toHaveProperty('incoterm');
    expect(customsRequest(customs).items[0]).not.toHaveProperty('unit_value_cents');
  });

  it('keeps what was typed through a re-rate across the same border, a new item starting empty', () => {
    const was = initialCustoms(across('MX'));
    if (!was) throw new Error('no customs');
    const typed = { ...was, incoterm: 'DDP' as const, items: [{ ...(was.items[0] as CustomsItemValues), hs_code: '847130' }] };
    const twoItems = initialCustoms(across('MX', [...base.inputs.items, ...base.inputs.items]));
    expect(customsOnRerate(typed, twoItems)?.items.map((i) => i.hs_code)).toEqual(['847130', '']);
    expect(customsOnRerate(typed, twoItems)?.incoterm).toBe('DDP');
    expect(customsOnRerate(typed, initialCustoms(across('CA')))?.incoterm).toBe('');
    expect(customsOnRerate(typed, null)).toBeNull();
  });
});
