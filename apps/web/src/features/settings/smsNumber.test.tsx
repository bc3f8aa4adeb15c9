import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../lib/authState';
import i18n from '../../lib/i18n';
import { jsonResponse, makeUser, setCookie, TEST_ACCOUNT } from '../../test/fixtures';
import { renderApp, stubApi } from '../../test/renderApp';

const NONE = { mobile_number: null, display: null, default_country: 'US', opted_out: false };

function signedIn(table: Record<string, unknown>, language: 'en' | 'es' = 'en') {
  const user = makeUser([], { account: TEST_ACCOUNT });
  user.settings = { ...user.settings, language };
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({ 'GET /api/user': { data: user }, ...table });
}

describe('the mobile number for text alerts', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('is saved on its own; the server’s refusal shows at the field', async () => {
    const sent: unknown[] = [];
    signedIn({
      'GET /api/settings/sms': { data: NONE },
      'PUT /api/settings/sms': (_: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        return body.mobile_number === '555'
          ? jsonResponse(422, { message: 'Enter valid number', errors: { mobile_number: ['Enter valid number'] } })
          : jsonResponse(200, {
              data: { mobile_number: '+13125550142', display: '(312) 555-0142', default_country: 'US', opted_out: false },
            });
      },
    });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Text alerts' })).toBeInTheDocument();
    const field = await screen.findByRole('textbox', { name: 'Mobile number for text alerts' });
    expect(field).toHaveValue('');
    await userEvent.type(field, '555');
    await userEvent.click(screen.getByRole('button', { name: 'Save mobile number' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Enter valid number'));
    await userEvent.clear(field);
    await userEvent.type(field, '312 555 0142');
    await userEvent.click(screen.getByRole('button', { name: 'Save mobile number' }));
    expect(await screen.findByText('Mobile number saved')).toBeInTheDocument();
    expect(field).toHaveValue('(312) 555-0142');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([{ mobile_number: '555' }, { mobile_number: '312 555 0142' }]);
  });

  it('says so when the number replied STOP', async () => {
    signedIn({ 'GET /api/settings/sms': { data: { ...NONE, mobile_number: '+13125550142', display: '(312) 555-0142', opted_out: true } } });
    renderApp('/settings');
    expect(await screen.findByRole('textbox', { name: 'Mobile number for text alerts' })).toHaveValue('(312) 555-0142');
    expect(screen.getByTestId('sms-opted-out')).toHaveTextContent('This number replied STOP');
  });

  it('is in Spanish for a Spanish reader, its error too', async () => {
    signedIn(
      {
        'GET /api/settings/sms': { data: NONE },
        'PUT /api/settings/sms': () =>
          jsonResponse(422, { message: 'Ingrese un número válido', errors: { mobile_number: ['Ingrese un número válido'] } }),
      },
      'es',
    );
    renderApp('/settings');
    const field = await screen.findByRole('textbox', { name: 'Número móvil para alertas por mensaje de texto' });
    await userEvent.type(field, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar número móvil' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Ingrese un número válido'));
  });
});
