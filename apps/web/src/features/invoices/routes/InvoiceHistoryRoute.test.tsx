import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderListScreen } from '../../../test/listScreen';
import { item } from '../testInvoices';

const PAID = [
  item({
    id: 'h1',
    number: 'INV-0100031',
    status: 'paid',
    balance_cents: 0,
    paid_at: '2026-11-20T16:00:00Z',
    payment_method: 'card',
    payment_last4: '4242',
  }),
  item({
    id: 'h2',
    number: 'INV-0100032',
    status: 'paid',
    balance_cents: 0,
    paid_at: '2026-11-19T16:00:00Z',
    payment_method: 'ach',
    payment_last4: '6789',
  }),
];

describe('Invoice History', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks without dates, shows the past 7 days the server applied, and keeps the shown end when the other changes', async () => {
    const { listQueries } = renderListScreen({
      path: '/my-invoices/history',
      endpoint: '/api/invoices/history',
      list: (url) => ({
        data: PAID,
        meta: {
          current_page: 1,
          per_page: 25,
          total: 2,
          last_page: 1,
          from: url.searchParams.get('from') ?? '2026-11-15',
          to: url.searchParams.get('to') ?? '2026-11-22',
        },
      }),
    });
    const rows = await screen.findAllByTestId('history-row');
    expect(listQueries()[0]).not.toHaveProperty('from');
    expect(listQueries()[0]).not.toHaveProperty('to');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-15');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-22');
    expect(rows[0]).toHaveTextContent('Card •••• 4242');
    expect(rows[0]).toHaveTextContent('06141410090000015');
    expect(rows[1]).toHaveTextContent('Bank •••• 6789');
    expect(screen.getByRole('link', { name: 'INV-0100031' })).toHaveAttribute('href', '/invoice-detail/h1');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ from: '2026-11-01', to: '2026-11-22' }));
  });
});
