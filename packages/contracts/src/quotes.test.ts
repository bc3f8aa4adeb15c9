import { describe, expect, it } from 'vitest';
import { quoteListQuery, quoteRequest, salesRequest } from './quotes';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('salesRequest', () => {
  it('needs a name, a valid email and a valid phone; notes are optional', () => {
    expect(salesRequest.parse({ name: ' Ana ', email: 'Ana@X.test', phone: '(312) 555-0147' })).toEqual({
      name: 'Ana',
      email: 'ana@x.test',
      phone: '(312) 555-0147',
    });
    expect(messages(salesRequest.safeParse({}))).toEqual({
      name: 'validation.required',
      email: 'validation.required',
      phone: 'validation.required',
    });
    expect(messages(salesRequest.safeParse({ name: 'A', email: 'nope', phone: '123', notes: 'x'.repeat(2001) }))).toEqual({
      email: 'validation.email',
      phone: 'validation.phone',
      notes: 'validation.too_long',
    });
  });
});

describe('quoteRequest signature', () => {
  const base = {
    mode: 'parcel',
    pickup_date: '2030-01-08',
    origin: { postal_code: '60606', country: 'US' },
    destination: { postal_code: '75201', country: 'US' },
    items: [{ package_type: 'boxes', quantity: 1, length: 10, width: 10, height: 10, weight: 5 }],
    insured_value: 0,
  };
  it("defaults to 'none' and takes the three options only", () => {
    expect(quoteRequest.parse(base).signature).toBe('none');
    expect(quoteRequest.parse({ ...base, signature: 'adult_signature' }).signature).toBe('adult_signature');
    expect(messages(quoteRequest.safeParse({ ...base, signature: 'wet_ink' }))).toEqual({ signature: 'validation.choice' });
  });
});

describe('quoteListQuery', () => {
  it('takes a mode and a trimmed text of at most 64 characters', () => {
    expect(quoteListQuery.parse({ mode: 'ltl', q: '  PO-1 ' })).toEqual({ mode: 'ltl', q: 'PO-1' });
    expect(messages(quoteListQuery.safeParse({ mode: 'air', q: 'x'.repeat(65) }))).toEqual({
      mode: 'validation.choice',
      q: 'validation.too_long',
    });
  });
});
