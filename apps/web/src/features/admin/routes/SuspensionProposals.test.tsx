import type { SuspensionProposalView } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { makeAccountDetail, sentBody, signInStaff } from '../testStaff';

const proposal = (over: Partial<SuspensionProposalView> = {}): SuspensionProposalView => ({
  id: 'p1',
  proposed_by: 'sales@demo.test',
  note: 'Three chargebacks this month',
  created_at: '2026-11-22T10:00:00Z',
  ...over,
});

describe('suspension proposals', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sales cannot suspend: they propose it with a note, which is required, and see it on the page', async () => {
    const fetchMock = signInStaff(['fpg_sales'], {
      'GET /api/admin/accounts/a1': { data: makeAccountDetail() },
      'POST /api/admin/accounts/a1/suspension-proposals': () =>
        jsonResponse(201, { data: makeAccountDetail({ suspension_proposals: [proposal()] }) }),
    });
    renderApp('/admin/accounts/a1');
    await userEvent.click(await screen.findByRole('button', { name: 'Propose suspension' }));
    expect(screen.queryByRole('button', { name: 'Suspend account' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Propose suspension' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the proposal' }));
    expect(await within(dialog).findByText('Field is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Why the account/), 'Three chargebacks this month');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the proposal' }));
    const shown = await screen.findByTestId('suspension-proposal');
    expect(shown).toHaveTextContent('Proposed by sales@demo.test');
    expect(shown).toHaveTextContent('Three chargebacks this month');
    expect(within(shown).queryByRole('button')).not.toBeInTheDocument();
    const post = fetchMock.mock.calls.findIndex((c) => String(c[0]).endsWith('/suspension-proposals'));
    expect(sentBody(fetchMock, post)).toEqual({ note: 'Three chargebacks this month' });
  });

  it('accounting suspends from a proposal (the reason starts from its note) or dismisses one', async () => {
    const open = makeAccountDetail({
      suspension_proposals: [proposal(), proposal({ id: 'p2', proposed_by: 'ops@demo.test', note: 'Dock refusals' })],
    });
    const fetchMock = signInStaff(['fpg_accounting'], {
      'GET /api/admin/accounts/a1': { data: open },
      'POST /api/admin/accounts/a1/suspension-proposals/p2/dismiss': () =>
        jsonResponse(200, { data: makeAccountDetail({ suspension_proposals: [proposal()] }) }),
      'POST /api/admin/accounts/a1/suspend': () =>
        jsonResponse(200, {
          data: makeAccountDetail({
            state: 'suspended',
            suspended_at: '2026-11-22T11:00:00Z',
            suspended_reason: 'Three chargebacks this month',
          }),
        }),
    });
    renderApp('/admin/accounts/a1');
    expect(await screen.findAllByTestId('suspension-proposal')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Propose suspension' })).not.toBeInTheDocument();
    const ops = screen.getAllByTestId('suspension-proposal')[1]!;
    await userEvent.click(within(ops).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.getAllByTestId('suspension-proposal')).toHaveLength(1));
    const sales = screen.getByTestId('suspension-proposal');
    await userEvent.click(within(sales).getByRole('button', { name: 'Suspend account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend account' });
    expect(within(dialog).getByLabelText(/Why/)).toHaveValue('Three chargebacks this month');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(await screen.findByText('Reason: Three chargebacks this month')).toBeInTheDocument();
    const post = fetchMock.mock.calls.findIndex((c) => String(c[0]).endsWith('/suspend'));
    expect(sentBody(fetchMock, post)).toEqual({ reason: 'Three chargebacks this month' });
  });
});
