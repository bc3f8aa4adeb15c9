import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillItem, fillShipment, PALLET, renderForm, stubPostalCodes, user } from './testShipmentForm';

/** Whether the script of the contract's check fails to load, as after a dropped connection or a deploy. */
const script = vi.hoisted(() => ({ unavailable: true }));
vi.mock('./contractErrors', async (importOriginal) => {
  if (script.unavailable) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

describe('ShipmentForm when the script of its check cannot be loaded', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says the server could not be reached, sends nothing, and sends once the script loads', async () => {
    stubPostalCodes();
    const { onSubmit } = renderForm();
    await fillShipment();
    await fillItem(1, PALLET);
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not reach the server. Check your connection and try again.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();

    script.unavailable = false;
    await user().click(screen.getByRole('button', { name: 'Get rates' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });
});
