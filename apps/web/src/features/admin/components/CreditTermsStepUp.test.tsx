import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { CREDIT } from '../testCredit';
import { makeAccountDetail, sentBody, signInStaff } from '../testStaff';

describe('credit terms are a grant of power', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the password again on 423, then saves the same terms; cancelling saves nothing', async () => {
    let calls = 0;
    const save = vi.fn(() =>
      ++calls === 1 || calls === 2
        ? jsonResponse(423, { message: 'For this change, please enter your password again.', code: 'reauthentication_required' })
        : jsonResponse(200, { data: CREDIT }),
    );
    signInStaff(['fpg_accounting'], {
      'GET /api/admin/accounts/a1': { data: makeAccountDetail() },
      'GET /api/admin/accounts/a1/credit': { data: CREDIT },
      'GET /api/admin/accounts/a1/invoices': { data: [], meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 } },
      'PUT /api/admin/accounts/a1/credit': save,
      'POST /user/confirm-password': () => new Response(null, { status: 201 }),
    });
    renderApp('/admin/accounts/a1');
    const form = await screen.findByRole('form', { name: 'Credit terms' });
    await userEvent.selectOptions(within(form).getByLabelText('Net days'), '15');
    await userEvent.type(within(form).getByLabelText(/Why the terms change/), 'Paid on time for a year');
    await userEvent.click(within(form).getByRole('button', { name: 'Save terms' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm password' });
    expect(confirm).toHaveTextContent('For this change, please enter your password again.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm password' })).not.toBeInTheDocument());
    expect(save).toHaveBeenCalledTimes(1);

    await userEvent.click(within(form).getByRole('button', { name: 'Save terms' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm password' });
    await userEvent.type(within(again).getByLabelText(/^Password/), 'Demo#2026');
    await userEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(3));
    expect(sentBody(save, 2)).toEqual(sentBody(save, 1));
    expect(sentBody(save, 2)).toMatchObject({ net_days: 15 });
  });
});
