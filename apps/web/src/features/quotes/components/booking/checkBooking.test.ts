import { describe, expect, it } from 'vitest';
import i18n from '../../../../lib/i18n';
import { makeQuote, makeRate } from '../results/testQuote';
import { checkBooking } from './checkBooking';
import { initialValues } from './model';

const en = i18n.getFixedT('en');
const required = en('validation.required');
const quote = makeQuote({ inputs: { ...makeQuote().inputs, pickup_date: '2030-03-11' } });
const rate = makeRate('r1', 'Saia', 'SAIA', 3, [['freight', '70', 10_000]]);
const context = { quote, rate, insurance: null, reefer: false };

describe('the booking client checks', () => {
  it('say only that an empty field is required, by form path', () => {
    const errors = checkBooking(en, initialValues(quote), context, '2030-03-10');
    expect(errors['delivery.email']).toBe(required);
    expect(errors['pickup.company']).toBe(required);
    for (const text of Object.values(errors)) expect(text.startsWith(`${required} · `)).toBe(false);
  });

  it("let an eBay order's quote book without the buyer's email, unless the consignee is to be mailed", () => {
    const ebay = makeQuote({ ...quote, booking_prefill: { source: 'ebay_order' } as unknown as typeof quote.booking_prefill });
    const v = initialValues(quote);
    const ctx = { ...context, quote: ebay };
    expect(checkBooking(en, v, ctx, '2030-03-10')).not.toHaveProperty('delivery.email');
    expect(checkBooking(en, { ...v, notify_consignee: true }, ctx, '2030-03-10')['delivery.email']).toBe(required);
  });

  it('add the rules the server adds, in words', () => {
    const parcel = makeQuote({ mode: 'parcel', inputs: { ...quote.inputs, mode: 'parcel', signature: 'adult_signature' } });
    const v = initialValues(parcel);
    const errors = checkBooking(en, { ...v, parcel: { ...v.parcel, signature: 'none' } }, { ...context, quote: parcel }, '2030-03-10');
    expect(errors['parcel.signature']).toContain(en('validation.requote_signature'));
  });
});
