import { describe, expect, it } from 'vitest';
import { makeQuote, makeRate } from '../results/testQuote';
import { changesRating, extraErrors, formPath, initialValues, pickupOutsideHours, toRequest } from './model';
import { makeAddress } from './testAddress';

const business = makeQuote({
  inputs: {
    ...makeQuote().inputs,
    pickup_date: '2030-03-11',
    destination: { postal_code: '30301', country: 'US', site_type: 'business' },
  },
});
const rate = makeRate('r1', 'Saia', 'SAIA', 3, [['freight', '70', 10_000]]);

describe('booking model', () => {
  it('asks a parcel its own questions: the handoff (a window only for a pickup), the quoted signature, no dock questions', () => {
    const parcel = makeQuote({ mode: 'parcel', inputs: { ...business.inputs, mode: 'parcel', signature: 'adult_signature' } });
    const ups = makeRate('u', 'UPS Ground', 'UPSN', 3, []);
    const v = initialValues(parcel);
    expect(v.parcel).toEqual({ handoff: 'pickup', signature: 'adult_signature' });
    const pickup = toRequest(v, parcel, ups, null);
    expect(pickup).toMatchObject({
      parcel_options: { handoff: 'pickup', signature: 'adult_signature', residential: false },
      ready_time: '09:00',
      close_time: '17:00',
    });
    for (const field of ['delivery_appointment', 'delivery_date', 'residential_or_liftgate', 'pickup_note'])
      expect(pickup).not.toHaveProperty(field);
    const dropOff = toRequest({ ...v, parcel: { ...v.parcel, handoff: 'drop_off' } }, parcel, ups, null);
    expect(dropOff).not.toHaveProperty('ready_time');
    expect(dropOff).not.toHaveProperty('close_time');
    // A signature the rates did not price is a re-rate, not a free extra.
    expect(extraErrors({ ...v, parcel: { ...v.parcel, signature: 'none' } }, parcel, ups, '2030-03-10')).toEqual({
      'parcel.signature': 'validation.requote_signature',
    });
    expect(extraErrors(v, parcel, ups, '2030-03-10')).toEqual({});
  });

  it('sends the references with a value, in order, and no single pair', () => {
    const v = initialValues(business);
    expect(v.references).toEqual([{ type: 'po_number', value: '' }]);
    const req = toRequest(
      {
        ...v,
        references: [
          { type: 'po_number', value: 'PO-1' },
          { type: 'so_number', value: '' },
          { type: 'shipper_reference', value: 'MINE-9' },
        ],
      },
      business,
      rate,
      null,
    );
    expect(req.references).toEqual([
      { type: 'po_number', value: 'PO-1' },
      { type: 'shipper_reference', value: 'MINE-9' },
    ]);
    expect(req).not.toHaveProperty('reference_type');
    expect(toRequest(v, business, rate, null).references).toEqual([]);
  });

  it('fills a place from the entry picked in the quote form while it is at the quoted postal code', () => {
    const entry = makeAddress({ company: 'Peach Dock', street1: '1 Peachtree St', postal_code: '30301', country: 'US' });
    const v = initialValues(business, { destination: entry });
    expect(v.delivery).toMatchObject({ company: 'Peach Dock', street1: '1 Peachtree St', postal_code: '30301', address_book_id: entry.id });
    expect(v.pickup.company).toBe('');
    // Picked, then the postal code changed in the form: the entry is not the quoted place any more.
    expect(initialValues(business, { destination: { ...entry, postal_code: '30303' } }).delivery.company).toBe('');
  });

  it('tells which picked entries change the rating: postal code, site type, a lift-gate the rates lack; never the street or contact', () => {
    const same = makeAddress({
      postal_code: '30301',
      country: 'US',
      location_type: 'commercial',
      limited_access: false,
      liftgate_recommended: false,
    });
    expect(changesRating(business, 'destination', { ...same, company: 'Other Co', street1: '9 Elm', first_name: 'Zoe' })).toBe(false);
    expect(changesRating(business, 'destination', { ...same, postal_code: '30303' })).toBe(true);
    expect(changesRating(business, 'destination', { ...same, location_type: 'residential' })).toBe(true);
    expect(changesRating(business, 'destination', { ...same, liftgate_recommended: true })).toBe(true);
  });

  it('sends a reefer range in whole °F, converted from °C for metric users', () => {
    const reefer = makeQuote({
      mode: 'truckload',
      inputs: { ...business.inputs, mode: 'truckload', equipment_type: 'reefer', unit_system: 'metric' },
    });
    const v = { ...initialValues(reefer), temperature: { low: '-2', high: '4', run: 'cycle' as const } };
    expect(toRequest(v, reefer, rate, null, true).temperature).toEqual({ low_f: 28, high_f: 39, run: 'cycle' });
    expect(toRequest(v, reefer, rate, null, false)).not.toHaveProperty('temperature');
    expect(extraErrors({ ...v, temperature: { low: '', high: '', run: 'continuous' } }, reefer, rate, '2030-03-10', true)).toEqual({});
    expect(formPath('temperature.low_f')).toBe('temperature.low');
    expect(formPath('parcel_options.signature')).toBe('parcel.signature');
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
