import { describe, expect, it } from 'vitest';
import { defaultValues, emptyItem, fromRequest, toRequest } from './model';

const defaults = { unit_system: 'imperial' as const, currency: 'USD' as const, mode_pick: 'auto' as const };

describe('form model', () => {
  it('guesses no pickup date: the server proposes it', () => {
    expect(defaultValues(defaults).pickup_date).toBe('');
  });

  it('builds the request per mode: accessorials for LTL only, signature for parcel only, equipment for truckload only, codes trimmed', () => {
    const v = { ...defaultValues(defaults), pickup_date: '2026-11-23' };
    v.origin.postal_code = ' m5v 2t6 ';
    v.origin.country = 'CA';
    v.destination.postal_code = '60606';
    v.items = [{ ...emptyItem(), package_type: 'boxes', length: '12', width: 10, height: 8, weight: 5, nmfc: ' ', freight_class: '85' }];
    v.accessorials = ['liftgate_delivery', 'appointment'];
    v.insured_value = 150;
    v.signature = 'signature';
    v.equipment_type = 'flatbed';
    const ltl = toRequest(v, 'ltl', '  REF-1 ').request;
    expect(ltl).toEqual({
      mode: 'ltl',
      pickup_date: '2026-11-23',
      origin: { postal_code: 'M5V 2T6', country: 'CA', site_type: 'business' },
      destination: { postal_code: '60606', country: 'US', site_type: 'business' },
      items: [
        {
          package_type: 'boxes',
          quantity: 1,
          length: 12,
          width: 10,
          height: 8,
          weight: 5,
          freight_class: 85,
          stackable: true,
          hazardous: false,
        },
      ],
      accessorials: ['appointment', 'liftgate_delivery'],
      insured_value: 150,
      currency: 'USD',
      unit_system: 'imperial',
      client_ref: 'REF-1',
    });
    expect(toRequest(v, 'parcel').request).toMatchObject({ mode: 'parcel', accessorials: [], signature: 'signature' });
    expect(toRequest(v, 'parcel').request.equipment_type).toBeUndefined();
    expect(toRequest(v, 'truckload').request).toMatchObject({ mode: 'truckload', accessorials: [], equipment_type: 'flatbed' });
    expect(toRequest(v, 'truckload').request.signature).toBeUndefined();
  });

  it('sends the port of entry chosen only while it is on the border the shipment crosses, and reads it back', () => {
    const toMexico = {
      ...defaultValues(defaults),
      pickup_date: '2026-11-23',
      destination: { postal_code: '64000', country: 'MX' as const, site_type: 'business' as const },
      port_of_entry: 'el_paso' as const,
    };
    const { request } = toRequest(toMexico, 'ltl');
    expect(request.port_of_entry).toBe('el_paso');
    expect(fromRequest(request, defaults).port_of_entry).toBe('el_paso');
    // The countries changed since: El Paso is not on the Canadian border.
    const toCanada = { ...toMexico, destination: { ...toMexico.destination, postal_code: 'M5V 3L9', country: 'CA' as const } };
    expect(toRequest(toCanada, 'ltl').request).not.toHaveProperty('port_of_entry');
  });

  it('reads a stored request back, the mode becoming the pick', () => {
    const v = fromRequest(
      {
        mode: 'parcel',
        pickup_date: '2030-01-02',
        origin: { postal_code: '60606', country: 'US', site_type: 'residential' },
        destination: { postal_code: '64000', country: 'MX' },
        items: [{ package_type: 'envelopes', quantity: 1, length: 12, width: 9, height: 1, weight: 1 }],
        insured_value: 0,
        unit_system: 'metric',
        currency: 'MXN',
        signature: 'adult_signature',
      },
      defaults,
    );
    expect(v).toMatchObject({
      mode_pick: 'parcel',
      destination: { postal_code: '64000', country: 'MX', site_type: 'business' },
      unit_system: 'metric',
      currency: 'MXN',
      signature: 'adult_signature',
      insured_value: 0,
      accessorials: [],
    });
    expect(v.items[0]).toMatchObject({ package_type: 'envelopes', freight_class: '', stackable: true, combine_with: null });
    expect(fromRequest({ ...toRequest(v, 'truckload').request, equipment_type: 'reefer' }, defaults).mode_pick).toBe('auto');
  });
});
