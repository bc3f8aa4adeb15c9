import type { QuoteRequestInput } from '@freight/contracts';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../lib/i18n';
import { stubApi } from '../../../../test/stubApi';
import type { ShipmentFormProps } from '.';
import { enter, renderForm, user } from './testShipmentForm';

/** The truckload form's extra stops: added, sent in route order, at most four, server errors in place. */
function renderTruckload(props: Partial<ShipmentFormProps> = {}) {
  stubApi({ 'GET /api/postal-codes/US/46204': { data: { postal_code: '46204', country: 'US', city: 'Indianapolis', state: 'IN' } } });
  return renderForm({ kind: 'truckload', ...props });
}

const stops = () => within(screen.getByTestId('truckload-stops'));

/** A truckload Chicago -> Atlanta quoted as saved: only the stops are left to fill. */
const INITIAL: QuoteRequestInput = {
  mode: 'truckload',
  pickup_date: '2030-03-11',
  origin: { postal_code: '60606', country: 'US', site_type: 'business' },
  destination: { postal_code: '30301', country: 'US', site_type: 'business' },
  items: [{ package_type: 'pallets', quantity: 20, length: 48, width: 40, height: 60, weight: 1000, stackable: true, hazardous: false }],
  accessorials: [],
  insured_value: 50_000,
  equipment_type: 'dry_van',
};

describe('TruckloadStops', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await act(() => i18n.changeLanguage('en'));
  });

  it('adds an extra drop, names its place and sends the stops in route order', async () => {
    const { onSubmit } = renderTruckload({ initial: INITIAL });
    expect(stops().getByText(/Each stop adds a stop-off charge; up to 4/)).toBeInTheDocument();
    await user().click(stops().getByRole('button', { name: 'Add a stop' }));
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    // The line kept for the place is empty: the error is all that is said.
    expect(stops().getByLabelText(/^Stop 1 ZIP or postal code/)).toHaveAccessibleDescription(/^\s*Field is required\s*$/);
    expect(onSubmit).not.toHaveBeenCalled();

    enter(stops().getByLabelText(/^Stop 1 ZIP or postal code/), '46204');
    expect(await stops().findByText('Indianapolis, IN')).toBeInTheDocument();
    await user().click(stops().getByRole('button', { name: 'Add a stop' }));
    await user().selectOptions(stops().getByLabelText(/^Stop 2\s*\*?$/), 'Extra pickup');
    enter(stops().getByLabelText(/^Stop 2 ZIP or postal code/), 'm5v 2t6');
    await user().selectOptions(stops().getByLabelText(/^Stop 2 country/), 'Canada');
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(onSubmit.mock.calls[0]?.[0].stops).toEqual([
      { kind: 'drop', postal_code: '46204', country: 'US' },
      { kind: 'pickup', postal_code: 'M5V 2T6', country: 'CA' },
    ]);

    await user().click(stops().getByRole('button', { name: 'Remove stop 1' }));
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    expect(onSubmit.mock.calls[1]?.[0].stops).toEqual([{ kind: 'pickup', postal_code: 'M5V 2T6', country: 'CA' }]);
  });

  it('stops at four, loads a saved quote’s stops and shows the server’s errors under the stops', async () => {
    const saved = { ...INITIAL, stops: [{ kind: 'drop' as const, postal_code: '46204', country: 'US' as const }] };
    const { rerender } = renderTruckload({ initial: saved });
    expect(stops().getByLabelText(/^Stop 1 ZIP or postal code/)).toHaveValue('46204');
    for (let i = 0; i < 3; i++) await user().click(stops().getByRole('button', { name: 'Add a stop' }));
    expect(stops().getByRole('button', { name: 'Add a stop' })).toBeDisabled();
    expect(stops().getByText('A truckload takes at most 4 extra stops.')).toBeInTheDocument();

    rerender({
      serverErrors: {
        stops: ['A truckload takes at most 4 extra stops. Call us for a longer route.'],
        'stops.0.postal_code': ['We could not find this ZIP or postal code'],
      },
    });
    expect(await stops().findByRole('alert')).toHaveTextContent('Call us for a longer route.');
    expect(screen.getByRole('region', { name: 'Extra stops' })).toHaveAccessibleDescription(/Call us for a longer route\./);
    expect(stops().getByLabelText(/^Stop 1 ZIP or postal code/)).toHaveAccessibleDescription(/We could not find this ZIP or postal code/);
  });

  it('is not on the LTL & Small Package form', () => {
    renderTruckload({ kind: 'ltl_parcel' });
    expect(screen.queryByTestId('truckload-stops')).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderTruckload({ initial: INITIAL });
    await user().click(stops().getByRole('button', { name: 'Agregar una parada' }));
    expect(stops().getByLabelText(/^Código postal de la parada 1/)).toBeInTheDocument();
    expect(stops().getByRole('option', { name: 'Entrega adicional' })).toBeInTheDocument();
    expect(stops().getByRole('button', { name: 'Quitar parada 1' })).toBeInTheDocument();
  });
});
