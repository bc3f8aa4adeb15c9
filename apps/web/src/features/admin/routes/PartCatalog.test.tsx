import type { Part } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../../lib/authState';
import i18n from '../../../lib/i18n';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { listPage } from '../../../test/listScreen';
import { renderApp } from '../../../test/renderApp';
import { signInStaff } from '../testStaff';

const STAMP = { created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-21T10:00:00Z' };
const PAINT: Part = {
  id: 'p1',
  description_en: 'Paint, oil-based, flammable, in cans',
  description_es: 'Pintura a base de aceite, inflamable, en latas',
  nmfc_item: '149980',
  nmfc_sub: '01',
  freight_class: 55,
  density_based: false,
  hazardous: true,
  hs_code: '',
  ...STAMP,
};
const PLASTIC: Part = {
  id: 'p2',
  description_en: 'Plastic articles, NOI',
  description_es: 'Artículos de plástico, sin otra clasificación',
  nmfc_item: '156600',
  nmfc_sub: '',
  freight_class: null,
  density_based: true,
  hazardous: false,
  hs_code: '',
  ...STAMP,
};

const listQueries = (fetchMock: ReturnType<typeof signInStaff>) =>
  fetchMock.mock.calls
    .filter(([u, init]) => String(u).startsWith('/api/admin/part-catalog?') && (init?.method ?? 'GET') === 'GET')
    .map(([u]) => Object.fromEntries(new URL(String(u), 'http://x').searchParams));

describe('Part Catalog', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('lists parts with NMFC, class or density and flags; searches and filters through the URL', async () => {
    const fetchMock = signInStaff(['fpg_ops'], {
      'GET /api/admin/part-catalog': () => jsonResponse(200, listPage([PAINT, PLASTIC], 1, 1, 2)),
    });
    renderApp('/admin/part-catalog');
    const table = await screen.findByRole('table', { name: 'Part catalog' });
    const paint = within(table).getByRole('row', { name: /Paint, oil-based/ });
    expect(paint).toHaveTextContent('Pintura a base de aceite');
    expect(paint).toHaveTextContent('149980-01');
    expect(paint).toHaveTextContent('Class 55');
    expect(paint).toHaveTextContent('Hazardous');
    expect(within(table).getByRole('row', { name: /Plastic articles/ })).toHaveTextContent('By density');
    expect(screen.getByText('2 parts')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search'), '1499');
    await userEvent.selectOptions(screen.getByLabelText('Hazardous'), 'Yes');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ q: '1499', hazardous: 'yes', sort: 'description_en' }));
  });

  it('adds a part: the contract checks first, density-based clears the class, then the exact body', async () => {
    const fetchMock = signInStaff(['fpg_accounting'], {
      'GET /api/admin/part-catalog': () => jsonResponse(200, listPage([], 1, 1, 0)),
      'POST /api/admin/part-catalog': (_u: string, init?: RequestInit) =>
        jsonResponse(201, { data: { id: 'p9', ...JSON.parse(String(init?.body)), ...STAMP } }),
    });
    renderApp('/admin/part-catalog');
    expect(await screen.findByText('The part catalog is empty. Add a part or import a CSV file.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add part' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add part' });
    await userEvent.type(within(dialog).getByLabelText(/^NMFC item/), '15x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save part' }));
    expect(within(dialog).getByLabelText(/^Description \(English\)/)).toHaveAccessibleDescription('Field is required');
    expect(within(dialog).getByLabelText(/^NMFC item/)).toHaveAccessibleDescription('Enter the NMFC item number (up to 6 digits)');
    expect(within(dialog).getByLabelText(/^Class/)).toHaveAccessibleDescription(
      "Choose the part's freight class, or mark it density-based",
    );

    await userEvent.type(within(dialog).getByLabelText(/^Description \(English\)/), 'Plastic pails');
    await userEvent.type(within(dialog).getByLabelText(/^Description \(Spanish\)/), 'Cubetas de plástico');
    await userEvent.clear(within(dialog).getByLabelText(/^NMFC item/));
    await userEvent.type(within(dialog).getByLabelText(/^NMFC item/), '156600');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Class/), 'Class 85');
    await userEvent.click(within(dialog).getByLabelText(/^Density-based/));
    expect(within(dialog).getByLabelText(/^Class/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Class/)).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save part' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([u, init]) => u === '/api/admin/part-catalog' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      description_en: 'Plastic pails',
      description_es: 'Cubetas de plástico',
      nmfc_item: '156600',
      nmfc_sub: '',
      freight_class: null,
      density_based: true,
      hazardous: false,
      hs_code: '',
    });
  });

  it('edits a part, shows the server field errors, and deletes after a confirmation, in Spanish', async () => {
    const spanish = makeUser(['fpg_sales'], { settings: { ...DEFAULT_SETTINGS, language: 'es' } });
    const fetchMock = signInStaff(['fpg_sales'], {
      'GET /api/user': { data: spanish },
      'GET /api/admin/part-catalog': () => jsonResponse(200, listPage([PAINT], 1, 1, 1)),
      'PUT /api/admin/part-catalog/p1': () =>
        jsonResponse(422, {
          message: 'Error al guardar la pieza. Revise todos los campos e inténtelo de nuevo.',
          code: 'validation',
          errors: { description_en: ['Ya hay en el catálogo una pieza con esta descripción en inglés y este NMFC'] },
        }),
      'DELETE /api/admin/part-catalog/p1': () => new Response(null, { status: 204 }),
    });
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(spanish));
    renderApp('/admin/part-catalog');
    const table = await screen.findByRole('table', { name: 'Catálogo de piezas' });
    const row = within(table).getByRole('row', { name: /Pintura a base de aceite/ });
    expect(row).toHaveTextContent('Clase 55');
    expect(row).toHaveTextContent('Peligroso');
    await userEvent.click(within(row).getByRole('button', { name: 'Editar Pintura a base de aceite, inflamable, en latas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar pieza' });
    expect(within(dialog).getByLabelText(/^Artículo NMFC/)).toHaveValue('149980');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar pieza' }));
    expect(
      await within(dialog).findByText('Ya hay en el catálogo una pieza con esta descripción en inglés y este NMFC'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await userEvent.click(within(row).getByRole('button', { name: 'Eliminar Pintura a base de aceite, inflamable, en latas' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar la pieza?' });
    expect(confirm).toHaveTextContent('¿Eliminar «Pintura a base de aceite, inflamable, en latas» del catálogo de piezas?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, init]) => u === '/api/admin/part-catalog/p1' && init?.method === 'DELETE')).toBe(true),
    );
    expect((await screen.findAllByText('Pieza eliminada')).length).toBeGreaterThan(0);
  });
});
