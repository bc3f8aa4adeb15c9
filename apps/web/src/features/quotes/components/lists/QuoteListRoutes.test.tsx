import { type CustomerRole, permissionsOf } from '@freight/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../../app/providers';
import { AUTH_STATE_KEY } from '../../../../lib/authState';
import i18n from '../../../../lib/i18n';
import { jsonResponse, makeUser, setCookie, TEST_ACCOUNT } from '../../../../test/fixtures';
import { listAnswer, listPage } from '../../../../test/listScreen';
import { stubApi } from '../../../../test/stubApi';
import type { QuoteSummary } from '../../api/quotesApi';
import { QuoteHistoryRoute, SavedQuotesRoute } from '../../routes/QuoteListRoutes';

const CITIES: Record<string, [string, string]> = { '60606': ['Chicago', 'IL'], '30301': ['Atlanta', 'GA'], '10001': ['New York', 'NY'] };
/** A quoted end; a code the reference data does not know has no city (94105 here). */
const place = (postal_code: string, site_type: QuoteSummary['origin']['site_type'] = 'business') => {
  const [city, state] = CITIES[postal_code] ?? ['', ''];
  return { postal_code, country: 'US' as const, site_type, city, state };
};
const ROWS: QuoteSummary[] = [
  {
    id: 'q1',
    mode: 'ltl',
    client_ref: 'PO-77',
    saved: true,
    currency: 'USD',
    lowest_total_cents: 15_000,
    created_at: '2026-03-09T15:00:00Z',
    number: 'Q00000042',
    expires_at: '2026-03-09T20:00:00.000Z',
    pickup_date: '2026-03-10',
    origin: place('60606'),
    destination: place('30301', 'residential'),
    load: { pieces: 3, weight_lb: 1450, classes: [70, 85] },
    rates_count: 4,
    created_by: { id: 'u1', name: 'Ana Pérez' },
  },
  {
    id: 'q2',
    mode: 'truckload',
    client_ref: null,
    saved: false,
    currency: 'USD',
    lowest_total_cents: null,
    created_at: '2026-03-08T10:00:00Z',
    number: 'Q00000043',
    expires_at: null,
    pickup_date: '2026-03-11',
    origin: place('10001'),
    destination: place('94105'),
    load: { pieces: 1, weight_lb: 30000, classes: [] },
    rates_count: 0,
    created_by: { id: 'u2', name: 'Carla Clerk' },
  },
];

function ReRun() {
  const { id } = useParams();
  return <p>Re-running {id}</p>;
}

function renderList(
  path: string,
  answer: (url: URL) => unknown = () => listPage(ROWS),
  stubs: Record<string, unknown> = {},
  role: CustomerRole = 'account_admin',
) {
  const user = makeUser([], { account: { ...TEST_ACCOUNT, role, permissions: [...permissionsOf(role)] } });
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  const fetchMock = stubApi({
    'GET /api/quotes': listAnswer(answer),
    ...stubs,
  });
  const router = createMemoryRouter(
    [
      { path: '/quote-history', element: <QuoteHistoryRoute /> },
      { path: '/saved-quotes', element: <SavedQuotesRoute /> },
      { path: '/quote/:id', element: <ReRun /> },
      { path: '/truckload/:id', element: <ReRun /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  const queries = () =>
    fetchMock.mock.calls.map(([u]) => Object.fromEntries(new URL(String(u), 'http://localhost').searchParams)) as Record<string, string>[];
  return { router, fetchMock, queries };
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('quote lists', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('Quote History: title, tabs and one row per quote with the spec columns', async () => {
    const { queries } = renderList('/quote-history');
    expect(screen.getByRole('heading', { name: 'Quote History' })).toBeInTheDocument();
    expect(document.title).toBe('Quote History | Freight Portal');
    expect(screen.getByRole('tab', { name: 'Quote History' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Created', 'Origin', 'Destination', 'Load', 'Lowest quote', 'Mode', 'Client ref', 'Actions']);
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    expect(cellsOf(first as HTMLElement)).toEqual([
      expect.stringMatching(/^Mar 9, 2026.*Quote Q00000042Created by Ana PérezSaved$/),
      'Chicago, IL 60606',
      'Atlanta, GA 30301',
      expect.stringMatching(/^3 pieces, 1,450 lb · classes 70, 85Business to ResidentialPickup Mar 10, 2026Rates expired Mar 9, 2026, \d/),
      '$150.004 rates',
      'LTL',
      'PO-77',
      'Re-run',
    ]);
    expect(cellsOf(second as HTMLElement)[0]).toMatch(/^Mar 8, 2026.*Quote Q00000043Created by Carla Clerk$/);
    expect(cellsOf(second as HTMLElement).slice(1, 7)).toEqual([
      'New York, NY 10001',
      '94105, US',
      '1 piece, 30,000 lbBusiness to BusinessPickup Mar 11, 2026',
      '—No rates',
      'Truckload',
      '',
    ]);
    expect(screen.getByText('60 quotes')).toBeInTheDocument();
    expect(queries()[0]).toEqual({ page: '1', per_page: '25' });
  });

  it('Saved Quotes asks for saved=1 with the per-page setting', async () => {
    const { queries } = renderList('/saved-quotes');
    expect(screen.getByRole('heading', { name: 'Saved Quotes' })).toBeInTheDocument();
    expect(document.title).toBe('Saved Quotes | Freight Portal');
    await screen.findByRole('table');
    expect(queries()[0]).toEqual({ page: '1', per_page: '25', saved: '1' });
  });

  it('takes a quote out of Saved Quotes (history keeps it), and offers it in Saved Quotes only', async () => {
    const unsave = vi.fn(() => jsonResponse(200, { data: { ...ROWS[0], saved: false } }));
    renderList('/saved-quotes', () => listPage(ROWS), { 'DELETE /api/quotes/q1/save': unsave });
    const table = await screen.findByRole('table');
    await userEvent.click(within(table).getAllByRole('button', { name: 'Remove from saved' })[0]!);
    await waitFor(() => expect(unsave).toHaveBeenCalledTimes(1));
  });

  it('Quote History offers no removal from saved', async () => {
    renderList('/quote-history');
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Remove from saved' })).toBeNull();
  });

  // That typing is one request, not one a key, is the list hook's test (useListParams.test.tsx, on a
  // controlled clock): typed here in real time, a busy machine's pause between two keys is a search.
  it('searches and filters by mode through the URL, starting again from page 1', async () => {
    const { router, queries } = renderList('/saved-quotes?page=2');
    await screen.findByRole('table');
    expect(queries()[0]).toMatchObject({ page: '2', saved: '1' });
    await userEvent.type(screen.getByLabelText('Search'), 'PO-77');
    await waitFor(() => expect(router.state.location.search).toBe('?q=PO-77'));
    await waitFor(() => expect(queries().at(-1)).toEqual({ page: '1', per_page: '25', saved: '1', q: 'PO-77' }));

    await userEvent.selectOptions(screen.getByLabelText('Mode'), 'Truckload');
    await waitFor(() => expect(queries().at(-1)).toEqual({ page: '1', per_page: '25', saved: '1', q: 'PO-77', mode: 'truckload' }));
    expect(new URLSearchParams(router.state.location.search).get('mode')).toBe('truckload');
  });

  it('pages through the URL, so back returns to the previous page', async () => {
    const { router, queries } = renderList('/quote-history', (url) => listPage(ROWS, Number(url.searchParams.get('page'))));
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ page: '2' }));
    expect(router.state.location.search).toBe('?page=2');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(screen.getByRole('button', { name: '1' })).toHaveAttribute('data-active', 'true'));
  });

  it('goes to the last page from a page past the end, instead of saying there are no quotes', async () => {
    const { router } = renderList('/quote-history?page=9', (url) => {
      const current = Number(url.searchParams.get('page'));
      return current > 3 ? listPage([], current, 3, 60) : listPage(ROWS, current);
    });
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByText('You have no quotes yet.')).not.toBeInTheDocument();
  });

  it('Re-run opens the quote page of that quote (truckload on the truckload page)', async () => {
    const { router } = renderList('/quote-history');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    await userEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Re-run' }));
    expect(await screen.findByText('Re-running q1')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/quote/q1');
    await act(() => router.navigate('/quote-history'));
    await userEvent.click(within((await screen.findAllByRole('row'))[2] as HTMLElement).getByRole('button', { name: 'Re-run' }));
    expect(router.state.location.pathname).toBe('/truckload/q2');
  });

  it('says when there is nothing yet, with a link to get a quote, and when a search finds nothing', async () => {
    renderList('/saved-quotes', () => listPage([], 1, 1));
    expect(
      await screen.findByText('You have no saved quotes yet. Save a quote from its rate results to keep it here.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a quote' })).toHaveAttribute('href', '/quote');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers to clear filters when a search finds nothing', async () => {
    const { router } = renderList('/quote-history?q=zzz&mode=parcel', (url) =>
      url.searchParams.get('q') ? listPage([], 1, 1) : listPage(ROWS),
    );
    expect(await screen.findByText('No quotes match your search.')).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('zzz');
    expect(screen.getByLabelText('Mode')).toHaveValue('parcel');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('an account admin sees the whole account; Mine keeps their own quotes, in the URL, on saved quotes too', async () => {
    const { router, queries } = renderList('/saved-quotes');
    await screen.findByRole('table');
    const show = screen.getByRole('radiogroup', { name: 'Show' });
    expect(within(show).getByRole('radio', { name: 'Whole account' })).toBeChecked();
    await userEvent.click(within(show).getByRole('radio', { name: 'Mine' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ page: '1', per_page: '25', saved: '1', mine: 'true' }));
    expect(router.state.location.search).toBe('?mine=true');
  });

  it('a shipper starts on their own quotes; with none, the way out is the whole account', async () => {
    const { router, queries } = renderList(
      '/quote-history',
      (url) => (url.searchParams.has('mine') ? listPage([], 1, 1) : listPage(ROWS)),
      {},
      'shipper',
    );
    expect(await screen.findByText('None of your own quotes are here yet.')).toBeInTheDocument();
    expect(within(screen.getByRole('radiogroup', { name: 'Show' })).getByRole('radio', { name: 'Mine' })).toBeChecked();
    expect(queries()[0]).toEqual({ page: '1', per_page: '25', mine: 'true' });
    await userEvent.click(screen.getByRole('button', { name: 'Show the whole account' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?mine=false');
  });

  it('shows a failed load as an error', async () => {
    renderList('/quote-history', () => jsonResponse(500, { message: 'Server error', request_id: 'abc' }));
    // Server errors are retried twice (app/providers) before the error shows.
    expect(await screen.findByRole('alert')).toHaveTextContent('abc');
  });

  it('speaks Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderList('/quote-history');
    expect(screen.getByRole('heading', { name: 'Historial de cotizaciones' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Cotización más baja' })).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: 'Volver a cotizar' })).toHaveLength(2);
    expect(within(table).getByText('Creada por Carla Clerk')).toBeInTheDocument();
    const show = screen.getByRole('radiogroup', { name: 'Mostrar' });
    expect(within(show).getByRole('radio', { name: 'Toda la cuenta' })).toBeChecked();
    expect(within(show).getByRole('radio', { name: 'Mías' })).not.toBeChecked();
  });
});
