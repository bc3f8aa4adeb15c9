import { describe, expect, it } from 'vitest';
import { contractErrors } from './contractErrors';
import { defaultValues, emptyItem, type FormValues, toRequest } from './model';
import { formPath, validateValues } from './validate';

const base = (): FormValues => {
  const v = defaultValues({ unit_system: 'imperial', currency: 'USD', mode_pick: 'auto' });
  v.origin.postal_code = '60606';
  v.destination.postal_code = '30301';
  // The form starts without a date until the server proposes one.
  v.pickup_date = '2026-11-30';
  v.insured_value = 0;
  v.items = [{ ...emptyItem(), key: 'a', package_type: 'pallets', length: 48, width: 40, height: 48, weight: 500 }];
  return v;
};

describe('client checks', () => {
  it('pass a complete form, with 0 as the shipment value', () => {
    expect(validateValues(base(), 'ltl_parcel')).toEqual({});
  });

  it("use the spec's words: required zip and value, package type, height over 96 in, weight per item", () => {
    const v = base();
    v.origin.postal_code = ' ';
    v.insured_value = '';
    v.items = [{ ...emptyItem(), key: 'a', package_type: '', quantity: 1.5, length: 48, width: 40, height: 97, weight: 20_001 }];
    expect(validateValues(v, 'ltl_parcel')).toEqual({
      'origin.postal_code': 'validation.required',
      insured_value: 'validation.required',
      'items.0.package_type': 'validation.package_type_required',
      'items.0.quantity': 'validation.integer',
      'items.0.height': 'quote.no_rate.height_call',
      'items.0.weight': 'quotes.form.errors.weight_max',
    });
  });

  it('measure height in the unit system: 243 cm passes, 244 cm does not', () => {
    const v = base();
    v.unit_system = 'metric';
    v.items = [{ ...emptyItem(), key: 'a', package_type: 'pallets', length: 120, width: 100, height: 243, weight: 200 }];
    expect(validateValues(v, 'ltl_parcel')).toEqual({});
    v.items[0] = { ...(v.items[0] as FormValues['items'][number]), height: 244 };
    expect(validateValues(v, 'ltl_parcel')['items.0.height']).toBe('quote.no_rate.height_call');
  });

  it('ask a loaded line for its weight only, and truckload for the equipment and its payload', () => {
    const v = base();
    v.items.push({ ...emptyItem(), key: 'b', package_type: 'boxes', weight: 10, combine_with: 'a' });
    expect(validateValues(v, 'ltl_parcel')).toEqual({});
    const tl = base();
    tl.items[0] = { ...(tl.items[0] as FormValues['items'][number]), quantity: 100, height: 100 };
    expect(validateValues(tl, 'truckload')).toEqual({ equipment_type: 'validation.required' });
    // The chosen type's maximum payload (the types are data, loaded by the form).
    tl.equipment_type = 'dry_van';
    expect(validateValues(tl, 'truckload', 45_000)).toEqual({ 'items.0.weight': 'quotes.form.errors.weight_max' });
    tl.equipment_type = 'conestoga';
    expect(validateValues(tl, 'truckload', 500_000)).toEqual({});
    tl.equipment_type = 'rgn';
    expect(validateValues(tl, 'truckload', null)).toEqual({});
  });

  it("map the contract's item paths back to form lines through the merged request", () => {
    const v = base();
    v.items.push({ ...emptyItem(), key: 'b', package_type: 'boxes', weight: 10, combine_with: 'a' });
    v.items.push({ ...emptyItem(), key: 'c', package_type: 'crates', length: 10, width: 10, height: 200_000, weight: 10 });
    const { request, lineKeys } = toRequest(v, 'ltl');
    expect(contractErrors(request, lineKeys, v)).toEqual({ 'items.2.height': 'validation.too_large' });
    expect(formPath(['items', '1', 'weight'], lineKeys, v)).toBe('items.2.weight');
    expect(formPath(['currency'], lineKeys, v)).toBe('currency');
  });
});
