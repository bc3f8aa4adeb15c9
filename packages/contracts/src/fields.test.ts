import { describe, expect, it } from 'vitest';
import { address, contact, isoDate, isPostalCode, requiredChoice } from './fields';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('contact', () => {
  it('says an empty phone is required, and only that', () => {
    const r = contact.safeParse({ first_name: 'A', last_name: 'B', email: 'a@b.test', phone: '' });
    expect(messages(r)).toEqual(['phone:validation.phone_required']);
  });
  it('names each missing part in the modal words', () => {
    expect(messages(contact.safeParse({ first_name: '', last_name: ' ', email: '', phone: '12' }))).toEqual([
      'first_name:validation.first_name_required',
      'last_name:validation.last_name_required',
      'email:validation.email_required',
      'phone:validation.phone',
    ]);
  });
  it("stores a typed North American number one way: '4045550123' is '(404) 555-0123'", () => {
    const r = contact.safeParse({ first_name: 'A', last_name: 'B', email: 'a@b.test', phone: '4045550123' });
    expect(r.success && r.data.phone).toBe('(404) 555-0123');
  });
  it('calls a missing contact required', () => {
    expect(messages(contact.safeParse(undefined))).toEqual([':validation.required']);
  });
});

describe('postal codes per country', () => {
  it('accepts the postal code formats of the US, Canada and Mexico', () => {
    expect(isPostalCode('US', '60606')).toBe(true);
    expect(isPostalCode('US', '60606-1234')).toBe(true);
    expect(isPostalCode('CA', 'K1A 0B1')).toBe(true);
    expect(isPostalCode('CA', 'k1a0b1')).toBe(true);
    expect(isPostalCode('MX', '06600')).toBe(true);
  });
  it('refuses letters Canada never uses and short codes', () => {
    expect(isPostalCode('CA', 'D1A 0B1')).toBe(false);
    expect(isPostalCode('US', '6060')).toBe(false);
    expect(isPostalCode('MX', 'ABCDE')).toBe(false);
  });
  it('checks the postal code against the chosen country', () => {
    const r = address.safeParse({ street1: '1 Main', city: 'X', state: 'ON', postal_code: '60606', country: 'CA' });
    expect(messages(r)).toEqual(['postal_code:validation.postal_code']);
  });
});

describe('requiredChoice', () => {
  const packageType = requiredChoice(['pallets', 'boxes'], 'validation.package_type_required');
  const messageOf = (value: unknown) => packageType.safeParse(value).error?.issues[0]?.message;

  it('says the field is required when nothing was chosen', () => {
    expect(messageOf(undefined)).toBe('validation.package_type_required');
    expect(messageOf('')).toBe('validation.package_type_required');
  });

  it('says to choose from the list when the value is not one of them', () => {
    expect(messageOf('barrels')).toBe('validation.choice');
    expect(packageType.parse('boxes')).toBe('boxes');
  });
});

describe('isoDate', () => {
  it('takes a date that exists, from 1900 to 2999', () => {
    for (const v of ['1900-01-01', '2026-02-28', '2028-02-29', '2999-12-31']) expect(isoDate.safeParse(v).success, v).toBe(true);
  });
  it('refuses dates that do not exist or that the database could not hold after arithmetic', () => {
    for (const v of ['2026-02-30', '0001-01-01', '1899-12-31', '9999-12-31', '3000-01-01', '10000-01-01', '2026-1-1']) {
      expect([...new Set(messages(isoDate.safeParse(v)))], v).toEqual([':validation.date']);
    }
  });
});
