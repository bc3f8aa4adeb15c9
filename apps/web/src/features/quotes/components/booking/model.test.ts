import { describe, expect, it } from 'vitest';
import { makeQuote, makeRate } from '../results/testQuote';
import { extraErrors, initialValues, pickupNoteRule, pickupOutsideHours, toRequest } from './model';

const business = makeQuote({
  inputs: {
    ...makeQuote().inputs,
    pickup_date: '2030-03-11',
    destination: { postal_code: '30301', country: 'US', site_type: 'business' },
  },
});
const rate = makeRate('r1', 'Saia', 'SAIA', 3, [['freight', '70', 10_000]]);

describe('booking model', () => {
  it('asks UPS and FedEx how they get parcels, says USPS’s mail carrier picks up, and asks nothing of freight', () => {
    const parcel = makeQuote({ mode: 'parcel' });
    expect(pickupNoteRule(parcel, makeRate('u', 'UPS Ground', 'UPSN', 3, []))).toMatchObject({ kind: 'choose' });
    expect(pickupNoteRule(parcel, makeRate('f', 'FedEx Ground', 'FDEG', 3, []))).toMatchObject({ kind: 'choose' });
    expect(pickupNoteRule(parcel, makeRate('p', 'USPS Priority Mail', 'USPS', 3, []))).toEqual({
      kind: 'fixed',
      note: 'mail_carrier_picks_up',
    });
    expect(pickupNoteRule(business, rate)).toEqual({ kind: 'none' });
    const v = initialValues(parcel);
    expect(extraErrors({ ...v, pickup_date: '2030-03-11' }, parcel, makeRate('u', 'UPS Ground', 'UPSN', 3, []), '2030-03-10')).toEqual({
      pickup_note: 'validation.required',
    });
    expect(toRequest(v, parcel, makeRate('p', 'USPS', 'USPS', 3, []), null).pickup_note).toBe('mail_carrier_picks_up');
  });

  it('presets the residential / lift-gate answer from the quote, and says a yes the rates lack needs a re-rate', () => {
    expect(initialValues(makeQuote()).residential_or_liftgate).toBe('yes'); // residential delivery site
    const v = initialValues(business);
    expect(v.residential_or_liftgate).toBe('no');
    expect(extraErrors({ ...v, residential_or_liftgate: 'yes' }, business, rate, '2030-03-10')).toEqual({
      residential_or_liftgate: 'validation.requote_accessorials',
    });
    expect(extraErrors({ ...v, delivery_appointment: true }, business, rate, '2030-03-10')).toEqual({
      delivery_appointment: 'validation.requote_appointment',
    });
    expect(extraErrors(v, business, rate, '2030-03-12')).toEqual({ pickup_date: 'validation.date_today_or_after' });
  });

  it('builds the request: the insurance kind, hazmat only when hazardous, a picked place not saved again', () => {
    const v = initialValues(business);
    v.pickup.address_book_id = '6f1c2f9e-0000-4000-8000-000000000001';
    v.pickup.save_to_address_book = true;
    v.delivery.save_to_address_book = true;
    const req = toRequest(v, business, rate, { kind: 'full', premium_cents: 1, coverage_cents: 2, deductible_cents: 0 });
    expect(req).toMatchObject({ insurance: 'full', residential_or_liftgate: false, hazardous: false });
    expect(req.pickup).toMatchObject({ address_book_id: v.pickup.address_book_id, save_to_address_book: false });
    expect(req.delivery).toMatchObject({ save_to_address_book: true });
    expect(req.delivery).not.toHaveProperty('address_book_id');
    expect(req).not.toHaveProperty('hazmat');
    expect(req).not.toHaveProperty('delivery_date');
    expect(toRequest({ ...v, hazardous: true }, business, rate, null).hazmat).toEqual(v.hazmat);
  });
  it("warns of a pickup window outside the pickup place's hours of operation, and only then", () => {
    const base = initialValues(makeQuote());
    const at = (opens: string, closes: string, ready: string, close: string) =>
      pickupOutsideHours({ ...base, pickup: { ...base.pickup, opens_at: opens, closes_at: closes }, ready_time: ready, close_time: close });
    expect(at('08:00', '16:00', '09:00', '15:00')).toBeUndefined();
    expect(at('08:00', '16:00', '08:00', '16:00')).toBeUndefined();
    expect(at('08:00', '16:00', '07:30', '15:00')).toEqual({ opens: '08:00', closes: '16:00' });
    expect(at('08:00', '16:00', '09:00', '17:00')).toEqual({ opens: '08:00', closes: '16:00' });
    // Hours not given: nothing to warn about.
    expect(at('', '', '06:00', '22:00')).toBeUndefined();
  });
});
