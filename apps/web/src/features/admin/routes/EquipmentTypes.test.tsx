import type { EquipmentTypeView } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../../lib/authState';
import i18n from '../../../lib/i18n';
import { jsonResponse, makeUser, setCookie } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { stubApi } from '../../../test/stubApi';
import { sentBody, signInStaff } from '../testStaff';

const type = (over: Partial<EquipmentTypeView>): EquipmentTypeView => ({
  id: 'e1',
  code: 'dry_van',
  name_en: 'Dry van',
  name_es: 'Caja seca',
  max_weight_lb: 45_000,
  length_ft: 53,
  pallet_positions: 26,
  temperature_controlled: false,
  deck_clear_height_ft: null,
  per_mile_adjustment_cents: 0,
  sort_order: 10,
  retired_at: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  ...over,
});
const van = type({});
const reefer = type({
  id: 'e2',
  code: 'reefer',
  name_en: 'Reefer',
  name_es: 'Caja refrigerada',
  temperature_controlled: true,
  per_mile_adjustment_cents: 39,
});
const rgn = type({
  id: 'e3',
  code: 'rgn',
  name_en: 'RGN',
  name_es: 'Cama baja',
  max_weight_lb: null,
  pallet_positions: null,
  per_mile_adjustment_cents: null,
  retired_at: '2026-11-20T00:00:00Z',
});
const conestoga = type({
  id: 'e4',
  code: 'conestoga',
  name_en: 'Conestoga',
  name_es: 'Conestoga',
  per_mile_adjustment_cents: 60,
  sort_order: 40,
});

const calls = (mock: ReturnType<typeof signInStaff>, method: string, url: string) =>
  mock.mock.calls
    .map((c, i) => [c, i] as const)
    .filter(([c]) => String(c[0]) === url && ((c[1] as RequestInit)?.method ?? 'GET') === method);

describe('Truckload Equipment', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('lists every type with its limits and adjustment, the retired ones marked', async () => {
    signInStaff(['super_admin'], { 'GET /api/admin/truckloads/equipment-types': { data: [van, reefer, rgn] } });
    renderApp('/admin/truckloads/equipment-types');
    const table = await screen.findByRole('table', { name: /Truckload equipment types/ });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Dry van.*Caja seca.*dry_van.*45,000 lb.*53 ft.*26.*\+?\$0\.00 \/ mile.*Active/);
    expect(rows[2]).toHaveTextContent(/Reefer.*Yes.*\+\$0\.39 \/ mile/);
    expect(rows[3]).toHaveTextContent(/RGN.*By phone.*Retired/);
    expect(within(rows[3]!).getByRole('button', { name: 'Restore RGN' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Retire Dry van' })).toBeInTheDocument();
  });

  it('adds a type: checks the code and the numbers first, then sends them (an empty figure as null)', async () => {
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/truckloads/equipment-types': { data: [van, reefer] },
      'POST /api/admin/truckloads/equipment-types': () => jsonResponse(201, { data: conestoga }),
    });
    renderApp('/admin/truckloads/equipment-types');
    await userEvent.click(await screen.findByRole('button', { name: 'Add equipment type' }));
    const form = await screen.findByRole('form', { name: 'New equipment type' });
    await userEvent.type(within(form).getByLabelText(/^Code/), 'Con Estoga');
    await userEvent.type(within(form).getByLabelText(/^Maximum weight/), '90000');
    await userEvent.click(within(form).getByRole('button', { name: 'Add type' }));
    expect(await within(form).findByText('Use lower-case letters, digits and underscores only')).toBeInTheDocument();
    expect(within(form).getAllByText('Field is required')).toHaveLength(3); // both names and the adjustment
    expect(within(form).getByText('This value is too large')).toBeInTheDocument();

    const code = within(form).getByLabelText(/^Code/);
    await userEvent.clear(code);
    await userEvent.type(code, 'conestoga');
    await userEvent.type(within(form).getByLabelText(/^Name in English/), 'Conestoga');
    await userEvent.type(within(form).getByLabelText(/^Name in Spanish/), 'Conestoga');
    const weight = within(form).getByLabelText(/^Maximum weight/);
    await userEvent.clear(weight);
    await userEvent.type(weight, '44000');
    await userEvent.type(within(form).getByLabelText(/^Per-mile adjustment/), '60');
    await userEvent.click(within(form).getByRole('button', { name: 'Add type' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New equipment type' })).not.toBeInTheDocument());
    const [[, post]] = calls(fetchMock, 'POST', '/api/admin/truckloads/equipment-types') as [[unknown, number]];
    expect(sentBody(fetchMock, post)).toEqual({
      code: 'conestoga',
      name_en: 'Conestoga',
      name_es: 'Conestoga',
      max_weight_lb: 44_000,
      length_ft: null,
      pallet_positions: null,
      temperature_controlled: false,
      deck_clear_height_ft: null,
      per_mile_adjustment_cents: 60,
      sort_order: 20,
    });
  });

  it('edits a type with its code fixed, shows the server field errors, and retires after confirming', async () => {
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/truckloads/equipment-types': { data: [van, conestoga] },
      'PUT /api/admin/truckloads/equipment-types/e4': () =>
        jsonResponse(422, { message: 'This value is too large', code: 'validation', errors: { length_ft: ['This value is too large'] } }),
      'POST /api/admin/truckloads/equipment-types/e4/retire': { data: { ...conestoga, retired_at: '2026-11-23T00:00:00Z' } },
    });
    renderApp('/admin/truckloads/equipment-types');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Conestoga' }));
    const form = await screen.findByRole('form', { name: 'Edit Conestoga' });
    expect(within(form).getByLabelText(/^Code/)).toBeDisabled();
    expect(within(form).getByLabelText(/^Per-mile adjustment/)).toHaveValue('60');
    await userEvent.click(within(form).getByLabelText(/^No online rate/));
    expect(within(form).getByLabelText(/^Per-mile adjustment/)).toBeDisabled();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This value is too large')).toBeInTheDocument();
    const [[, put]] = calls(fetchMock, 'PUT', '/api/admin/truckloads/equipment-types/e4') as [[unknown, number]];
    expect(sentBody(fetchMock, put)).toMatchObject({ code: 'conestoga', per_mile_adjustment_cents: null });
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Retire Conestoga' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire Conestoga?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/admin/truckloads/equipment-types/e4/retire')).toHaveLength(1));
  });

  it('speaks Spanish: the Spanish name first', async () => {
    const user = makeUser(['super_admin'], { settings: { ...DEFAULT_SETTINGS, language: 'es' } });
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    setCookie('XSRF-TOKEN', 't');
    stubApi({ 'GET /api/user': { data: user }, 'GET /api/admin/truckloads/equipment-types': { data: [reefer] } });
    renderApp('/admin/truckloads/equipment-types');
    const table = await screen.findByRole('table', { name: /Tipos de equipo de camión completo/ });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Caja refrigerada.*Reefer.*Sí.*\/ milla.*Activo/);
    expect(screen.getByRole('button', { name: 'Agregar tipo de equipo' })).toBeInTheDocument();
  });
});
