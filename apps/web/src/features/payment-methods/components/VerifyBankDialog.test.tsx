import type { PaymentMethodView } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../../lib/authState';
import { jsonResponse, makeUser, savedMethod, setCookie, TEST_ACCOUNT, TEST_PROCESSOR } from '../../../test/fixtures';
import { renderApp, stubApi } from '../../../test/renderApp';

/** A bank account saved and awaiting the code of its micro-deposit, expected on 11 March 2030. */
const awaiting = savedMethod({
  id: 'b1',
  ref: 'pm_bank',
  type: 'us_bank_account',
  brand: null,
  last4: '6789',
  exp_month: null,
  exp_year: null,
  bank_name: 'STRIPE TEST BANK',
  is_default: false,
  verification: 'awaiting',
  microdeposits_arrive_at: '2030-03-11T15:00:00Z',
  verify_attempts_left: 10,
});

function signedIn(table: Record<string, unknown>, language: 'en' | 'es' = 'en') {
  const user = makeUser([], { account: TEST_ACCOUNT, settings: { ...DEFAULT_SETTINGS, language } });
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({ 'GET /api/user': { data: user }, 'GET /api/payment-methods/processor': { data: TEST_PROCESSOR }, ...table });
}

const wrongCode = (left: number) =>
  jsonResponse(422, {
    message: `This code does not match the deposit. Attempts left: ${left}.`,
    code: 'validation',
    attempts_left: left,
    errors: { code: [`This code does not match the deposit. Attempts left: ${left}.`] },
  });

describe('verifying a bank account by its micro-deposit', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows it awaiting with the expected date, and verifies it with the code typed and Enter alone', async () => {
    let methods: PaymentMethodView[] = [awaiting];
    const verify = vi.fn((_url: string, init?: RequestInit) => {
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      if (code !== 'sm11aa') return wrongCode(9);
      methods = [{ ...awaiting, verification: 'verified', is_default: true, microdeposits_arrive_at: null, verify_attempts_left: null }];
      return jsonResponse(200, { data: methods[0] });
    });
    signedIn({
      'GET /api/payment-methods': () => jsonResponse(200, { data: { methods, autopay: false } }),
      'POST /api/payment-methods/b1/verify': verify,
    });
    renderApp('/settings/payment-methods');

    const list = within(await screen.findByTestId('saved-payment-methods'));
    expect(await list.findByText('Awaiting verification')).toBeInTheDocument();
    expect(list.getByText(/A small deposit is expected on this account by Mar 11, 2030/)).toBeInTheDocument();
    expect(list.queryByRole('button', { name: /^Make default/ })).toBeNull();
    expect(screen.getByTestId('test-bank')).toHaveTextContent('SM11AA');

    await userEvent.click(list.getByRole('button', { name: 'Verify STRIPE TEST BANK account ending in 6789' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Verify STRIPE TEST BANK account ending in 6789' }));
    expect(dialog.getByTestId('test-microdeposit-code')).toHaveTextContent('the code is SM11AA');
    const code = dialog.getByRole('textbox', { name: /Code of the deposit/ });
    await waitFor(() => expect(code).toHaveFocus());

    // Nothing typed, then a code of the wrong shape: refused at the field before the server is asked.
    await userEvent.keyboard('{Enter}');
    expect(await dialog.findByText('Enter the 6-character code of the deposit: SM followed by 4 letters or digits.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(code, 'AB1234{Enter}');
    expect(verify).not.toHaveBeenCalled();

    // The server's refusal of a wrong code, with the tries left, at the field.
    await userEvent.clear(code);
    await userEvent.type(code, 'SM00XX{Enter}');
    expect(await dialog.findByText('This code does not match the deposit. Attempts left: 9.')).toBeInTheDocument();

    await userEvent.clear(code);
    await userEvent.type(code, 'sm11aa{Enter}');
    expect(await screen.findByText('STRIPE TEST BANK account ending in 6789 verified: it can now pay invoices')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await list.findByText('Default')).toBeInTheDocument();
    expect(list.queryByText('Awaiting verification')).toBeNull();
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('says in Spanish that a failed account cannot be debited, and offers no Verify or Make default', async () => {
    signedIn(
      {
        'GET /api/payment-methods': {
          data: { methods: [{ ...awaiting, verification: 'failed', microdeposits_arrive_at: null }], autopay: false },
        },
      },
      'es',
    );
    renderApp('/settings/payment-methods');
    const list = within(await screen.findByTestId('saved-payment-methods'));
    expect(await list.findByText('Verificación fallida')).toBeInTheDocument();
    expect(list.getByText(/Demasiados códigos incorrectos: esta cuenta no se puede debitar/)).toBeInTheDocument();
    expect(list.queryByRole('button', { name: /^Verificar/ })).toBeNull();
    expect(list.queryByRole('button', { name: /^Hacer predeterminado/ })).toBeNull();
    expect(list.getByRole('button', { name: 'Eliminar Cuenta de STRIPE TEST BANK con terminación 6789' })).toBeInTheDocument();
  });
});
