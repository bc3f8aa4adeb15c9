import type { Product } from '@freight/contracts';
import { DEFAULT_SETTINGS, type UserSettings } from '@freight/domain';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers';
import { AUTH_STATE_KEY } from '../../lib/authState';
import i18n from '../../lib/i18n';
import { jsonResponse, makeUser, setCookie } from '../../test/fixtures';
import { listAnswer, listPage } from '../../test/listScreen';
import { stubApi } from '../../test/stubApi';
import { ProductCatalogRoute } from './routes';

const STAMP = { created_at: '2026-03-09T15:00:00Z', updated_at: '2026-03-10T15:00:00Z' };
const ROWS: Product[] = [
  {
    id: 'p1',
    description: 'Machine parts',
    product_number: 'MP-100',
    nmfc: '133300',
    sat: '24101500',
    package_type: 'pallets',
    freight_class: 85,
    length_in: 48,
    width_in: 40,
    height_in: 48,
    weight_lb: 500,
    hazardous: false,
    hs_code: '',
    ...STAMP,
  },
  {
    id: 'p2',
    description: 'Solvent drums',
    product_number: '',
    nmfc: '',
    sat: '',
    package_type: 'drums',
    freight_class: null,
    length_in: 24,
    width_in: 24,
    height_in: 36,
    weight_lb: 450.5,
    hazardous: true,
    hs_code: '',
    ...STAMP,
  },
];

const page = (data: Product[], current_page = 1) => listPage(data, current_page, 2, data.length ? 30 : 0);

type Handler = (url: string, init?: RequestInit) => Response;

function renderCatalog(
  opts: { path?: string; settings?: Partial<UserSettings>; list?: (url: URL) => unknown; routes?: Record<string, Handler> } = {},
) {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(makeUser([], { settings: { ...DEFAULT_SETTINGS, ...opts.settings } })));
  setCookie('XSRF-TOKEN', 't');
  const fetchMock = stubApi({
    'GET /api/products': listAnswer(opts.list ?? (() => page(ROWS))),
    ...opts.routes,
  });
  const router = createMemoryRouter([{ path: '/product-catalog', element: <ProductCatalogRoute /> }], {
    initialEntries: [opts.path ?? '/product-catalog'],
  });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  const lists = () =>
    fetchMock.mock.calls
      .filter(([u, init]) => String(u).startsWith('/api/products?') && (init?.method ?? 'GET') === 'GET')
      .map(([u]) => Object.fromEntries(new URL(String(u), 'http://localhost').searchParams)) as Record<string, string>[];
  const sent = (method: string, path: string) =>
    fetchMock.mock.calls.filter(([u, init]) => u === path && init?.method === method).map(([, init]) => JSON.parse(String(init?.body)));
  return { router, fetchMock, lists, sent };
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const enter = (el: HTMLElement, value: string | number) => fireEvent.change(el, { target: { value: String(value) } });

describe('product catalog', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('lists the products with the spec columns, in the user per-page setting', async () => {
    const { lists } = renderCatalog();
    expect(screen.getByRole('heading', { name: 'Product Catalog' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Description▲',
      'Product number▲',
      'NMFC▲',
      'Package type',
      'Class▲',
      'Dimensions (L × W × H)',
      'Weight▲',
      'Hazardous',
      'Actions',
    ]);
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    expect(cellsOf(first as HTMLElement)).toEqual([
      'Machine parts',
      'MP-100',
      '133300',
      'Pallets',
      '85',
      '48 × 40 × 48 in',
      '500 lb',
      'No',
      'EditDelete',
    ]);
    expect(cellsOf(second as HTMLElement)).toEqual([
      'Solvent drums',
      '—',
      '—',
      'Drums',
      '—',
      '24 × 24 × 36 in',
      '450.5 lb',
      'Hazardous',
      'EditDelete',
    ]);
    expect(screen.getByText('30 products')).toBeInTheDocument();
    expect(lists()[0]).toEqual({ page: '1', per_page: '25' });
  });

  it('searches (debounced), sorts by the column headers both ways and pages, all in the URL', async () => {
    const { router, lists } = renderCatalog({
      path: '/product-catalog?page=2',
      list: (url) => page(ROWS, Number(url.searchParams.get('page'))),
    });
    await screen.findByRole('table');
    expect(lists()[0]).toEqual({ page: '2', per_page: '25' });
    await userEvent.type(screen.getByLabelText('Search products'), 'drum');
    await waitFor(() => expect(router.state.location.search).toBe('?q=drum'));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', per_page: '25', q: 'drum' }));
    expect(lists().filter((q) => q.q && q.q !== 'drum')).toEqual([]);

    const weight = screen.getByRole('button', { name: /^Weight/ });
    await userEvent.click(weight);
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', per_page: '25', q: 'drum', sort: 'weight_lb', dir: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /^Weight/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: /^Weight/ }));
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ sort: 'weight_lb', dir: 'desc' }));
    expect(screen.getByRole('columnheader', { name: /^Weight/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: /^Description/ }));
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ sort: 'description', dir: 'asc' }));

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '2', per_page: '25', q: 'drum', sort: 'description', dir: 'asc' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: 'drum',
      sort: 'description',
      page: '2',
    });
  });

  it('shows a product in its detail modal', async () => {
    renderCatalog();
    await userEvent.click(await screen.findByRole('button', { name: 'View Machine parts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Machine parts' });
    for (const text of ['MP-100', '133300', '24101500', 'Pallets', 'Class 85', '48 × 40 × 48 in', '500 lb']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit product' });
    expect(within(edit).getByLabelText(/^Description/)).toHaveValue('Machine parts');
  });

  it('adds a product: field messages and the spec message first, then Product created with the exact body', async () => {
    const { sent } = renderCatalog({
      routes: {
        'POST /api/products': (_u, init) => jsonResponse(201, { data: { id: 'p9', ...JSON.parse(String(init?.body)), ...STAMP } }),
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add product' });
    enter(within(dialog).getByLabelText(/^SAT key/), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save product' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Error saving product. Check all inputs and try again.');
    expect(within(dialog).getByLabelText(/^Description/)).toHaveAccessibleDescription('Field is required');
    expect(within(dialog).getByLabelText(/^Package type/)).toHaveAccessibleDescription('Package type is required');
    expect(within(dialog).getByLabelText(/^SAT key/)).toHaveAccessibleDescription(/Enter the 8-digit SAT key/);
    expect(within(dialog).getByLabelText(/^Length/)).toHaveAccessibleDescription('Field is required');
    expect(sent('POST', '/api/products')).toEqual([]);

    enter(within(dialog).getByLabelText(/^Description/), '  Boxed valves ');
    enter(within(dialog).getByLabelText(/^Product number/), 'VAL-7');
    enter(within(dialog).getByLabelText(/^NMFC/), '61680');
    enter(within(dialog).getByLabelText(/^SAT key/), '40141600');
    enter(within(dialog).getByLabelText(/^HS code/), '8481.80');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Package type/), 'Boxes');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Freight class/), 'Class 70');
    enter(within(dialog).getByLabelText(/^Length \(in\)/), 24);
    enter(within(dialog).getByLabelText(/^Width \(in\)/), 20);
    enter(within(dialog).getByLabelText(/^Height \(in\)/), 18.5);
    enter(within(dialog).getByLabelText(/^Weight \(lb\)/), 60);
    await userEvent.click(within(dialog).getByLabelText('Hazardous'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save product' }));

    expect((await screen.findAllByText('Product created')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('POST', '/api/products')).toEqual([
      {
        description: 'Boxed valves',
        product_number: 'VAL-7',
        nmfc: '61680',
        sat: '40141600',
        hs_code: '848180',
        package_type: 'boxes',
        freight_class: 70,
        length_in: 24,
        width_in: 20,
        height_in: 18.5,
        weight_lb: 60,
        hazardous: true,
      },
    ]);
  });

  it('suggests parts of the part catalog in the description: a pick fills NMFC, class and hazardous', async () => {
    const paint = {
      id: 'pt1',
      description: 'Paint, oil-based, flammable, in cans',
      nmfc_item: '149980',
      nmfc_sub: '01',
      nmfc: '149980-01',
      freight_class: 55,
      density_based: false,
      hazardous: true,
    };
    const { fetchMock } = renderCatalog({ routes: { 'GET /api/part-catalog/suggestions': () => jsonResponse(200, { data: [paint] }) } });
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add product' });
    await userEvent.type(within(dialog).getByLabelText(/^Description/), 'pain');
    const option = await screen.findByRole('option', { name: /Paint, oil-based/ });
    expect(option).toHaveTextContent('NMFC 149980-01 · Class 55 · Hazardous');
    await userEvent.click(option);
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('Paint, oil-based, flammable, in cans');
    expect(within(dialog).getByLabelText(/^NMFC/)).toHaveValue('149980-01');
    expect(within(dialog).getByLabelText(/^Freight class/)).toHaveValue('55');
    expect(within(dialog).getByLabelText('Hazardous')).toBeChecked();
    const asked = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/part-catalog/suggestions'));
    expect(asked.at(-1)).toBe('/api/part-catalog/suggestions?q=pain&language=en');
  });

  it("puts the server's field errors under the fields with the spec message", async () => {
    renderCatalog({
      routes: {
        'PUT /api/products/p1': () =>
          jsonResponse(422, { message: 'The given data was invalid.', errors: { nmfc: ['This value is too long'] } }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Machine parts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^NMFC/)).toHaveAccessibleDescription('This value is too long'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Error saving product. Check all inputs and try again.');
  });

  it('deletes after a confirmation, and says Failed to delete product when the server refuses', async () => {
    let fail = true;
    const { fetchMock } = renderCatalog({
      routes: {
        'DELETE /api/products/p2': () =>
          fail ? jsonResponse(500, { message: 'Server error', request_id: 'x' }) : new Response(null, { status: 204 }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Solvent drums' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete product?' });
    expect(dialog).toHaveTextContent('Delete “Solvent drums” from the catalog?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Solvent drums' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete product?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete product' }));
    expect((await screen.findAllByText('Failed to delete product')).length).toBeGreaterThan(0);

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Delete Solvent drums' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete product?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete product' }));
    expect((await screen.findAllByText('Product deleted')).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.filter(([u, init]) => u === '/api/products/p2' && init?.method === 'DELETE')).toHaveLength(2);
  });

  it('shows and takes dimensions and weight in metric, sending inches and pounds; untouched numbers stay as stored', async () => {
    const { sent } = renderCatalog({
      settings: { unit_system: 'metric' },
      routes: { 'PUT /api/products/p1': (_u, init) => jsonResponse(200, { data: { ...ROWS[0], ...JSON.parse(String(init?.body)) } }) },
    });
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(cellsOf(row).slice(5, 7)).toEqual(['121.9 × 101.6 × 121.9 cm', '226.8 kg']);

    await userEvent.click(within(row).getByRole('button', { name: 'Edit Machine parts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    expect(within(dialog).getByLabelText(/^Length \(cm\)/)).toHaveValue('121.92');
    expect(within(dialog).getByLabelText(/^Weight \(kg\)/)).toHaveValue('226.8');
    enter(within(dialog).getByLabelText(/^Height \(cm\)/), 100);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save product' }));
    expect((await screen.findAllByText('Product updated')).length).toBeGreaterThan(0);
    expect(sent('PUT', '/api/products/p1')[0]).toMatchObject({ length_in: 48, width_in: 40, height_in: 39.37, weight_lb: 500 });
  });

  it('uploads through the shared CSV dialog and exports the searched, sorted view', async () => {
    const { fetchMock } = renderCatalog({
      path: '/product-catalog?q=drum&sort=weight_lb&dir=desc',
      routes: {
        'GET /api/products/export.csv': () =>
          new Response('description\n', {
            status: 200,
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="product-catalog.csv"' },
          }),
      },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/products/export.csv?q=drum&sort=weight_lb&dir=desc'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload products (CSV)' });
    expect(within(dialog).getByText(/already in your product catalog/)).toBeInTheDocument();
    expect(within(dialog).getByText(/description, product_number, nmfc, sat/)).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderCatalog();
    expect(screen.getByRole('heading', { name: 'Catálogo de productos' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: /^Tipo de empaque/ })).toBeInTheDocument();
    expect(within(table).getByText('Tarimas')).toBeInTheDocument();
    expect(screen.getByText('30 productos')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Agregar producto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar producto' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar producto' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Error al guardar el producto. Revise todos los campos e inténtelo de nuevo.',
    );
  });
});
