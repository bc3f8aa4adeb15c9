import { describe, expect, it } from 'vitest';
import { hasField, splitErrors } from './errorPlacement';
import { defaultValues, emptyItem, type FormValues } from './model';

const values = (): FormValues => {
  const v = defaultValues({ unit_system: 'imperial', currency: 'USD', mode_pick: 'auto' });
  // Line 2 is loaded on line 1 (boxes on the same pallet).
  const base = { ...emptyItem(), key: 'base' };
  return { ...v, items: [base, { ...emptyItem(), key: 'loaded', combine_with: 'base' }] };
};

describe('error placement', () => {
  it('places the shipment fields on both pages', () => {
    for (const kind of ['ltl_parcel', 'truckload'] as const) {
      for (const path of ['origin.postal_code', 'destination.country', 'origin.site_type', 'pickup_date', 'insured_value']) {
        expect(hasField(path, values(), kind)).toBe(true);
      }
    }
  });

  it('places equipment and stops on the truckload page only', () => {
    for (const path of ['equipment_type', 'stops', 'stops.0.postal_code', 'stops.1.kind']) {
      expect(hasField(path, values(), 'truckload')).toBe(true);
      expect(hasField(path, values(), 'ltl_parcel')).toBe(false);
    }
    expect(hasField('stops.0.city', values(), 'truckload')).toBe(false);
  });

  it('places a line loaded on another under its own fields, but not its dimensions or class', () => {
    const v = values();
    expect(hasField('items.1.weight', v, 'ltl_parcel')).toBe(true);
    expect(hasField('items.1.description', v, 'ltl_parcel')).toBe(true);
    expect(hasField('items.1.height', v, 'ltl_parcel')).toBe(false);
    expect(hasField('items.1.freight_class', v, 'ltl_parcel')).toBe(false);
    expect(hasField('items.0.height', v, 'ltl_parcel')).toBe(true);
    expect(hasField('items.0.nmfc', v, 'ltl_parcel')).toBe(true);
  });

  it('gives truckload lines dimensions whatever they are loaded on, and never a class', () => {
    const v = values();
    expect(hasField('items.1.height', v, 'truckload')).toBe(true);
    expect(hasField('items.0.freight_class', v, 'truckload')).toBe(false);
  });

  it('has no field for a line that is not there, an unknown line field or a path of no field', () => {
    const v = values();
    expect(hasField('items.5.weight', v, 'ltl_parcel')).toBe(false);
    expect(hasField('items.0.volume', v, 'ltl_parcel')).toBe(false);
    expect(hasField('items', v, 'ltl_parcel')).toBe(false);
    expect(hasField('client_ref', v, 'ltl_parcel')).toBe(false);
  });

  it('splits errors into those under fields and the texts of the others, each text once', () => {
    const { fields, general } = splitErrors(
      { 'origin.postal_code': 'Enter a ZIP', 'items.1.height': 'Too high', 'items.0.freight_class': 'Too high', client_ref: 'Too long' },
      values(),
      'truckload',
    );
    expect(fields).toEqual({ 'origin.postal_code': 'Enter a ZIP', 'items.1.height': 'Too high' });
    expect(general).toEqual(['Too high', 'Too long']);
  });
});
