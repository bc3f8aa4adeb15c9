import type { AddressBookEntry, Product, QuoteRequestInput } from '@freight/contracts';
import { DEFAULT_SETTINGS, type UserSettings } from '@freight/domain';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../../app/providers';
import { AUTH_STATE_KEY } from '../../../../lib/authState';
import i18n from '../../../../lib/i18n';
import { SCREEN_WAIT } from '../../../../test/busyWait';
import { makeUser } from '../../../../test/fixtures';
import { stubApi, TEST_PICKUP_DATE } from '../../../../test/stubApi';
import { ShipmentForm, type ShipmentFormProps } from '.';

const STAMP = { created_at: '2026-03-09T15:00:00Z', updated_at: '2026-03-09T15:00:00Z' };
const entry = (
  e: Partial<AddressBookEntry> & Pick<AddressBookEntry, 'id' | 'company' | 'city' | 'state' | 'postal_code'>,
): AddressBookEntry => ({
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  street1: '1 Main St',
  street2: '',
  street3: '',
  street4: '',
  street5: '',
  country: 'US',
  interior_number: '',
  exterior_number: '',
  neighborhood: '',
  location_type: 'commercial',
  limited_access: false,
  liftgate_recommended: false,
  opens_at: '',
  closes_at: '',
  verified: true,
  ...STAMP,
  ...e,
});
const ADDRESSES = [
  entry({ id: 'a1', company: 'Acme Warehouse', city: 'Chicago', state: 'IL', postal_code: '60606', limited_access: true }),
  entry({
    id: 'a2',
    company: 'Ana Home',
    city: 'Atlanta',
    state: 'GA',
    postal_code: '30301',
    location_type: 'residential',
    liftgate_recommended: true,
  }),
];
const PRODUCT: Product = {
  id: 'p1',
  description: 'Machine parts',
  product_number: 'MP-100',
  nmfc: '133300',
  sat: '',
  package_type: 'pallets',
  freight_class: 85,
  length_in: 48,
  width_in: 40,
  height_in: 48,
  weight_lb: 500,
  hazardous: true,
  hs_code: '',
  ...STAMP,
};
const page = <T,>(data: T[]) => ({ data, meta: { current_page: 1, per_page: 8, total: data.length, last_page: 1 } });

function stub() {
  return stubApi({
    'GET /api/addresses': (url: string) => {
      const q = new URL(url, 'http://localhost').searchParams.get('q')?.toLowerCase() ?? '';
      const rows = ADDRESSES.filter((a) => [a.company, a.city, a.postal_code].some((f) => f.toLowerCase().includes(q)));
      return new Response(JSON.stringify(page(rows)), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
    'GET /api/products': page([PRODUCT]),
    'GET /api/postal-codes/US/60606': { data: { postal_code: '60606', country: 'US', city: 'Chicago', state: 'IL' } },
    'GET /api/postal-codes/US/30301': { data: { postal_code: '30301', country: 'US', city: 'Atlanta', state: 'GA' } },
  });
}

function renderForm(props: Partial<ShipmentFormProps> = {}, settings: Partial<UserSettings> = {}) {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(makeUser([], { settings: { ...DEFAULT_SETTINGS, ...settings } })));
  const onSubmit = vi.fn<(r: QuoteRequestInput) => void>();
  const onEdit = vi.fn();
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter>
        <ShipmentForm kind="ltl_parcel" busy={false} onSubmit={onSubmit} onEdit={onEdit} {...props} />
      </MemoryRouter>
    </Providers>,
  );
  return { onSubmit, onEdit };
}

/** The search waits 250 ms after the last key, then asks the (stubbed) server. */
const user = () => userEvent.setup({ delay: null });
const label = (text: string) => new RegExp(`^${text}`);
const item = (n: number) => screen.getByRole('group', { name: `Item ${n}` });

/** Type in a search box in one change event (a key at a time re-renders the whole form, slow in jsdom). */
const search = (box: HTMLElement, typed: string) => {
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: typed } });
};

/** A suggestion, found by its title (role queries over the whole form are too slow to poll in jsdom). */
const suggestion = async (title: string) =>
  (await screen.findByText(title, { selector: '[role=option] p' }, SCREEN_WAIT)).closest('[role=option]') as HTMLElement;

async function pick(box: HTMLElement, typed: string, title: string) {
  search(box, typed);
  await user().click(await suggestion(title));
}

describe('address and product pickers', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('fills both ends from the address book and a line from the catalog, and sends the exact request', async () => {
    const fetchMock = stub();
    const { onSubmit, onEdit } = renderForm();

    const pickup = screen.getByRole('combobox', { name: 'Pickup from address book' });
    search(pickup, 'chic');
    const option = await suggestion('Acme Warehouse');
    expect(option).toHaveTextContent('1 Main St, Chicago, IL 60606, US');
    expect(option.parentElement?.querySelectorAll('[role=option]')).toHaveLength(1);
    expect(option.parentElement).toHaveAccessibleName('Pickup from address book');
    // Debounced: one search for what was typed, none per key.
    const searches = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/addresses'));
    expect(searches).toEqual(['/api/addresses?q=chic&per_page=8']);
    expect(onEdit).not.toHaveBeenCalled(); // typing in the search is no edit of the shipment
    await user().click(option);
    expect(onEdit).toHaveBeenCalled();
    expect(screen.getByLabelText(label('Pickup zip / postal code'))).toHaveValue('60606');
    expect(screen.getByLabelText('Pickup site type')).toHaveValue('limited_access');
    expect(screen.getByTestId('pickup-address')).toHaveTextContent('Acme Warehouse · Chicago, IL 60606');
    expect(pickup).toHaveValue('Acme Warehouse');

    await pick(screen.getByRole('combobox', { name: 'Deliver to address book' }), 'ana', 'Ana Home');
    expect(screen.getByLabelText(label('Delivery zip / postal code'))).toHaveValue('30301');
    expect(screen.getByLabelText('Delivery site type')).toHaveValue('residential');
    expect(screen.getByRole('checkbox', { name: 'Residential delivery' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Liftgate delivery' })).toBeChecked();

    await pick(within(item(1)).getByRole('combobox', { name: 'Find a product' }), 'mach', 'Machine parts');
    const scope = within(item(1));
    expect(scope.getByLabelText(label('Package type'))).toHaveValue('pallets');
    expect(scope.getByLabelText(label('Length'))).toHaveValue('48');
    expect(scope.getByLabelText(label('Weight'))).toHaveValue('500');
    expect(scope.getByLabelText('Freight class')).toHaveValue('85');
    expect(scope.getByText('From your catalog: Machine parts')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(label('Shipment value')), { target: { value: '1000' } });
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      mode: 'ltl',
      pickup_date: TEST_PICKUP_DATE,
      origin: { postal_code: '60606', country: 'US', site_type: 'limited_access' },
      destination: { postal_code: '30301', country: 'US', site_type: 'residential' },
      items: [
        {
          package_type: 'pallets',
          quantity: 1,
          length: 48,
          width: 40,
          height: 48,
          weight: 500,
          stackable: true,
          hazardous: true,
          freight_class: 85,
          nmfc: '133300',
          description: 'Machine parts',
        },
      ],
      accessorials: ['liftgate_delivery', 'residential_delivery', 'limited_access_pickup'],
      insured_value: 1000,
      currency: 'USD',
      unit_system: 'imperial',
    });
  });

  it('fills a metric form in centimetres and kilograms; typing the postal code after a pick still wins', async () => {
    stub();
    const { onSubmit } = renderForm({}, { unit_system: 'metric' });
    await pick(within(item(1)).getByRole('combobox', { name: 'Find a product' }), 'mp-1', 'Machine parts');
    const scope = within(item(1));
    expect(scope.getByLabelText(label('Length'))).toHaveValue('121.92');
    expect(scope.getByLabelText(label('Height'))).toHaveValue('121.92');
    expect(scope.getByLabelText(label('Weight'))).toHaveValue('226.8');

    await pick(screen.getByRole('combobox', { name: 'Pickup from address book' }), 'acme', 'Acme Warehouse');
    const code = screen.getByLabelText(label('Pickup zip / postal code'));
    fireEvent.change(code, { target: { value: '30301' } });
    expect(screen.queryByTestId('pickup-address')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(label('Delivery zip / postal code')), { target: { value: '60606' } });
    fireEvent.change(screen.getByLabelText(label('Shipment value')), { target: { value: '0' } });
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    const request = onSubmit.mock.calls[0]?.[0] as QuoteRequestInput;
    expect(request.origin).toEqual({ postal_code: '30301', country: 'US', site_type: 'limited_access' });
    expect(request.unit_system).toBe('metric');
    expect(request.items[0]).toMatchObject({ length: 121.92, width: 101.6, height: 121.92, weight: 226.8 });
  });

  it('says when nothing matches, and speaks Spanish', async () => {
    stub();
    await act(() => i18n.changeLanguage('es'));
    renderForm();
    const box = screen.getByRole('combobox', { name: 'Recolectar en una dirección de la libreta' });
    search(box, 'zzz');
    await waitFor(
      () =>
        expect(screen.getByRole('listbox', { name: 'Recolectar en una dirección de la libreta' })).toHaveTextContent(
          'Ninguna dirección de su libreta coincide.',
        ),
      SCREEN_WAIT,
    );
    expect(
      within(screen.getByRole('group', { name: 'Artículo 1' })).getByRole('combobox', { name: 'Buscar un producto' }),
    ).toBeInTheDocument();
  });
});
