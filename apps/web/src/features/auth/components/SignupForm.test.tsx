import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../../lib/authState';
import { jsonResponse, makeUser, setCookie } from '../../../test/fixtures';
import { renderApp, stubApi } from '../../../test/renderApp';

async function fillValid() {
  const type = async (label: RegExp | string, value: string, index = 0) =>
    fireEvent.change(screen.getAllByLabelText(label)[index] as HTMLElement, { target: { value } });
  await type(/Company name/, 'Acme Freight');
  await type(/First name/, 'Ana');
  await type(/Last name/, 'Pérez');
  await type(/^Email/, 'ana@acme.com');
  await type(/^Phone/, '555 123 4567');
  await type(/Street address/, '1 Main St');
  await type(/^City/, 'Dallas');
  await type(/State\/Province/, 'TX');
  await type(/ZIP\/Postal code/, '75001');
}

describe('signup form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says 'Password did not match.' when the confirmation differs, without calling the server", async () => {
    const fetchMock = stubApi({});
    renderApp('/signup');
    await screen.findByLabelText(/Company name/);
    await fillValid();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret#123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'Secret#124' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const input = screen.getByLabelText(/^Confirm password/);
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining('Password did not match.')));
    expect(await screen.findByRole('dialog', { name: 'CHECK FORM INPUT' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("lists 'Password did not match.' in CHECK FORM INPUT next to other invalid fields", async () => {
    const fetchMock = stubApi({});
    renderApp('/signup');
    await screen.findByLabelText(/Company name/);
    await fillValid();
    fireEvent.change(screen.getAllByLabelText(/^Email/)[0] as HTMLElement, { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret#123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'Secret#124' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const dialog = await screen.findByRole('dialog', { name: 'CHECK FORM INPUT' });
    // Each line names its field (and section), so the same message twice is two problems.
    expect(within(dialog).getByText('Confirm password: Password did not match.')).toBeInTheDocument();
    expect(within(dialog).getByText('Primary contact – Email: Invalid email')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    // Closing the list leaves the user on the first field to fix.
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getAllByLabelText(/^Email/)[0]).toHaveFocus());
  });

  it('shows server 422 errors at their dotted fields and in the CHECK FORM INPUT dialog', async () => {
    setCookie('XSRF-TOKEN', 't');
    stubApi({
      'POST /register': () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { 'primary_contact.email': ['Email already exists'], 'company_address.city': ['Field is required'] },
        }),
    });
    renderApp('/register');
    await screen.findByLabelText(/Company name/);
    await fillValid();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret#123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'Secret#123' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const dialog = await screen.findByRole('dialog', { name: 'CHECK FORM INPUT' });
    expect(within(dialog).getByText('Primary contact – Email: Email already exists')).toBeInTheDocument();
    expect(within(dialog).getByText('Company address – City: Field is required')).toBeInTheDocument();
    expect(screen.getAllByLabelText(/^Email/)[0]).toHaveAccessibleDescription(expect.stringContaining('Email already exists'));
  });

  it('registers (accounting same as company) and goes to /verify-email', async () => {
    setCookie('XSRF-TOKEN', 't');
    const user = makeUser([], { email_verified_at: null, email: 'ana@acme.com' });
    const fetchMock = stubApi({ 'POST /register': () => jsonResponse(201, { data: user }), 'GET /api/user': { data: user } });
    const { router } = renderApp('/signup');
    await screen.findByLabelText(/Company name/);
    await fillValid();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret#123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'Secret#123' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    const body = JSON.parse(String(fetchMock.mock.calls.find(([u]) => u === '/register')?.[1]?.body));
    expect(body).toMatchObject({
      company_name: 'Acme Freight',
      primary_contact: { first_name: 'Ana', email: 'ana@acme.com' },
      company_address: { city: 'Dallas', postal_code: '75001', country: 'US' },
      accounting_same_as_company: true,
      password_confirmation: 'Secret#123',
    });
    expect(body.accounting_contact).toBeUndefined();
    expect(JSON.parse(localStorage.getItem(AUTH_STATE_KEY) ?? '{}').email).toBe('ana@acme.com');
  });
});
