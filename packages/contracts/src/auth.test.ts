import { describe, expect, it } from 'vitest';
import { registerRequest, resetPasswordRequest, twoFactorChallengeRequest, updatePasswordRequest } from './auth';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

const contact = { first_name: 'Ana', last_name: 'Pérez', email: 'ana@example.com', phone: '312 555 0100' };
const address = { street1: '1 Main St', city: 'Chicago', state: 'IL', postal_code: '60606', country: 'US' };
const signup = {
  company_name: 'Acme',
  primary_contact: contact,
  company_address: address,
  accounting_same_as_company: true,
  preferences: {},
  password: 'Secret#1234',
  password_confirmation: 'Secret#1234',
};

describe('password confirmation', () => {
  it('accepts a valid signup', () => {
    expect(registerRequest.safeParse(signup).success).toBe(true);
  });

  it('lists the signup mismatch alongside an invalid email', () => {
    const r = registerRequest.safeParse({
      ...signup,
      primary_contact: { ...contact, email: 'not-an-email' },
      password_confirmation: 'Other#1234',
    });
    expect(messages(r)).toContain('primary_contact.email:validation.email');
    expect(messages(r)).toContain('password_confirmation:validation.password_signup_mismatch');
  });

  it('lists the signup mismatch alongside a missing company name', () => {
    const r = registerRequest.safeParse({ ...signup, company_name: '', password_confirmation: 'x' });
    expect(messages(r)).toEqual(
      expect.arrayContaining(['company_name:validation.required', 'password_confirmation:validation.password_signup_mismatch']),
    );
  });

  it('lists the signup mismatch when a field fails outright (no country chosen)', () => {
    // Without `when`, zod skips the object refinement once an enum has failed.
    const r = registerRequest.safeParse({ ...signup, company_address: { ...address, country: '' }, password_confirmation: 'x' });
    expect(messages(r)).toEqual([
      'company_address.country:validation.required',
      'password_confirmation:validation.password_signup_mismatch',
    ]);
  });

  it('does not complain about a mismatch when the passwords match', () => {
    const r = registerRequest.safeParse({ ...signup, primary_contact: { ...contact, email: 'bad' } });
    expect(messages(r).some((m) => m.startsWith('password_confirmation:'))).toBe(false);
  });

  it('skips the check when a password is missing (the field says required)', () => {
    const r = registerRequest.safeParse({ ...signup, password_confirmation: undefined });
    expect(messages(r)).toEqual(['password_confirmation:validation.required']);
  });

  it('still checks the accounting contact when not the same as the company', () => {
    const r = registerRequest.safeParse({ ...signup, accounting_same_as_company: false });
    expect(messages(r)).toEqual(['accounting_contact:validation.required', 'accounting_address:validation.required']);
  });

  it('reset: lists the mismatch alongside an invalid email', () => {
    const r = resetPasswordRequest.safeParse({ token: 't', email: 'bad', password: 'Secret#1234', password_confirmation: 'nope' });
    expect(messages(r)).toEqual(expect.arrayContaining(['email:validation.email', 'password_confirmation:validation.password_mismatch']));
  });

  it('update: lists the mismatch alongside a missing current password', () => {
    const r = updatePasswordRequest.safeParse({ current_password: '', password: 'Secret#1234', password_confirmation: 'nope' });
    expect(messages(r)).toEqual(
      expect.arrayContaining(['current_password:validation.required', 'password_confirmation:validation.password_mismatch']),
    );
  });
});

describe('the second step of sign-in', () => {
  it('takes a code or a recovery code, trimmed, and asks for the code when neither is sent', () => {
    expect(twoFactorChallengeRequest.parse({ code: ' 123 456 ' })).toEqual({ code: '123 456', remember_device: false });
    expect(twoFactorChallengeRequest.parse({ recovery_code: 'abcde-fghjk', remember_device: true })).toEqual({
      recovery_code: 'abcde-fghjk',
      remember_device: true,
    });
    expect(messages(twoFactorChallengeRequest.safeParse({}))).toEqual(['code:validation.required']);
    expect(messages(twoFactorChallengeRequest.safeParse({ code: '  ' }))).toEqual(['code:validation.required']);
  });
});
