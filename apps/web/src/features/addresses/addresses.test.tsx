import type { AddressBookEntry } from '@freight/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseCsvFile } from '../../components/csv/testChooseCsvFile';
import { stubXhrWithFetch } from '../../components/csv/testXhr';
import i18n from '../../lib/i18n';
import { jsonResponse } from '../../test/fixtures';
import { listPage, renderListScreen } from '../../test/listScreen';

// The screens are heavy for jsdom; a busy machine needs more than the default second.
const entry = (over: Partial<AddressBookEntry>): AddressBookEntry => ({
  id: 'a1',
  company: 'Acme Dock',
  first_name: 'Ana',
  last_name: 'Ruiz',
  email: 'ana@acme.test',
  phone: '312 555 0100', // stored before phones were written one way: shown as (312) 555-0100
  street1: '233 S Wacker Dr',
  street2: 'Dock 4',
  street3: '',
  street4: '',
  street5: '',
  city: 'Chicago',
  state: 'IL',
  postal_code: '60606',
  country: 'US',
  interior_number: '',
  exterior_number: '',
  neighborhood: '',
  location_type: 'commercial',
  limited_access: false,
  liftgate_recommended: true,
  opens_at: '08:00',
  closes_at: '17:30',
  verified: true,
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:00Z',
  ...over,
});

const ROWS = [
  entry({}),
  entry({
    id: 'a2',
    company: 'Bodega Norte',
    first_name: 'Luis',
    last_name: 'Garza',
    email: '',
    phone: '',
    street1: 'Av. Constitución',
    street2: '',
    city: 'Monterrey',
    state: 'NLE',
    postal_code: '64000',
    country: 'MX',
    exterior_number: '405',
    interior_number: '2B',
    neighborhood: 'Centro',
    location_type: 'residential',
    limited_access: true,
    liftgate_recommended: false,
    opens_at: '',
    closes_at: '',
    verified: false,
  }),
];

function renderBook(
  path = '/address-book',
  table: Record<string, unknown> = {},
  list: (url: URL) => unknown = () => listPage(ROWS),
  language: 'en' | 'es' = 'en',
) {
  return renderListScreen({ path, endpoint: '/api/addresses', list, language, stubs: table });
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

async function openRowMenu(company: string, item: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Options for ${company}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
}

async function choose(label: string | RegExp, option: string | RegExp, container: HTMLElement = document.body) {
  await userEvent.click(within(container).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('address book', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    await act(() => i18n.changeLanguage('en'));
  });

  it('lists the addresses with the spec columns, total and pagination', async () => {
    renderBook();
    expect(await screen.findByRole('heading', { name: 'Address Book' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Company/Location name▲', 'Contact▲', 'Address', 'City▲', 'State/Province▲', 'ZIP▲', 'Options']);
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    expect(cellsOf(first as HTMLElement)).toEqual([
      'Acme Dock',
      'Ana Ruiz(312) 555-0100',
      '233 S Wacker Dr, Dock 4',
      'Chicago',
      'IL',
      '60606',
      '⋯',
    ]);
    expect(cellsOf(second as HTMLElement).slice(0, 6)).toEqual([
      'Bodega Norte',
      'Luis Garza',
      'Av. Constitución',
      'Monterrey',
      'NLE',
      '64000',
    ]);
    expect(screen.getByText('60 addresses')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3' })).toBeInTheDocument();
  });

  it('puts search (debounced), sort (both ways) and page into the URL and the query', async () => {
    const { router, listQueries } = renderBook();
    await screen.findByRole('table');
    expect(listQueries()[0]).toEqual({ page: '1' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search addresses' }), 'chic');
    await waitFor(() => expect(router.state.location.search).toBe('?q=chic'));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', q: 'chic' }));

    await userEvent.click(screen.getByRole('button', { name: /^City/ }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', q: 'chic', sort: 'city', dir: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /^City/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: /^City/ }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', q: 'chic', sort: 'city', dir: 'desc' }));
    expect(router.state.location.search).toBe('?q=chic&sort=city&dir=desc');
    expect(screen.getByRole('columnheader', { name: /^City/ })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '2', q: 'chic', sort: 'city', dir: 'desc' }));
    expect(router.state.location.search).toContain('page=2');
    expect(listQueries().every((query) => !('per_page' in query))).toBe(true);
  });

  it('says when the book is empty, and when a search finds nothing', async () => {
    renderBook('/address-book?q=zzz', {}, () => listPage([]));
    expect(await screen.findByText('No address matches your search.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Your address book is empty. Add an address or upload a CSV file.')).toBeInTheDocument();
  });

  it('shows a failed load', async () => {
    renderBook('/address-book', {}, () => jsonResponse(403, { message: 'Verify your email first.', code: 'email_unverified' }));
    expect(await screen.findByText('Verify your email first.')).toBeInTheDocument();
  });

  it('creates an address: client checks, the server 422 at its field, then success', async () => {
    let answer = 0;
    const { bodiesOf } = renderBook('/address-book', {
      'POST /api/addresses': () =>
        answer++ === 0
          ? jsonResponse(422, {
              message: 'Error saving address. Check to make sure all required inputs are filled.',
              errors: { postal_code: ['Enter a valid ZIP or postal code for the country'] },
            })
          : jsonResponse(201, { data: entry({ id: 'new' }) }),
    });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add address' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error saving address. Check to make sure all required inputs are filled.',
    );
    expect(within(dialog).getByLabelText(/^Company\/Location name/)).toHaveAccessibleDescription('Field is required');
    expect(within(dialog).getByLabelText(/^Street address/)).toHaveAccessibleDescription('Field is required');
    expect(bodiesOf('POST', '/api/addresses')).toHaveLength(0);

    const type = (label: RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type(/^Company\/Location name/, 'New Dock');
    type(/^Contact first name/, 'Bo');
    type(/^Email/, 'not-an-email');
    type(/^Street address/, '1 Main St');
    fireEvent.click(within(dialog).getByRole('button', { name: '+ Add address line' }));
    type(/^Address line 2/, 'Suite 9');
    type(/^City/, 'Austin');
    await choose(/^State\/Province/, 'Texas (TX)', dialog);
    type(/^ZIP\/Postal code/, '78701');
    type(/^Opens at/, '09:00');
    type(/^Closes at/, '08:00');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Residential' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Limited access/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(dialog).findByText('Invalid email')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Closes at/)).toHaveAccessibleDescription('Closing time must be after opening time');
    type(/^Email/, 'Bo@Dock.test');
    type(/^Closes at/, '18:00');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^ZIP\/Postal code/)).toHaveAccessibleDescription(
        'Enter a valid ZIP or postal code for the country',
      ),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Error saving address.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect((await screen.findAllByText('Address created')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add address' })).not.toBeInTheDocument());
    const bodies = bodiesOf('POST', '/api/addresses');
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({
      company: 'New Dock',
      first_name: 'Bo',
      last_name: '',
      email: 'Bo@Dock.test',
      phone: '',
      street1: '1 Main St',
      street2: 'Suite 9',
      street3: '',
      street4: '',
      street5: '',
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
      country: 'US',
      exterior_number: '',
      interior_number: '',
      neighborhood: '',
      location_type: 'residential',
      limited_access: true,
      liftgate_recommended: false,
      opens_at: '09:00',
      closes_at: '18:00',
    });
  });

  it('shows the Mexican fields and Mexican states for Mexico, and up to five address lines', async () => {
    renderBook();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add address' });
    expect(within(dialog).queryByLabelText('Exterior number')).not.toBeInTheDocument();
    await choose(/^Country/, 'Mexico', dialog);
    expect(within(dialog).getByLabelText('Exterior number')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Interior number')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Neighborhood (colonia)')).toBeInTheDocument();
    await choose(/^State\/Province/, 'Nuevo León (NLE)', dialog);
    for (let i = 0; i < 4; i += 1) fireEvent.click(within(dialog).getByRole('button', { name: '+ Add address line' }));
    expect(within(dialog).getByLabelText('Address line 5')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '+ Add address line' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove address line 5' }));
    expect(within(dialog).queryByLabelText('Address line 5')).not.toBeInTheDocument();
  });

  it('edits an address from the row options', async () => {
    const { bodiesOf } = renderBook('/address-book', { 'PUT /api/addresses/a1': { data: entry({ city: 'Evanston' }) } });
    await screen.findByRole('table');
    await openRowMenu('Acme Dock', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit address' });
    expect(within(dialog).getByLabelText(/^Company\/Location name/)).toHaveValue('Acme Dock');
    expect(within(dialog).getByLabelText('Address line 2')).toHaveValue('Dock 4');
    expect(within(dialog).getByRole('combobox', { name: /^State\/Province/ })).toHaveValue('Illinois (IL)');
    expect(within(dialog).getByRole('checkbox', { name: /^Liftgate recommended/ })).toBeChecked();
    fireEvent.change(within(dialog).getByLabelText(/^City/), { target: { value: 'Evanston' } });
    fireEvent.change(within(dialog).getByLabelText(/^ZIP\/Postal code/), { target: { value: '60201' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect((await screen.findAllByText('Address updated')).length).toBeGreaterThan(0);
    expect(bodiesOf('PUT', '/api/addresses/a1')[0]).toMatchObject({
      company: 'Acme Dock',
      city: 'Evanston',
      postal_code: '60201',
      state: 'IL',
      street2: 'Dock 4',
    });
  });

  it('deletes after a confirmation naming the company; a failed delete says so', async () => {
    let fail = true;
    const { fetchMock } = renderBook('/address-book', {
      'DELETE /api/addresses/a2': () =>
        fail ? jsonResponse(500, { message: 'x', code: 'server_error', request_id: 'r' }) : new Response(null, { status: 204 }),
    });
    await screen.findByRole('table');
    await openRowMenu('Bodega Norte', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete address' });
    expect(dialog).toHaveTextContent('Delete Bodega Norte from your address book? This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findAllByText('Failed to delete address')).length).toBeGreaterThan(0);
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findAllByText('Address deleted')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete address' })).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.filter(([u, init]) => u === '/api/addresses/a2' && init?.method === 'DELETE')).toHaveLength(2);
  });

  it('shows the details: verified chip, location type, access, liftgate, hours, contact', async () => {
    renderBook();
    await screen.findByRole('table');
    await openRowMenu('Acme Dock', 'View');
    let dialog = await screen.findByRole('dialog', { name: 'Address details' });
    expect(within(dialog).getByText('USPS verified')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Location typeCommercial');
    expect(dialog).toHaveTextContent('Hours of operation8:00 AM to 5:30 PM');
    expect(dialog).toHaveTextContent('Limited accessNo');
    expect(dialog).toHaveTextContent('Liftgate recommendedYes');
    expect(dialog).toHaveTextContent('ContactAna Ruizana@acme.test(312) 555-0100');
    expect(dialog).toHaveTextContent('233 S Wacker DrDock 4Chicago, IL 60606United States');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Bodega Norte' }));
    dialog = await screen.findByRole('dialog', { name: 'Address details' });
    expect(within(dialog).getByText('Custom / unverified')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Location typeResidential');
    expect(dialog).toHaveTextContent('Limited accessYes');
    expect(dialog).toHaveTextContent('Hours of operationNot given');
    expect(dialog).toHaveTextContent('Ext. 405, Int. 2B, Col. Centro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit address' })).toBeInTheDocument();
  });

  it('uploads a CSV: dry run report, import, and the table refreshes', async () => {
    const report = {
      rows_total: 3,
      rows_valid: 1,
      imported: 0,
      errors: [{ line: 3, field: 'state', message: 'Field is required' }],
      duplicates: [{ line: 4, of: 'file', existing_id: null, duplicate_of_line: 2 }],
    };
    const { fetchMock, listQueries } = renderBook('/address-book', {
      'POST /api/addresses/import': (url: string) => jsonResponse(200, url.includes('dry_run') ? report : { ...report, imported: 1 }),
    });
    stubXhrWithFetch();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Upload CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload addresses (CSV)' });
    expect(dialog).toHaveTextContent('Avoid duplicates: rows already in your address book');
    await chooseCsvFile(dialog, 'CSV file', new File(['company\nA\n'], 'a.csv', { type: 'text/csv' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByText('1 row ready to import')).toBeInTheDocument();
    expect(within(dialog).getByText('Line 2 of this file')).toBeInTheDocument();
    const before = listQueries().length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 1 row' }));
    expect(await within(dialog).findByText('1 row imported.')).toBeInTheDocument();
    await waitFor(() => expect(listQueries().length).toBeGreaterThan(before));
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain('/api/addresses/import?dry_run=1');
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain('/api/addresses/import');
  });

  it('exports the current view as CSV, and says when the browser refuses the download', async () => {
    const { fetchMock } = renderBook('/address-book?q=acme&sort=company&dir=desc', {
      'GET /api/addresses/export.csv': () => new Response('company\nAcme\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain('/api/addresses/export.csv?q=acme&sort=company&dir=desc');

    click.mockImplementation(() => {
      throw new Error('blocked');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findAllByText('Browser denied file download...')).length).toBeGreaterThan(0);
    click.mockRestore();
  });

  it('speaks Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderBook('/address-book', {}, () => listPage(ROWS), 'es');
    expect(await screen.findByRole('heading', { name: 'Libreta de direcciones' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Empresa/Nombre del lugar▲', 'Contacto▲', 'Dirección', 'Ciudad▲', 'Estado/Provincia▲', 'C.P.▲', 'Opciones']);
    expect(screen.getByRole('searchbox', { name: 'Buscar direcciones' })).toBeInTheDocument();
    expect(screen.getByText('60 direcciones')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Opciones de Bodega Norte' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Ver', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalles de la dirección' });
    expect(within(dialog).getByText('Personalizada / sin verificar')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Tipo de ubicaciónResidencial');
    expect(dialog).toHaveTextContent('Núm. ext. 405, Núm. int. 2B, Col. Centro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('dialog', { name: 'Editar dirección' });
    expect(within(form).getByLabelText('Colonia')).toHaveValue('Centro');
    expect(within(form).getByRole('button', { name: 'Guardar dirección' })).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Empresa\/Nombre del lugar/), { target: { value: '' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar dirección' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Error al guardar la dirección. Verifique que todos los campos obligatorios estén llenos.',
    );
  });
});
