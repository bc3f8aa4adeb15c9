import { describe, expect, it } from 'vitest';
import { EDI_214_STATUS_CODES, isCustomsHold, map214 } from './tracking';

describe('map214', () => {
  it.each([
    ['XB', 'dispatched'],
    ['X3', 'dispatched'],
    ['AA', 'dispatched'],
    ['AF', 'in_transit'],
    ['CP', 'in_transit'],
    ['P1', 'in_transit'],
    ['X4', 'in_transit'],
    ['I1', 'in_transit'],
    ['J1', 'in_transit'],
    ['R1', 'in_transit'],
    ['X6', 'in_transit'],
    ['AG', 'in_transit'],
    ['X2', 'in_transit'],
    ['X1', 'in_transit'],
    ['X5', 'in_transit'],
    ['SD', 'delayed'],
    ['AH', 'delayed'],
    ['A7', 'delayed'],
    ['A9', 'delayed'],
    ['D1', 'delivered'],
    ['CD', 'delivered'],
    ['CA', 'canceled'],
  ])('%s with a normal reason is %s', (code, status) => {
    expect(map214(code, 'NS')?.status).toBe(status);
    expect(map214(code)?.status).toBe(status);
  });

  it('knows exactly the codes of the table', () => {
    expect(EDI_214_STATUS_CODES).toHaveLength(23);
  });

  it('turns a moving shipment with an abnormal reason into Delayed', () => {
    expect(map214('X6', 'AO')).toEqual({ status: 'delayed', actionRequired: false });
    expect(map214('AF', 'AY')?.status).toBe('delayed');
  });

  it('keeps delivered and canceled whatever the reason', () => {
    expect(map214('D1', 'A1')?.status).toBe('delivered');
    expect(map214('CA', 'B1')?.status).toBe('canceled');
  });

  it('asks the shipper to act on attempted, refused and damaged deliveries', () => {
    expect(map214('AH')?.actionRequired).toBe(true);
    expect(map214('A7')?.actionRequired).toBe(true);
    expect(map214('A9')?.actionRequired).toBe(true);
    expect(map214('SD')?.actionRequired).toBe(false);
  });

  it('reads codes in any case and spacing, and ignores unknown ones', () => {
    expect(map214(' d1 ', ' ns ')?.status).toBe('delivered');
    expect(map214('ZZ')).toBeNull();
  });

  it('holds at customs for a document need the shipper; a border clearance delay and a release do not', () => {
    expect(map214('SD', 'BC')).toEqual({ status: 'delayed', actionRequired: true });
    expect(map214('X4', 'AS')).toEqual({ status: 'delayed', actionRequired: true });
    expect(map214('SD', 'BD')).toEqual({ status: 'delayed', actionRequired: false });
    expect(map214('RH', 'NS')).toEqual({ status: 'in_transit', actionRequired: false });
    expect(isCustomsHold('SD', 'bc ')).toBe(true);
    expect(isCustomsHold('SD', 'AO')).toBe(false);
    expect(isCustomsHold('D1', 'BC')).toBe(false);
    expect(isCustomsHold('ZZ', 'BC')).toBe(false);
  });
});
