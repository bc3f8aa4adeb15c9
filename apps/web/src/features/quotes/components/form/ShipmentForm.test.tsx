import type { QuoteRequestInput } from '@freight/contracts';
import { DEFAULT_SETTINGS, type UserSettings } from '@freight/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../../app/providers';
import { onAnnouncement } from '../../../../components/a11y/announcer';
import { AUTH_STATE_KEY } from '../../../../lib/authState';
import i18n from '../../../../lib/i18n';
import { jsonResponse, makeUser } from '../../../../test/fixtures';
import { stubApi, TEST_PICKUP_DATE } from '../../../../test/stubApi';
import { ShipmentForm, type ShipmentFormProps } from '.';
import { EQUIPMENT_OPTIONS } from './testEquipment';

const PLACES: Record<string, { city: string; state: string }> = {
  'US/60606': { city: 'Chicago', state: 'IL' },
  'US/30301': { city: 'Atlanta', state: 'GA' },
  'CA/M5V 2T6': { city: 'Toronto', state: 'ON' },
};

function stubPostalCodes() {
  return stubApi(
    Object.fromEntries([
      ...Object.entries(PLACES).map(([key, place]) => {
        const [country, code] = key.split('/') as [string, string];
        return [`GET /api/postal-codes/${country}/${encodeURIComponent(code)}`, { data: { postal_code: code, country, ...place } }];
      }),
      ['GET /api/equipment-types', { data: EQUIPMENT_OPTIONS }],
      [
        'GET /api/postal-codes/US/00000',
        () => jsonResponse(404, { message: 'We could not find this ZIP or postal code', code: 'not_found' }),
      ],
    ]),
  );
}

function renderForm(props: Partial<ShipmentFormProps> = {}, settings: Partial<UserSettings> = {}) {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(makeUser([], { settings: { ...DEFAULT_SETTINGS, ...settings } })));
  const onSubmit = vi.fn<(r: QuoteRequestInput) => void>();
  const onEdit = vi.fn();
  const all: ShipmentFormProps = { kind: 'ltl_parcel', busy: false, onSubmit, onEdit, ...props };
  const view = (p: ShipmentFormProps) => (
    <Providers queryClient={queryClient}>
      <MemoryRouter>
        <ShipmentForm {...p} />
      </MemoryRouter>
    </Providers>
  );
  const queryClient = createQueryClient();
  const utils = render(view(all));
  return { onSubmit, onEdit, rerender: (p: Partial<ShipmentFormProps>) => utils.rerender(view({ ...all, ...p })) };
}

const user = () => userEvent.setup({ delay: null });
const label = (text: string) => new RegExp(`^${text}`);
const item = (n: number) => screen.getByRole('group', { name: `Item ${n}` });

interface Line {
  type: string;
  quantity?: number;
  length?: number;
  width?: number;
  height?: number;
  weight: number;
}

/** Set a field's text in one change event (typing every key re-renders the whole form, slow in jsdom). */
const enter = (el: HTMLElement, value: string | number) => fireEvent.change(el, { target: { value: String(value) } });

async function fillItem(n: number, line: Line) {
  const scope = within(item(n));
  await user().selectOptions(scope.getByLabelText(label('Package type')), line.type);
  if (line.quantity !== undefined) enter(scope.getByLabelText(label('Quantity')), line.quantity);
  for (const f of ['length', 'width', 'height'] as const) {
    const v = line[f];
    if (v !== undefined) enter(scope.getByLabelText(label(f[0]?.toUpperCase() + f.slice(1))), v);
  }
  enter(scope.getByLabelText(label('Weight')), line.weight);
}

async function fillShipment(opts: { value?: number } = {}) {
  enter(screen.getByLabelText(label('Pickup zip / postal code')), '60606');
  enter(screen.getByLabelText(label('Delivery zip / postal code')), '30301');
  enter(screen.getByLabelText(label('Shipment value')), opts.value ?? 0);
}

const PALLET = { type: 'Pallets', length: 48, width: 40, height: 48, weight: 500 };

describe('ShipmentForm', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows density and class live as the user types: 48 x 40 x 48 in, 500 lb -> 9.38 lb/ft³, class 100', async () => {
    stubPostalCodes();
    renderForm();
    expect(screen.getByTestId('density-1')).toHaveTextContent('Density and class show once dimensions and weight are filled in.');
    const scope = within(item(1));
    await user().selectOptions(scope.getByLabelText(label('Package type')), 'Pallets');
    await user().type(scope.getByLabelText(label('Length')), '48');
    await user().type(scope.getByLabelText(label('Width')), '40');
    await user().type(scope.getByLabelText(label('Height')), '48');
    await user().type(scope.getByLabelText(label('Weight')), '50');
    expect(screen.getByTestId('density-1')).toHaveTextContent('Density: 0.94 lb/ft³ · Class 400');
    await user().type(scope.getByLabelText(label('Weight')), '0');
    expect(screen.getByTestId('density-1')).toHaveTextContent('Density: 9.38 lb/ft³ · Class 100');
    expect(within(item(1)).getByRole('option', { name: 'From density (class 100)' })).toBeInTheDocument();
    // Nothing can be stacked on it: the carrier measures it 96 in high.
    await user().click(within(item(1)).getByLabelText('Stackable'));
    expect(screen.getByTestId('density-1')).toHaveTextContent('Density: 4.69 lb/ft³ · Class 175');
  });

  it('looks up city and state of a complete code and shows the server message for an unknown one', async () => {
    stubPostalCodes();
    renderForm();
    const pickup = screen.getByLabelText(label('Pickup zip / postal code'));
    await user().type(pickup, '60606');
    expect(await screen.findByText('Chicago, IL')).toBeInTheDocument();
    const delivery = screen.getByLabelText(label('Delivery zip / postal code'));
    await user().type(delivery, '00000');
    await waitFor(() => expect(delivery).toHaveAccessibleDescription(/We could not find this ZIP or postal code/));
    // A Canadian code switches the country and is looked up in Canada.
    await user().clear(delivery);
    await user().type(delivery, 'm5v 2t6');
    expect(screen.getByLabelText('Delivery country')).toHaveValue('CA');
    expect(await screen.findByText('Toronto, ON')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Cross-border shipments are not quoted online yet');
  });

  it('warns when the class differs from the density class: Cancel reverts to the recommendation, I understand keeps it', async () => {
    stubPostalCodes();
    renderForm();
    await fillItem(1, PALLET);
    const cls = within(item(1)).getByLabelText('Freight class');
    await user().selectOptions(cls, 'Class 85');
    const dialog = await screen.findByRole('dialog', { name: 'Override the recommendation?' });
    expect(dialog).toHaveTextContent('Item 1: you chose class 85, but its density gives class 100.');
    await user().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cls).toHaveValue('');

    await user().selectOptions(cls, 'Class 85');
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'I understand' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cls).toHaveValue('85');
    // The density's own class is no override.
    await user().selectOptions(cls, 'Class 100');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("suggests parts as the description is typed: a pick fills NMFC, class and hazardous, and the part's class is the recommendation", async () => {
    const compressor = {
      id: 'p1',
      description: 'Compressors, air, with or without tanks',
      nmfc_item: '114850',
      nmfc_sub: '',
      nmfc: '114850',
      freight_class: 77.5,
      density_based: false,
      hazardous: true,
    };
    const fetchMock = stubApi({ 'GET /api/part-catalog/suggestions': { data: [compressor] } });
    renderForm();
    await fillItem(1, PALLET);
    const scope = within(item(1));
    await user().type(scope.getByLabelText('Description'), 'compr');
    await user().click(await screen.findByRole('option', { name: /Compressors, air/ }));
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('q=compr');
    expect(scope.getByLabelText('Description')).toHaveValue('Compressors, air, with or without tanks');
    expect(scope.getByLabelText(label('NMFC'))).toHaveValue('114850');
    const cls = scope.getByLabelText('Freight class');
    expect(cls).toHaveValue('77.5');
    expect(cls).toHaveAccessibleDescription('Recommended by the part catalog: class 77.5');
    expect(scope.getByLabelText('Hazardous')).toBeChecked();
    // The pick itself asks nothing, though the density says class 100.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user().selectOptions(cls, 'Class 100');
    const dialog = await screen.findByRole('dialog', { name: 'Override the recommendation?' });
    expect(dialog).toHaveTextContent(
      'Item 1: you chose class 100, but the part catalog gives “Compressors, air, with or without tanks” class 77.5.',
    );
    await user().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cls).toHaveValue('77.5');
    await user().selectOptions(cls, 'Class 100');
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'I understand' }));
    await waitFor(() => expect(cls).toHaveValue('100'));
  });

  it('applies the site type recommendations and warns when the user leaves one', async () => {
    stubPostalCodes();
    renderForm();
    await user().selectOptions(screen.getByLabelText('Delivery site type'), 'Residential');
    const liftgate = screen.getByRole('checkbox', { name: 'Liftgate delivery' });
    expect(liftgate).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Residential delivery' })).toBeChecked();
    await user().click(liftgate);
    const dialog = await screen.findByRole('dialog', { name: 'Override the recommendation?' });
    expect(dialog).toHaveTextContent('Liftgate delivery is recommended for a residential site.');
    await user().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(liftgate).toBeChecked());
    await user().click(liftgate);
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'I understand' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(liftgate).not.toBeChecked();
    // Asking for a liftgate at a business pickup is not an override.
    await user().click(screen.getByRole('checkbox', { name: 'Liftgate pickup' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends the exact LTL request: pallets go LTL without asking', async () => {
    stubPostalCodes();
    const { onSubmit } = renderForm({ clientRef: 'PO-77' });
    await fillShipment({ value: 2500 });
    await fillItem(1, { ...PALLET, quantity: 2 });
    await user().type(within(item(1)).getByLabelText('Description'), 'Machine parts');
    await user().selectOptions(screen.getByLabelText('Pickup site type'), 'Limited access');
    await user().click(screen.getByRole('checkbox', { name: 'Appointment' }));
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      mode: 'ltl',
      pickup_date: TEST_PICKUP_DATE,
      origin: { postal_code: '60606', country: 'US', site_type: 'limited_access' },
      destination: { postal_code: '30301', country: 'US', site_type: 'business' },
      items: [
        {
          package_type: 'pallets',
          quantity: 2,
          length: 48,
          width: 40,
          height: 48,
          weight: 500,
          stackable: true,
          hazardous: false,
          description: 'Machine parts',
        },
      ],
      accessorials: ['appointment', 'limited_access_pickup'],
      insured_value: 2500,
      currency: 'USD',
      unit_system: 'imperial',
      client_ref: 'PO-77',
    });
  });

  it('asks LTL or parcel for small boxes and sends the chosen mode with the parcel details', async () => {
    stubPostalCodes();
    const { onSubmit } = renderForm();
    await fillShipment({ value: 300 });
    await fillItem(1, { type: 'Boxes', quantity: 2, length: 12, width: 10, height: 8, weight: 10 });
    expect(screen.getByRole('heading', { name: 'Parcel details' })).toBeInTheDocument();
    expect(
      screen.getByText(/schedule a parcel pickup by 12:00 PM; after 2:00 PM the pickup moves to the next business day/),
    ).toBeInTheDocument();
    await user().selectOptions(screen.getByLabelText('Signature options'), 'Adult signature (21 or older)');
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    const dialog = await screen.findByRole('dialog', { name: 'LTL or parcel?' });
    expect(onSubmit).not.toHaveBeenCalled();
    await user().click(within(dialog).getByRole('button', { name: 'Quote parcel' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const request = onSubmit.mock.calls[0]?.[0] as QuoteRequestInput;
    expect(request.mode).toBe('parcel');
    expect(request.signature).toBe('adult_signature');
    expect(request.accessorials).toEqual([]);

    // Re-rate without edits: the answer stands.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSubmit.mock.calls[1]?.[0]?.mode).toBe('parcel');
    // After an edit the form asks again.
    enter(screen.getByLabelText(label('Shipment value')), 400);
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Quote LTL' }));
    const ltl = onSubmit.mock.calls[2]?.[0] as QuoteRequestInput;
    expect(ltl.mode).toBe('ltl');
    expect(ltl.signature).toBeUndefined();
  });

  it("offers LTL for an oversize parcel when the user's preferred mode is parcel", async () => {
    stubPostalCodes();
    const { onSubmit } = renderForm({}, { preferred_mode: 'parcel' });
    expect(screen.getByRole('radio', { name: 'Parcel' })).toBeChecked();
    await fillShipment();
    await fillItem(1, { type: 'Crates', length: 60, width: 30, height: 30, weight: 40 });
    const offer = await screen.findByRole('alert');
    expect(offer).toHaveTextContent('Cargo exceeds max dimensions! Use the LTL option');
    expect(offer).toHaveTextContent('Item 1: Cargo exceeds max dimensions');
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(onSubmit).not.toHaveBeenCalled();
    // The offer's button switches to LTL and asks for the LTL rates in one go.
    await user().click(within(offer).getByRole('button', { name: 'Use the LTL option' }));
    expect(screen.getByRole('radio', { name: 'LTL' })).toBeChecked();
    expect(screen.queryByText('Cargo exceeds max dimensions! Use the LTL option')).not.toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]?.mode).toBe('ltl');
  });

  it('quotes parcel without asking when the preferred mode is parcel and the boxes fit', async () => {
    stubPostalCodes();
    const { onSubmit } = renderForm({}, { preferred_mode: 'parcel' });
    await fillShipment();
    await fillItem(1, { type: 'Boxes', length: 12, width: 10, height: 8, weight: 10 });
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ mode: 'parcel', signature: 'none' });
  });

  it('merges combined items into their pallet line before sending', async () => {
    stubPostalCodes();
    const { onSubmit } = renderForm();
    await fillShipment({ value: 1000 });
    await fillItem(1, { type: 'Pallets', length: 48, width: 40, height: 50, weight: 50 });
    await user().click(screen.getByRole('button', { name: 'Add item' }));
    await fillItem(2, { type: 'Boxes', quantity: 20, length: 12, width: 12, height: 10, weight: 15 });
    await user().selectOptions(within(item(2)).getByLabelText('Combine with'), 'Item 1');
    // The loaded line keeps no dimensions of its own; the pallet line shows the merged unit.
    expect(within(item(2)).queryByLabelText(label('Length'))).not.toBeInTheDocument();
    expect(screen.getByTestId('density-2')).toHaveTextContent('Loaded on item 1');
    expect(screen.getByTestId('density-1')).toHaveTextContent('With the items loaded on it: 350 lb per unit.');
    expect(screen.getByTestId('density-1')).toHaveTextContent('Density: 6.30 lb/ft³ · Class 125');
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(onSubmit.mock.calls[0]?.[0]?.items).toEqual([
      { package_type: 'pallets', quantity: 1, length: 48, width: 40, height: 50, weight: 350, stackable: true, hazardous: false },
    ]);
    // Removing the pallet frees the boxes.
    await user().click(screen.getByRole('button', { name: 'Remove item 1' }));
    expect(screen.getAllByRole('group', { name: /^Item \d$/ })).toHaveLength(1);
    expect(within(item(1)).getByLabelText(label('Length'))).toBeInTheDocument();
  });

  it('checks the fields with the spec words before sending', async () => {
    stubPostalCodes();
    const said: string[] = [];
    const stopListening = onAnnouncement((m) => said.push(m));
    const { onSubmit } = renderForm();
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText(label('Pickup zip / postal code'))).toHaveAccessibleDescription(/Field is required/);
    expect(screen.getByLabelText(label('Shipment value'))).toHaveAccessibleDescription(/Field is required/);
    expect(within(item(1)).getByLabelText(label('Package type'))).toHaveAccessibleDescription('Package type is required');
    await waitFor(() => expect(screen.getByLabelText(label('Pickup zip / postal code'))).toHaveFocus());
    expect(said).toEqual([expect.stringMatching(/^\d+ fields need attention$/)]);
    stopListening();

    await fillItem(1, { type: 'Pallets', length: 48, width: 40, height: 100, weight: 25_000 });
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(within(item(1)).getByLabelText(label('Height'))).toHaveAccessibleDescription(
      'Items over 96 in (243 cm) high cannot be quoted online. Please call us for a quote.',
    );
    expect(within(item(1)).getByLabelText(label('Weight'))).toHaveAccessibleDescription(/Weight exceeds maximum weight per item/);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('works in metric: cm and kg, density in kg/m³, and the unit switch converts the numbers', async () => {
    stubPostalCodes();
    const { onSubmit } = renderForm({}, { unit_system: 'metric' });
    expect(screen.getByRole('radio', { name: 'kg / cm' })).toBeChecked();
    await fillShipment({ value: 100 });
    await fillItem(1, { type: 'Pallets', length: 121.92, width: 101.6, height: 121.92, weight: 226.8 });
    expect(within(item(1)).getAllByText('cm')).toHaveLength(3);
    expect(within(item(1)).getByText('kg')).toBeInTheDocument();
    expect(screen.getByTestId('density-1')).toHaveTextContent('Density: 150.18 kg/m³ · Class 100');
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      unit_system: 'metric',
      items: [{ length: 121.92, width: 101.6, height: 121.92, weight: 226.8 }],
    });

    // 244 cm is over 96 in.
    const height = within(item(1)).getByLabelText(label('Height'));
    await user().clear(height);
    await user().type(height, '244');
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(height).toHaveAccessibleDescription(/Items over 96 in \(243 cm\) high/);

    await user().click(screen.getByRole('radio', { name: 'lb / in' }));
    expect(within(item(1)).getByLabelText(label('Length'))).toHaveValue('48');
    expect(within(item(1)).getByLabelText(label('Weight'))).toHaveValue('500.01');
  });

  it('names the units to screen readers, and switching units and back restores the numbers entered, not rounded ones', async () => {
    stubPostalCodes();
    renderForm();
    await fillItem(1, PALLET);
    expect(within(item(1)).getByLabelText(/^Weight \(lb\)/)).toHaveValue('500');
    expect(screen.getByLabelText(/^Shipment value \(USD\)/)).toBeInTheDocument();
    await user().click(screen.getByRole('radio', { name: 'kg / cm' }));
    expect(within(item(1)).getByLabelText(/^Weight \(kg\)/)).toHaveValue('226.8');
    expect(within(item(1)).getByLabelText(/^Length \(cm\)/)).toHaveValue('121.92');
    await user().click(screen.getByRole('radio', { name: 'lb / in' }));
    expect(within(item(1)).getByLabelText(label('Weight'))).toHaveValue('500');
    expect(within(item(1)).getByLabelText(label('Length'))).toHaveValue('48');
  });

  it('fills everything from `initial`, reloads a new one, and reports only user edits', async () => {
    stubPostalCodes();
    const initial: QuoteRequestInput = {
      mode: 'ltl',
      pickup_date: '2030-03-04',
      origin: { postal_code: '60606', country: 'US', site_type: 'residential' },
      destination: { postal_code: '30301', country: 'US', site_type: 'business' },
      items: [
        {
          package_type: 'crates',
          quantity: 3,
          length: 40,
          width: 30,
          height: 20,
          weight: 90,
          freight_class: 85,
          stackable: false,
          hazardous: true,
        },
      ],
      accessorials: ['residential_pickup', 'liftgate_pickup', 'inside_delivery'],
      insured_value: 1200,
      currency: 'CAD',
      unit_system: 'imperial',
    };
    const { onEdit, rerender } = renderForm({ initial });
    expect(screen.getByLabelText(label('Pickup date'))).toHaveValue('2030-03-04');
    expect(screen.getByLabelText('Pickup site type')).toHaveValue('residential');
    expect(within(item(1)).getByLabelText(label('Package type'))).toHaveValue('crates');
    expect(within(item(1)).getByLabelText('Freight class')).toHaveValue('85');
    expect(within(item(1)).getByLabelText('Hazardous')).toBeChecked();
    expect(within(item(1)).getByLabelText('Stackable')).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Inside delivery' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'LTL' })).toBeChecked();
    expect(screen.getByText('CAD')).toBeInTheDocument();
    expect(await screen.findByText('Chicago, IL')).toBeInTheDocument();
    expect(onEdit).not.toHaveBeenCalled();

    rerender({
      initial: { ...initial, pickup_date: '2030-03-05', items: [{ ...initial.items[0], quantity: 7 }] as QuoteRequestInput['items'] },
    });
    await waitFor(() => expect(screen.getByLabelText(label('Pickup date'))).toHaveValue('2030-03-05'));
    expect(within(item(1)).getByLabelText(label('Quantity'))).toHaveValue('7');
    expect(onEdit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(label('Pickup date')), { target: { value: '2030-03-06' } });
    expect(onEdit).toHaveBeenCalled();
  });

  it('shows the server 422 errors under their fields, items mapped to their lines, the rest above the button', async () => {
    stubPostalCodes();
    const { onSubmit, rerender } = renderForm();
    await fillShipment({ value: 10 });
    await fillItem(1, { type: 'Pallets', length: 48, width: 40, height: 48, weight: 300 });
    await user().click(screen.getByRole('button', { name: 'Add item' }));
    await fillItem(2, { type: 'Boxes', quantity: 4, weight: 20 });
    await user().selectOptions(within(item(2)).getByLabelText('Combine with'), 'Item 1');
    await user().click(screen.getByRole('button', { name: 'Add item' }));
    await fillItem(3, { type: 'Crates', length: 40, width: 40, height: 40, weight: 200 });
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(onSubmit.mock.calls[0]?.[0]?.items).toHaveLength(2);
    rerender({
      serverErrors: {
        'origin.postal_code': ['validation.postal_code_unknown'],
        'items.1.height': ['This value is too large'],
        currency: ['Choose one of the listed options'],
      },
    });
    await waitFor(() =>
      expect(screen.getByLabelText(label('Pickup zip / postal code'))).toHaveAccessibleDescription(
        /We could not find this ZIP or postal code/,
      ),
    );
    expect(within(item(3)).getByLabelText(label('Height'))).toHaveAccessibleDescription('This value is too large');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose one of the listed options');
  });

  it('lists a server error whose field the form does not show above the button instead of losing it', async () => {
    stubPostalCodes();
    const { rerender } = renderForm();
    rerender({ serverErrors: { equipment_type: ['validation.choice'], 'items.7.height': ['validation.too_large'] } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Choose one of the listed options');
    expect(alert).toHaveTextContent('This value is too large');
  });

  it('sends nothing from the LTL-or-parcel dialog while a request is being rated', async () => {
    stubPostalCodes();
    const { onSubmit, rerender } = renderForm();
    await fillShipment({ value: 300 });
    await fillItem(1, { type: 'Boxes', length: 12, width: 10, height: 8, weight: 10 });
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    const dialog = await screen.findByRole('dialog', { name: 'LTL or parcel?' });
    rerender({ busy: true });
    await user().click(within(dialog).getByRole('button', { name: 'Quote parcel' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('truckload: equipment type and the request of the Truckload page', async () => {
    stubPostalCodes();
    const { onSubmit } = renderForm({ kind: 'truckload' });
    expect(screen.queryByRole('radio', { name: 'Parcel' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Freight class')).not.toBeInTheDocument();
    await fillShipment({ value: 50_000 });
    await fillItem(1, { type: 'Pallets', quantity: 20, length: 48, width: 40, height: 60, weight: 1000 });
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(screen.getByLabelText(label('Equipment type'))).toHaveAccessibleDescription('Field is required');
    await user().selectOptions(screen.getByLabelText(label('Equipment type')), 'Reefer');
    // The chosen type's limits, from the types staff keep.
    expect(screen.getByLabelText(label('Equipment type'))).toHaveAccessibleDescription(
      'Up to 43,500 lb · 26 pallet positions · 53 ft long · Temperature-controlled',
    );
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ mode: 'truckload', equipment_type: 'reefer', accessorials: [] });
    // 20 x 2,500 lb is over a reefer's 43,500 lb.
    const weight = within(item(1)).getByLabelText(label('Weight'));
    await user().clear(weight);
    await user().type(weight, '2500');
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(weight).toHaveAccessibleDescription(/Weight exceeds maximum weight per item/);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('is not editable while busy', () => {
    stubPostalCodes();
    renderForm({ busy: true });
    expect(screen.getByLabelText(label('Pickup zip / postal code'))).toBeDisabled();
    expect(screen.getByRole('button', { name: /Get rates/ })).toBeDisabled();
  });

  it('speaks Spanish', async () => {
    stubPostalCodes();
    await i18n.changeLanguage('es');
    renderForm();
    expect(screen.getByLabelText(label('Código postal de recolección'))).toBeInTheDocument();
    expect(screen.getByLabelText(label('Fecha de recolección'))).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Artículo 1' })).getByLabelText(label('Tipo de empaque'))).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Tarimas' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Plataforma elevadora en entrega' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Obtener tarifas' })).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Obtener tarifas' }));
    expect(screen.getByLabelText(label('Valor del envío'))).toHaveAccessibleDescription(/Field is required|Campo obligatorio|obligatorio/);
  });
});
