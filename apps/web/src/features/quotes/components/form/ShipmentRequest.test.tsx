import type { QuoteRequestInput } from '@freight/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../lib/i18n';
import { TEST_PICKUP_DATE } from '../../../../test/stubApi';
import { enter, fillItem, fillShipment, item, label, PALLET, renderForm, stubPostalCodes, user } from './testShipmentForm';

describe('ShipmentForm: the request it sends and the server’s answers', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
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
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
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
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const request = onSubmit.mock.calls[0]?.[0] as QuoteRequestInput;
    expect(request.mode).toBe('parcel');
    expect(request.signature).toBe('adult_signature');
    expect(request.accessorials).toEqual([]);

    // Re-rate without edits: the answer stands.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSubmit.mock.calls[1]?.[0]?.mode).toBe('parcel');
    // After an edit the form asks again.
    enter(screen.getByLabelText(label('Shipment value')), 400);
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Quote LTL' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(3));
    const ltl = onSubmit.mock.calls[2]?.[0] as QuoteRequestInput;
    expect(ltl.mode).toBe('ltl');
    expect(ltl.signature).toBeUndefined();
  });

  it('sends once when Get rates is pressed again before the first press is checked', async () => {
    stubPostalCodes();
    const { onSubmit } = renderForm();
    await fillShipment();
    await fillItem(1, PALLET);
    const getRates = screen.getByRole('button', { name: 'Get rates' });
    fireEvent.click(getRates);
    fireEvent.click(getRates);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await act(() => new Promise((settled) => setTimeout(settled, 0)));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // Checked and sent, the next press sends again.
    await user().click(getRates);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
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
    await waitFor(() => expect(offer).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
    // The offer's button switches to LTL and asks for the LTL rates in one go.
    await user().click(within(offer).getByRole('button', { name: 'Use the LTL option' }));
    expect(screen.getByRole('radio', { name: 'LTL' })).toBeChecked();
    expect(screen.queryByText('Cargo exceeds max dimensions! Use the LTL option')).not.toBeInTheDocument();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]?.mode).toBe('ltl');
  });

  it('quotes parcel without asking when the preferred mode is parcel and the boxes fit', async () => {
    stubPostalCodes();
    const { onSubmit } = renderForm({}, { preferred_mode: 'parcel' });
    await fillShipment();
    await fillItem(1, { type: 'Boxes', length: 12, width: 10, height: 8, weight: 10 });
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
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
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]?.items).toEqual([
      { package_type: 'pallets', quantity: 1, length: 48, width: 40, height: 50, weight: 350, stackable: true, hazardous: false },
    ]);
    // Removing the pallet frees the boxes.
    await user().click(screen.getByRole('button', { name: 'Remove item 1' }));
    expect(screen.getAllByRole('group', { name: /^Item \d$/ })).toHaveLength(1);
    expect(within(item(1)).getByLabelText(label('Length'))).toBeInTheDocument();
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
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
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
    await waitFor(() => expect(screen.getByLabelText(label('Equipment type'))).toHaveAccessibleDescription('Field is required'));
    await user().selectOptions(screen.getByLabelText(label('Equipment type')), 'Reefer');
    // The chosen type's limits, from the types staff keep.
    expect(screen.getByLabelText(label('Equipment type'))).toHaveAccessibleDescription(
      'Up to 43,500 lb · 26 pallet positions · 53 ft long · Temperature-controlled',
    );
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ mode: 'truckload', equipment_type: 'reefer', accessorials: [] });
    // 20 x 2,500 lb is over a reefer's 43,500 lb.
    const weight = within(item(1)).getByLabelText(label('Weight'));
    await user().clear(weight);
    await user().type(weight, '2500');
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    await waitFor(() => expect(weight).toHaveAccessibleDescription(/Weight exceeds maximum weight per item/));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
