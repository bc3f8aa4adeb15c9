import type { ShipmentView } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers';
import { AUTH_STATE_KEY } from '../../lib/authState';
import i18n from '../../lib/i18n';
import { makeUser } from '../../test/fixtures';
import { stubApi } from '../../test/stubApi';
import { ShipmentSummary } from './ShipmentSummary';
import { makeDeliveryPlace, makePlace, makeShipment } from './testShipment';

function setup(
  shipment: ShipmentView = makeShipment(),
  unit_system: 'imperial' | 'metric' = 'imperial',
  api: Record<string, unknown> = {},
) {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(makeUser([], { settings: { ...DEFAULT_SETTINGS, unit_system } })));
  const fetchMock = stubApi(api);
  render(
    <Providers queryClient={createQueryClient()}>
      <ShipmentSummary shipment={shipment} />
    </Providers>,
  );
  return { fetchMock };
}

describe('ShipmentSummary', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await act(() => i18n.changeLanguage('en'));
  });

  it("shows a truckload's extra stops in route order, each with its place, kind and expected time, Mexican addresses its way", () => {
    const monterrey = makePlace({
      company: 'Bodega Norte',
      street1: 'Av. Constitución',
      street2: '',
      exterior_number: '405',
      interior_number: '2B',
      neighborhood: 'Centro',
      city: 'Monterrey',
      state: 'NLE',
      postal_code: '64000',
      country: 'MX',
    });
    setup(
      makeShipment({
        mode: 'truckload',
        stops: [
          {
            kind: 'drop',
            place: makePlace({ company: 'Circle City Foods', city: 'Indianapolis', state: 'IN', postal_code: '46204' }),
            date: '2030-03-12',
            appointment: false,
            time_from: '13:00',
            time_to: '15:00',
          },
          { kind: 'pickup', place: monterrey, date: '2030-03-13', appointment: true, time_from: '10:30', time_to: '' },
        ],
      }),
    );
    const stops = screen.getByTestId('shipment-stops');
    expect(within(stops).getByText('Extra stops (in route order)')).toBeInTheDocument();
    expect(stops).toHaveTextContent('Stop 1 · Extra drop');
    expect(stops).toHaveTextContent('Circle City Foods');
    expect(stops).toHaveTextContent('Indianapolis, IN 46204');
    expect(stops).toHaveTextContent('1:00 PM–3:00 PM');
    expect(stops).toHaveTextContent('Stop 2 · Extra pickup');
    expect(stops).toHaveTextContent('Ext. 405, Int. 2B, Col. Centro64000 Monterrey, NLEMexico');
    expect(stops).toHaveTextContent('appointment at 10:30 AM');
  });

  it('shows no empty mail link for a marketplace buyer who came without an email', () => {
    setup(makeShipment({ delivery: makeDeliveryPlace({ email: '' }) }));
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toContain('mailto:rosa@acme.test');
    expect(links).not.toContain('mailto:');
    expect(screen.getByText('Tom Nguyen', { exact: false })).toBeInTheDocument();
  });

  it('shows no stops section without stops', () => {
    setup();
    expect(screen.queryByTestId('shipment-stops')).not.toBeInTheDocument();
  });

  it('shows the charges with their total, the reference numbers, hazmat details and items', () => {
    setup(
      makeShipment({
        references: [
          { type: 'po_number', value: 'PO-4471' },
          { type: 'so_number', value: 'SO-5521' },
        ],
      }),
    );
    const charges = within(screen.getByTestId('shipment-charges'));
    expect(charges.getByText('Freight')).toBeInTheDocument();
    expect(charges.getByText('-$80.00')).toBeInTheDocument();
    expect(charges.getByText('Liftgate delivery')).toBeInTheDocument();
    expect(charges.getByTestId('charges-total')).toHaveTextContent('$200.00');
    expect(charges.getByText('Shipment value: $8,000.00')).toBeInTheDocument();

    expect(screen.getByTestId('ref-bol')).toHaveTextContent('FP00012345');
    expect(screen.getByTestId('ref-pro')).toHaveTextContent('8812345670');
    expect(screen.getByTestId('ref-pickup')).toHaveTextContent('PU-99812');
    const references = screen.getAllByTestId('ref-reference');
    expect(references.map((r) => r.textContent)).toEqual(['PO-4471', 'SO-5521']);
    const refs = within(screen.getByTestId('shipment-refs'));
    expect(refs.getByText('PO Number')).toBeInTheDocument();
    expect(refs.getByText('SO Number')).toBeInTheDocument();

    const hazmat = within(screen.getByTestId('shipment-hazmat'));
    expect(hazmat.getByText('UN1263')).toBeInTheDocument();
    expect(hazmat.getByText('ChemTrec')).toBeInTheDocument();

    const items = within(screen.getByTestId('shipment-items'));
    const row = items.getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Paint cans')).toBeInTheDocument();
    expect(within(row).getByText('Pallets')).toBeInTheDocument();
    expect(within(row).getByText('48 × 40 × 48 in')).toBeInTheDocument();
    expect(within(row).getByText('500 lb')).toBeInTheDocument();
    expect(within(row).getByText('149980')).toBeInTheDocument();

    expect(screen.getByText('Acme Warehouse')).toBeInTheDocument();
    expect(screen.getByText('Peachtree Retail')).toBeInTheDocument();
    expect(screen.getAllByText('8:00 AM – 5:00 PM')).toHaveLength(2);
    expect(screen.getByText('9:00 AM – 4:30 PM')).toBeInTheDocument();
  });

  it('says the numbers the carrier has not assigned yet, and measures in the user’s metric units', () => {
    setup(makeShipment({ pro_number: null, pickup_number: null, hazardous: false, hazmat: null }), 'metric');
    expect(screen.getByTestId('ref-pro')).toHaveTextContent('Assigned by the carrier soon');
    expect(screen.queryByTestId('shipment-hazmat')).not.toBeInTheDocument();
    expect(screen.getByText('121.9 × 101.6 × 121.9 cm')).toBeInTheDocument();
    expect(screen.getByText('226.8 kg')).toBeInTheDocument();
  });

  it('downloads a document, and says when the browser refuses the download', async () => {
    const { fetchMock } = setup(makeShipment(), 'imperial', {
      'GET /api/shipments/s1/documents/bol': () => new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const docs = within(screen.getByTestId('shipment-documents'));
    expect(docs.getByRole('button', { name: 'Download Pallet labels' })).toBeInTheDocument();
    await userEvent.click(docs.getByRole('button', { name: 'Download Bill of Lading' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain('/api/shipments/s1/documents/bol');

    click.mockImplementation(() => {
      throw new Error('blocked');
    });
    await userEvent.click(docs.getByRole('button', { name: 'Download Bill of Lading' }));
    expect((await screen.findAllByText('Browser denied file download...')).length).toBeGreaterThan(0);
  });

  it('names the port of entry of a shipment across the border, and how it crosses, in English and Spanish', async () => {
    const crossing = { port: 'laredo', port_name: 'Laredo, TX – Nuevo Laredo, TAM', kind: 'transfer' as const };
    setup(makeShipment({ crossing }));
    expect(screen.getByTestId('shipment-crossing')).toHaveTextContent('Laredo, TX – Nuevo Laredo, TAM, handed over at the border');
    expect(screen.getByText('Port of entry')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByTestId('shipment-crossing')).toHaveTextContent('Laredo, TX – Nuevo Laredo, TAM, con transferencia en la frontera');
    expect(screen.getByText('Puerto de entrada')).toBeInTheDocument();
  });

  it('shows no port of entry or customs within one country', () => {
    setup();
    expect(screen.queryByTestId('shipment-crossing')).not.toBeInTheDocument();
    expect(screen.queryByTestId('shipment-customs')).not.toBeInTheDocument();
  });

  it('shows the customs declaration: the incoterm, the customs agent on each side, the RFC and each item, in English and Spanish', async () => {
    const customs = {
      incoterm: 'DAP' as const,
      currency: 'USD' as const,
      items: [{ hs_code: '84713001', origin_country: 'CN', unit_value_cents: 125_000, usmca: false, origin_criterion: null }],
      brokers: [
        {
          country: 'US' as const,
          ours: false,
          company: 'Border Brokers Inc.',
          contact_name: 'Dana Cruz',
          phone: '(956) 555-0140',
          email: 'entries@borderbrokers.example',
        },
        { country: 'MX' as const, ours: true, company: '', contact_name: '', phone: '', email: '' },
      ],
      tax_id: 'ANE010203XY9',
    };
    setup(makeShipment({ customs }));
    const section = within(screen.getByTestId('shipment-customs'));
    expect(screen.getByTestId('shipment-customs-agent-US')).toHaveTextContent('Border Brokers Inc.Dana Cruz(956) 555-0140');
    expect(screen.getByTestId('shipment-customs-agent-MX')).toHaveTextContent('Ours (arranged by us)');
    expect(screen.getByTestId('shipment-customs-rfc')).toHaveTextContent('ANE010203XY9');
    const row = section.getAllByRole('row')[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['8471.30.01', 'China', '$1,250.00', 'No']));
    await act(() => i18n.changeLanguage('es'));
    expect(section.getByText('Agente aduanal, lado mexicano')).toBeInTheDocument();
    expect(section.getByText('Identificador fiscal (RFC)')).toBeInTheDocument();
  });

  it('says where customs have it, and records the reference the broker gave', async () => {
    const customs = {
      incoterm: 'DAP' as const,
      currency: 'USD' as const,
      items: [{ hs_code: '940320', origin_country: 'US', unit_value_cents: 60_000, usmca: true, origin_criterion: 'B' as const }],
      brokers: [
        { country: 'US' as const, ours: true, company: '', contact_name: '', phone: '', email: '' },
        { country: 'MX' as const, ours: true, company: '', contact_name: '', phone: '', email: '' },
      ],
      tax_id: 'ANE010203XY9',
    };
    const shipment = makeShipment({
      customs,
      delivery: makeDeliveryPlace({ country: 'MX', state: 'NLE', city: 'Monterrey', postal_code: '64000' }),
      customs_stage: { stage: 'held', since: '2026-11-25T22:40:00.000Z' },
      customs_entry_number: null,
    });
    const estimate = {
      destination: 'MX',
      currency: 'USD',
      payer: 'consignee',
      lines: [
        {
          hs_code: '940320',
          description: 'Other metal furniture',
          customs_value_cents: 120_000,
          duty_rate_basis_points: 0,
          duty_cents: 0,
          reason: 'usmca',
        },
      ],
      taxes: [{ kind: 'iva', rate_basis_points: 1600, cents: 19_200, complete: true }],
      total_duty_cents: 0,
      total_tax_cents: 19_200,
      total_cents: 19_200,
      complete: true,
      notes: [],
      source: 'SAT TIGIE 2026',
      source_caveat: null,
      as_of: '2026-01-01',
    };
    const { fetchMock } = setup(shipment, 'imperial', {
      [`PUT /api/shipments/${shipment.id}/customs-entry`]: { data: { entry_number: '26  24  3456  6001234' } },
      'POST /api/customs/duty-estimate': { data: estimate },
    });
    // The duties and taxes it would likely pay, for its declaration and its items' counts.
    const duties = await screen.findByRole('status', { name: 'Estimated duties and taxes' });
    expect(duties).toHaveTextContent('About $192.00, paid by the consignee, as the incoterm says.');
    const asked = fetchMock.mock.calls.find(([u]) => String(u) === '/api/customs/duty-estimate');
    expect(JSON.parse(String(asked?.[1]?.body))).toMatchObject({
      origin_country: 'US',
      destination_country: 'MX',
      destination_state: 'NLE',
      incoterm: 'DAP',
      items: [{ hs_code: '940320', quantity: shipment.items[0]?.quantity, unit_value_cents: 60_000, usmca: true }],
    });
    expect(screen.getByTestId('shipment-customs-stage')).toHaveTextContent(/^Held by customs, since Nov 25, 2026/);
    expect(screen.getByTestId('shipment-customs-entry')).toHaveTextContent('Not given yet');
    await userEvent.click(within(screen.getByTestId('shipment-customs-entry')).getByRole('button', { name: 'Record' }));
    const dialog = await screen.findByRole('dialog', { name: `Entry reference of shipment ${shipment.bol_number}` });
    await userEvent.type(within(dialog).getByLabelText(/^Pedimento/), '26 24 3456 6001234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reference' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = fetchMock.mock.calls.find(([u, init]) => String(u).endsWith('/customs-entry') && init?.method === 'PUT');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ entry_number: '26 24 3456 6001234' });
  });

  it("lists a corrected declaration's and a restamped Carta Porte's earlier versions, each downloaded from the reader's own door", async () => {
    const customs = {
      incoterm: 'DAP' as const,
      currency: 'USD' as const,
      items: [{ hs_code: '940320', origin_country: 'US', unit_value_cents: 60_000, usmca: true, origin_criterion: 'B' as const }],
      brokers: [{ country: 'MX' as const, ours: true, company: '', contact_name: '', phone: '', email: '' }],
      tax_id: 'ANE010203XY9',
    };
    // Staff read the shipment through /api/admin: its documents say so.
    const admin = (kind: string) => ({ kind, url: `/api/admin/shipments/s1/documents/${kind}`, language: 'es' as const, copy: null });
    const shipment = makeShipment({
      customs,
      customs_version: 2,
      delivery: makeDeliveryPlace({ country: 'MX', state: 'NLE', city: 'Monterrey', postal_code: '64000' }),
      documents: [
        admin('commercial_invoice'),
        admin('usmca_certification'),
        admin('carta_porte'),
        admin('carta_porte_pdf'),
      ] as ShipmentView['documents'],
    });
    const stamp = (version: number, uuid: string, reason: string | null) => ({
      version,
      uuid,
      stamped_at: '2026-11-25T18:00:00.000Z',
      reason,
      customs_version: version,
    });
    const xml = () => new Response('<cfdi:Comprobante/>', { headers: { 'Content-Type': 'application/xml' } });
    const { fetchMock } = setup(shipment, 'imperial', {
      'GET /api/admin/shipments/s1/carta-porte-versions': {
        data: [stamp(2, 'BBBBBBBB-0000-4000-8000-000000000002', 'correction'), stamp(1, 'AAAAAAAA-0000-4000-8000-000000000001', null)],
      },
      'GET /api/admin/shipments/s1/documents/carta_porte': xml,
      'GET /api/admin/shipments/s1/documents/commercial_invoice': () => new Response('%PDF-1.4'),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const stamps = within(await screen.findByTestId('shipment-carta-porte-versions'));
    expect(stamps.getByText(/^Version 2, stamped Nov 25, 2026.* · UUID BBBBBBBB-0000-4000-8000-000000000002$/)).toBeInTheDocument();
    expect(stamps.getByText('Version 1, replaced · UUID AAAAAAAA-0000-4000-8000-000000000001')).toBeInTheDocument();
    await userEvent.click(stamps.getByRole('button', { name: 'Download Carta Porte version 1: XML' }));
    await userEvent.click(
      within(screen.getByTestId('shipment-customs-version')).getByRole('button', { name: 'Commercial invoice, version 1' }),
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([u]) => u)).toEqual(
        expect.arrayContaining([
          '/api/admin/shipments/s1/documents/carta_porte?version=1',
          '/api/admin/shipments/s1/documents/commercial_invoice?version=1&language=en',
        ]),
      ),
    );
    expect(stamps.getByRole('button', { name: 'Download Carta Porte version 1: Printed copy' })).toBeInTheDocument();
    expect(
      within(screen.getByTestId('shipment-customs-version')).getByRole('button', { name: 'USMCA certification of origin, version 1' }),
    ).toBeInTheDocument();
    await act(() => i18n.changeLanguage('es'));
    expect(stamps.getByText('Versión 1, sustituida · UUID AAAAAAAA-0000-4000-8000-000000000001')).toBeInTheDocument();
  });

  it('speaks Spanish, and offers the Spanish copy of each document beside the carrier’s English one', async () => {
    await act(() => i18n.changeLanguage('es'));
    const base = makeShipment();
    setup({
      ...base,
      documents: base.documents.map((d) => ({ ...d, copy: { language: 'es' as const, url: `${d.url}?language=es` } })),
    });
    expect(screen.getByRole('heading', { name: 'Cargos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Números de referencia' })).toBeInTheDocument();
    const docs = within(screen.getByTestId('shipment-documents'));
    expect(docs.getByRole('button', { name: 'Descargar Conocimiento de embarque (BOL)' })).toBeInTheDocument();
    expect(docs.getByRole('button', { name: 'Descargar Conocimiento de embarque (BOL) – Copia en español' })).toHaveTextContent(
      'Copia en español',
    );
    expect(screen.getByText('Tarimas')).toBeInTheDocument();
  });
});
