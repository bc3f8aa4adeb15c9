import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../app/providers';
import { FormAlert } from '../components/FormAlert';
import { ApiError } from './api';
import { setServerErrors, splitServerErrors } from './forms';

const invalid = (errors: Record<string, string[]>, message = 'The given data was invalid.') => new ApiError(422, { message, errors });
const form = (values: unknown) => ({ getValues: () => values, setErrors: vi.fn() });

describe('splitServerErrors', () => {
  it('keeps the messages of the fields the form has, nested paths included, and returns the rest', () => {
    const error = invalid({
      name: ['Name is required'],
      'items.0.weight': ['Weight is required'],
      'items.3.weight': ['Weight is required'],
      token: ['This password reset token is invalid.'],
    });
    const split = splitServerErrors(error, form({ name: '', items: [{ weight: 0 }] }));
    expect(split.fields).toEqual({ name: 'Name is required', 'items.0.weight': 'Weight is required' });
    expect(split.rest).toEqual(['Weight is required', 'This password reset token is invalid.']);
  });

  it('takes a list of field names, and renames wire keys first', () => {
    const error = invalid({ amount_cents: ['Too much'], other: ['Other problem'] });
    const rename = ({ amount_cents, ...rest }: Record<string, string>) => (amount_cents ? { ...rest, amount: amount_cents } : rest);
    expect(splitServerErrors(error, ['amount'], rename)).toEqual({ fields: { amount: 'Too much' }, rest: ['Other problem'] });
  });

  it("a 422 without field errors is all rest: its message; any other failure is the alert's as it is", () => {
    expect(splitServerErrors(invalid({}, 'Nothing to save'), ['name'])).toEqual({ fields: {}, rest: ['Nothing to save'] });
    expect(splitServerErrors(new ApiError(409, { message: 'Taken' }), ['name'])).toEqual({ fields: {}, rest: [] });
    expect(splitServerErrors(null, ['name'])).toEqual({ fields: {}, rest: [] });
  });
});

describe('setServerErrors', () => {
  it('sets only the fields the form has', () => {
    const f = form({ email: '' });
    expect(setServerErrors(f, invalid({ email: ['Bad email'], token: ['Expired'] }))).toBe(true);
    expect(f.setErrors).toHaveBeenCalledWith({ email: 'Bad email' });
    const g = form({ email: '' });
    expect(setServerErrors(g, invalid({ token: ['Expired'] }))).toBe(false);
    expect(g.setErrors).not.toHaveBeenCalled();
  });
});

describe('FormAlert', () => {
  const show = (error: unknown, fields: readonly string[]) =>
    render(
      <Providers queryClient={createQueryClient()}>
        <FormAlert error={error} fields={fields} />
      </Providers>,
    );

  it('says the messages no field shows, and nothing when every message is at a field', () => {
    const error = invalid({ email: ['Bad email'], token: ['Expired link'], code: ['Wrong code'] });
    const view = show(error, ['email']);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Expired link');
    expect(alert).toHaveTextContent('Wrong code');
    expect(alert).not.toHaveTextContent('Bad email');
    view.unmount();
    show(invalid({ email: ['Bad email'] }), ['email']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a failure that is about no field', () => {
    show(new ApiError(409, { message: 'Already taken' }), ['email']);
    expect(screen.getByRole('alert')).toHaveTextContent('Already taken');
  });
});
