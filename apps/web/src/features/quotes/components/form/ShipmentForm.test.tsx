import type { QuoteRequestInput } from '@freight/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onAnnouncement } from '../../../../components/a11y/announcer';
import i18n from '../../../../lib/i18n';
import { jsonResponse } from '../../../../test/fixtures';
import { stubApi } from '../../../../test/stubApi';
import { enter, fillItem, fillShipment, item, label, PALLET, renderForm, stubPostalCodes, user } from './testShipmentForm';

describe('ShipmentForm: what it shows and checks as the user types', () => {
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
    expect(screen.getByRole('status')).toHaveTextContent('Duties and taxes are not included.');
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

  it('puts a rule’s package preset on every item line that names no package type, a line added later too', async () => {
    const match = vi.fn(() =>
      jsonResponse(200, {
        data: { actions: { package_preset: 'boxes' }, sources: { package_preset: { id: 'r1', name: 'Small goods in boxes' } } },
      }),
    );
    stubPostalCodes({ 'POST /api/automation-rules/match': match });
    renderForm();
    await fillShipment();
    enter(within(item(1)).getByLabelText(label('Weight')), 40);
    await waitFor(() => expect(within(item(1)).getByLabelText(label('Package type'))).toHaveValue('boxes'));
    expect(screen.getByTestId('set-by-rule')).toHaveTextContent('Small goods in boxes');
    await user().click(screen.getByRole('button', { name: 'Add item' }));
    await waitFor(() => expect(within(item(2)).getByLabelText(label('Package type'))).toHaveValue('boxes'));
    // A line's own choice stays.
    await user().selectOptions(within(item(2)).getByLabelText(label('Package type')), 'Pallets');
    expect(within(item(2)).getByLabelText(label('Package type'))).toHaveValue('pallets');
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

  it('checks the fields with the spec words before sending', async () => {
    stubPostalCodes();
    const said: string[] = [];
    const stopListening = onAnnouncement((m) => said.push(m));
    const { onSubmit } = renderForm();
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    await waitFor(() => expect(screen.getByLabelText(label('Pickup zip / postal code'))).toHaveAccessibleDescription(/Field is required/));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText(label('Shipment value'))).toHaveAccessibleDescription(/Field is required/);
    expect(within(item(1)).getByLabelText(label('Package type'))).toHaveAccessibleDescription('Package type is required');
    await waitFor(() => expect(screen.getByLabelText(label('Pickup zip / postal code'))).toHaveFocus());
    expect(said).toEqual([expect.stringMatching(/^\d+ fields need attention$/)]);
    stopListening();

    await fillItem(1, { type: 'Pallets', length: 48, width: 40, height: 100, weight: 25_000 });
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    await waitFor(() =>
      expect(within(item(1)).getByLabelText(label('Height'))).toHaveAccessibleDescription(
        'Items over 96 in (243 cm) high cannot be quoted online. Please call us for a quote.',
      ),
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
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      unit_system: 'metric',
      items: [{ length: 121.92, width: 101.6, height: 121.92, weight: 226.8 }],
    });

    // 244 cm is over 96 in.
    const height = within(item(1)).getByLabelText(label('Height'));
    await user().clear(height);
    await user().type(height, '244');
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    await waitFor(() => expect(height).toHaveAccessibleDescription(/Items over 96 in \(243 cm\) high/));

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
    await waitFor(() =>
      expect(screen.getByLabelText(label('Valor del envío'))).toHaveAccessibleDescription(
        /Field is required|Campo obligatorio|obligatorio/,
      ),
    );
  });
});
