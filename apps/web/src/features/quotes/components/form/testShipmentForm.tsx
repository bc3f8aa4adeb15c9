import type { QuoteRequestInput } from '@freight/contracts';
import { DEFAULT_SETTINGS, type UserSettings } from '@freight/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient, Providers } from '../../../../app/providers';
import { AUTH_STATE_KEY } from '../../../../lib/authState';
import { jsonResponse, makeUser } from '../../../../test/fixtures';
import { stubApi } from '../../../../test/stubApi';
import { ShipmentForm, type ShipmentFormProps } from '.';
import { EQUIPMENT_OPTIONS } from './testEquipment';

/**
 * The shipment details form alone, as its two test files render and fill it: what it shows and
 * checks as the user types in ShipmentForm.test.tsx, the request it sends and the server's
 * answers in ShipmentRequest.test.tsx (one file took past 20 s alone).
 */

export const PLACES: Record<string, { city: string; state: string }> = {
  'US/60606': { city: 'Chicago', state: 'IL' },
  'US/30301': { city: 'Atlanta', state: 'GA' },
  'CA/M5V 2T6': { city: 'Toronto', state: 'ON' },
};

/** The postal codes of PLACES and the equipment types answered; `extra` answers more routes. */
export function stubPostalCodes(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    ...Object.fromEntries([
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
    ...extra,
  });
}

export function renderForm(props: Partial<ShipmentFormProps> = {}, settings: Partial<UserSettings> = {}) {
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

export const user = () => userEvent.setup({ delay: null });
export const label = (text: string) => new RegExp(`^${text}`);
export const item = (n: number) => screen.getByRole('group', { name: `Item ${n}` });

export interface Line {
  type: string;
  quantity?: number;
  length?: number;
  width?: number;
  height?: number;
  weight: number;
}

/** Set a field's text in one change event (typing every key re-renders the whole form, slow in jsdom). */
export const enter = (el: HTMLElement, value: string | number) => fireEvent.change(el, { target: { value: String(value) } });

export async function fillItem(n: number, line: Line) {
  const scope = within(item(n));
  await user().selectOptions(scope.getByLabelText(label('Package type')), line.type);
  if (line.quantity !== undefined) enter(scope.getByLabelText(label('Quantity')), line.quantity);
  for (const f of ['length', 'width', 'height'] as const) {
    const v = line[f];
    if (v !== undefined) enter(scope.getByLabelText(label(f[0]?.toUpperCase() + f.slice(1))), v);
  }
  enter(scope.getByLabelText(label('Weight')), line.weight);
}

export async function fillShipment(opts: { value?: number } = {}) {
  enter(screen.getByLabelText(label('Pickup zip / postal code')), '60606');
  enter(screen.getByLabelText(label('Delivery zip / postal code')), '30301');
  enter(screen.getByLabelText(label('Shipment value')), opts.value ?? 0);
}

export const PALLET = { type: 'Pallets', length: 48, width: 40, height: 48, weight: 500 };
