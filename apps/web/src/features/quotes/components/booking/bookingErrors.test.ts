import { describe, expect, it } from 'vitest';
import { placeChecked, placeServer } from './bookingErrors';

const FIELDS = new Set(['pickup.company', 'delivery.email', 'parcel.signature']);

describe('booking error placement', () => {
  it('puts the client errors of a field under it and the others, in order, above the Book button', () => {
    expect(placeChecked({ 'pickup.company': 'Required', quote_id: 'Choose a quote', rate_id: 'Choose a rate' }, FIELDS)).toEqual({
      fields: { 'pickup.company': 'Required' },
      other: ['Choose a quote', 'Choose a rate'],
    });
  });

  it("maps a 422's wire paths to the form's, translating and joining each path's messages", () => {
    const placed = placeServer(
      { 'parcel_options.signature': ['validation.a', 'plain words'], quote_id: ['validation.b'] },
      FIELDS,
      (path) => path.replace(/^parcel_options\./, 'parcel.'),
      (m) => m.toUpperCase(),
      'The request is not valid',
    );
    expect(placed).toEqual({ fields: { 'parcel.signature': 'VALIDATION.A PLAIN WORDS' }, other: ['VALIDATION.B'] });
  });

  it("says the answer's own message when a 422 names no field", () => {
    expect(
      placeServer(
        {},
        FIELDS,
        (p) => p,
        (m) => m,
        'The request is not valid',
      ),
    ).toEqual({
      fields: {},
      other: ['The request is not valid'],
    });
  });
});
