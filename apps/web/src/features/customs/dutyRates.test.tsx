import type { DutyRateTableView } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { jsonResponse, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { bodiesOf, callsOf, signIn } from '../../test/signedIn';

const MX: DutyRateTableView = {
  country: 'MX',
  source: 'SAT TIGIE 2026, general rates',
  source_caveat: { kind: 'unchecked', codes: ['9403.20'] },
  as_of: '2026-01-01',
  edited: false,
  rates: [
    // In code order, as the server gives them.
    { hs_code: '8471300100', rate_basis_points: 0, description: 'Portable computers', updated_at: null },
    { hs_code: '940320', rate_basis_points: 1500, description: 'Other metal furniture', updated_at: null },
  ],
};

const withRate = (table: DutyRateTableView, rate: DutyRateTableView['rates'][number]): DutyRateTableView => ({
  ...table,
  edited: true,
  rates: [...table.rates, rate].sort((a, b) => a.hs_code.localeCompare(b.hs_code)),
});

describe('the duty-rate tables staff keep', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it("shows the URL's country: its source, whether staff changed it, and each code with dots and its rate in percent", async () => {
    const fetchMock = signIn(makeUser(['fpg_ops']), { 'GET /api/admin/duty-rates/MX': { data: MX } });
    const { router } = renderApp('/admin/customs/duty-rates?country=MX');
    const table = await screen.findByRole('table', { name: 'Duty rates of Mexico by HS code' });
    expect(screen.getByRole('heading', { name: 'Duty rates' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Mexico' })).toBeChecked();
    expect(screen.getByText('Shipped with the product')).toBeInTheDocument();
    expect(screen.getByText('Source: SAT TIGIE 2026, general rates')).toBeInTheDocument();
    expect(screen.getByText('Every figure checked against the schedule except 9403.20.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to the customs queue' })).toHaveAttribute('href', '/admin/customs');

    const [laptops, furniture] = within(table).getAllByTestId('duty-rate-row') as [HTMLElement, HTMLElement];
    expect(laptops).toHaveTextContent('8471.30.01.00');
    expect(laptops).toHaveTextContent('Portable computers');
    expect(laptops).toHaveTextContent('0%');
    expect(furniture).toHaveTextContent('9403.20');
    expect(furniture).toHaveTextContent('15%');
    expect(furniture).toHaveTextContent('As shipped');
    expect(within(furniture).getByRole('button', { name: 'Edit the rate of 9403.20' })).toBeEnabled();
    expect(within(furniture).getByRole('button', { name: 'Remove the rate of 9403.20' })).toBeEnabled();

    // Another country's table, kept in the URL (the United States, the default, leaves it).
    await userEvent.click(screen.getByRole('radio', { name: 'Canada' }));
    await waitFor(() => expect(router.state.location.search).toBe('?country=CA'));
    await waitFor(() => expect(callsOf(fetchMock, 'GET', '/api/admin/duty-rates/CA')).toHaveLength(1));
  });

  it('reads in Spanish, with percentages as Mexico writes them', async () => {
    signIn(makeUser(['fpg_ops'], { settings: { ...DEFAULT_SETTINGS, language: 'es' } }), {
      'GET /api/admin/duty-rates/MX': { data: { ...MX, edited: true } },
    });
    renderApp('/admin/customs/duty-rates?country=MX');
    const table = await screen.findByRole('table', { name: 'Tasas arancelarias de México por fracción arancelaria' });
    expect(screen.getByRole('heading', { name: 'Tasas arancelarias' })).toBeInTheDocument();
    expect(screen.getByText('Editada por el personal')).toBeInTheDocument();
    const furniture = within(table).getAllByTestId('duty-rate-row')[1] as HTMLElement;
    expect(furniture).toHaveTextContent('15%');
    expect(furniture).toHaveTextContent('Como se incluyó');
    expect(within(furniture).getByRole('button', { name: 'Quitar la tasa de 9403.20' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Agregar una tasa' })).toBeEnabled();
  });

  it('adds a rate typed with dots and in percent, and shows the table the server answers', async () => {
    const fetchMock = signIn(makeUser(['fpg_ops']), {
      'GET /api/admin/duty-rates/MX': { data: MX },
      'PUT /api/admin/duty-rates/MX/rates/848340': () =>
        jsonResponse(200, {
          data: withRate(MX, { hs_code: '848340', rate_basis_points: 250, description: 'Gears', updated_at: '2026-03-02T15:00:00Z' }),
        }),
    });
    renderApp('/admin/customs/duty-rates?country=MX');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a rate' }));
    const dialog = await screen.findByRole('dialog', { name: "Add a rate to Mexico's table" });
    await userEvent.type(within(dialog).getByLabelText(/HS code/), '8483.40');
    await userEvent.type(within(dialog).getByLabelText(/Duty rate/), '2.5');
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Gears');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rate' }));

    expect(await screen.findByText('Rate of 8483.40 saved.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'PUT', '/api/admin/duty-rates/MX/rates/848340')).toEqual([{ rate_basis_points: 250, description: 'Gears' }]);
    const row = (await screen.findByText('8483.40')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('2.5%');
    expect(screen.getByText('Edited by staff')).toBeInTheDocument();
    // The answer is the table: it is not read again.
    expect(callsOf(fetchMock, 'GET', '/api/admin/duty-rates/MX')).toHaveLength(1);
  });

  it("refuses an HS code of another form at its field without asking the server, and shows the server's refusal there too", async () => {
    const fetchMock = signIn(makeUser(['fpg_ops']), {
      'GET /api/admin/duty-rates/MX': { data: MX },
      'PUT /api/admin/duty-rates/MX/rates/84834000': () =>
        jsonResponse(422, {
          code: 'validation',
          message: 'Some fields are not valid',
          errors: { description: ['Say what the line covers'] },
        }),
    });
    renderApp('/admin/customs/duty-rates?country=MX');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a rate' }));
    const dialog = await screen.findByRole('dialog', { name: "Add a rate to Mexico's table" });
    const code = within(dialog).getByLabelText(/HS code/);
    await userEvent.type(code, '8483.4');
    await userEvent.type(within(dialog).getByLabelText(/Duty rate/), '2.5');
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Gears');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rate' }));
    expect(await within(dialog).findByText('Enter the HS code with 6, 8 or 10 digits')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await userEvent.type(code, '0.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rate' }));
    expect(await within(dialog).findByText('Say what the line covers')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Description/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before removing a rate, then removes it', async () => {
    const fetchMock = signIn(makeUser(['fpg_ops']), {
      'GET /api/admin/duty-rates/MX': { data: MX },
      'DELETE /api/admin/duty-rates/MX/rates/940320': () =>
        jsonResponse(200, { data: { ...MX, edited: true, rates: MX.rates.filter((r) => r.hs_code !== '940320') } }),
    });
    renderApp('/admin/customs/duty-rates?country=MX');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the rate of 9403.20' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the rate of 9403.20?' });
    expect(callsOf(fetchMock, 'DELETE', '/api/admin/duty-rates/MX/rates/940320')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove rate' }));

    expect(await screen.findByText('Rate of 9403.20 removed.')).toBeInTheDocument();
    expect(callsOf(fetchMock, 'DELETE', '/api/admin/duty-rates/MX/rates/940320')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Other metal furniture')).not.toBeInTheDocument());
  });

  it('is shut to a role the door refuses', async () => {
    const fetchMock = signIn(makeUser(['fpg_accounting']), {});
    const { router } = renderApp('/admin/customs/duty-rates?country=MX');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/admin/duty-rates'))).toBe(false);
  });
});
