import type { BookingApproval } from '@freight/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../../app/providers';
import { AUTH_STATE_KEY } from '../../../../lib/authState';
import { jsonResponse, makeUser, setCookie } from '../../../../test/fixtures';
import { stubApi } from '../../../../test/stubApi';
import { HeldStep } from './HeldStep';

const HELD: BookingApproval = {
  id: 'ap1',
  status: 'pending',
  reasons: ['over_limit'],
  requested_by: { id: 'u1', name: 'Ana Pérez' },
  decided_by: null,
  carrier_name: 'Demo Freight',
  mode: 'ltl',
  currency: 'USD',
  total_cents: 90_000,
  origin: 'Chicago, IL',
  destination: 'Dallas, TX',
  pickup_date: '2026-12-01',
  rate_expires_at: null,
  decline_reason: null,
  shipment_id: null,
  ebay_orders: [],
  created_at: '2026-11-25T15:00:00Z',
  decided_at: null,
};

function showHeld(api: Record<string, unknown>) {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(makeUser()));
  setCookie('XSRF-TOKEN', 't');
  const fetchMock = stubApi(api);
  const router = createMemoryRouter([{ path: '/', element: <HeldStep approval={HELD} onNewQuote={() => {}} /> }]);
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return fetchMock;
}

describe('a booking held for approval, as its booker sees it', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('can be withdrawn there, after asking: then it says so and offers no second withdrawal', async () => {
    const fetchMock = showHeld({
      'POST /api/approvals/ap1/withdraw': () => jsonResponse(200, { data: { ...HELD, status: 'withdrawn' } }),
    });
    expect(screen.getByRole('heading', { name: 'Your booking waits for approval' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this booking request?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    const heading = await screen.findByRole('heading', { name: 'You withdrew this booking request' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Nothing was booked');
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).toBeNull();
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/approvals/ap1/withdraw')).toHaveLength(1);
  });

  it('shows the refusal when it was decided meanwhile', async () => {
    showHeld({
      'POST /api/approvals/ap1/withdraw': () => jsonResponse(409, { message: 'This booking was already decided.', code: 'conflict' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Withdraw this booking request?' })).getByRole('button', {
        name: 'Withdraw request',
      }),
    );
    expect(await screen.findByText('This booking was already decided.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your booking waits for approval' })).toBeInTheDocument();
  });
});
