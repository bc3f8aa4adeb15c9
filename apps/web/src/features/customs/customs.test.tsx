import type { CustomsQueueItem } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { bodiesOf, signIn } from '../../test/signedIn';

const row = (over: Partial<CustomsQueueItem> = {}): CustomsQueueItem => ({
  id: 's1',
  bol_number: '06141410070000018',
  account: { id: 'acc1', name: 'Demo Shipper Co' },
  origin: { city: 'Chicago', state: 'IL', country: 'US' },
  destination: { city: 'Monterrey', state: 'NLE', country: 'MX' },
  port_name: 'Laredo, TX – Nuevo Laredo, TAM',
  stage: 'held',
  since: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  hold_reason: 'Held by customs: a document is missing',
  entry_number: null,
  corrected_at: null,
  broker: {
    country: 'MX',
    ours: false,
    company: 'Agencia Aduanal del Norte',
    contact_name: 'Rosa Treviño',
    phone: '+52 867 555 0101',
    email: 'rosa@aduanal.example',
  },
  documents: ['commercial_invoice', 'bol'],
  lines: [
    { description: 'Server racks', hs_code: '940320', origin_country: 'US', unit_value_cents: 250_000, currency: 'USD' },
    { description: 'Cables', hs_code: '854442', origin_country: 'CN', unit_value_cents: 4_000, currency: 'USD' },
  ],
  customs_version: 1,
  ...over,
});
const COUNTS = { documents_missing: 0, waiting_for_broker: 2, ready: 0, at_border: 1, held: 1, released: 0 };

describe("operations' customs queue", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each crossing with its stage, hold, lane, port, broker and documents, and filters by stage in the URL', async () => {
    const fetchMock = signIn(makeUser(['fpg_ops']), {
      'GET /api/admin/customs': { data: [row()], has_more: false, counts: COUNTS },
    });
    const { router } = renderApp('/admin/customs');
    const table = await screen.findByRole('table', { name: 'Shipments across a border, the longest waiting first' });
    const first = within(table).getByTestId('customs-row');
    expect(first).toHaveTextContent('3 hours');
    expect(first).toHaveTextContent('Held');
    expect(first).toHaveTextContent('Held by customs: a document is missing');
    expect(first).toHaveTextContent('Chicago, IL to Monterrey, NLE');
    expect(first).toHaveTextContent('Port of entry: Laredo, TX – Nuevo Laredo, TAM');
    expect(within(first).getByRole('link', { name: 'rosa@aduanal.example' })).toHaveAttribute('href', 'mailto:rosa@aduanal.example');
    expect(within(first).getByRole('link', { name: '+52 867 555 0101' })).toHaveAttribute('href', 'tel:+528675550101');
    expect(within(first).getByRole('button', { name: 'Download the Commercial invoice of shipment 06141410070000018' })).toBeEnabled();
    expect(first).toHaveTextContent('Not given yet');

    await userEvent.selectOptions(screen.getByLabelText('Stage'), 'waiting_for_broker');
    await waitFor(() => expect(router.state.location.search).toBe('?stage=waiting_for_broker'));
    expect(screen.getByRole('option', { name: 'Waiting for the broker (2)' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('stage=waiting_for_broker'))).toBe(true));
  });

  it('sends a corrected document for a held shipment, asking what was corrected first', async () => {
    let rows = [row()];
    const fetchMock = signIn(makeUser(['fpg_ops']), {
      'GET /api/admin/customs': () => jsonResponse(200, { data: rows, has_more: false, counts: COUNTS }),
      'POST /api/admin/customs/s1/correction': () => {
        rows = [row({ stage: 'at_border', hold_reason: null, corrected_at: new Date().toISOString() })];
        return jsonResponse(200, { data: rows[0] });
      },
    });
    renderApp('/admin/customs');
    await userEvent.click(await screen.findByRole('button', { name: 'Send corrected document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Corrected document for shipment 06141410070000018' });
    expect(dialog).toHaveTextContent('What customs said: Held by customs: a document is missing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to the broker' }));
    expect(await within(dialog).findByText('Field is required')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/admin/customs/s1/correction')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/What was corrected/), 'Unit value corrected');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to the broker' }));
    expect(await screen.findByText('Corrected document sent to the broker.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/admin/customs/s1/correction')).toEqual([
      { document: 'commercial_invoice', note: 'Unit value corrected' },
    ]);
    expect(await screen.findByText('At the border')).toBeInTheDocument();
  });

  it("corrects the declaration's lines with the document: checked before sending, sent in cents, the new version shown", async () => {
    let rows = [row()];
    const fetchMock = signIn(makeUser(['fpg_ops']), {
      'GET /api/admin/customs': () => jsonResponse(200, { data: rows, has_more: false, counts: COUNTS }),
      'POST /api/admin/customs/s1/correction': () => {
        rows = [row({ stage: 'at_border', hold_reason: null, corrected_at: new Date().toISOString(), customs_version: 2 })];
        return jsonResponse(200, { data: rows[0] });
      },
    });
    renderApp('/admin/customs');
    await userEvent.click(await screen.findByRole('button', { name: 'Send corrected document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Corrected document for shipment 06141410070000018' });
    await userEvent.type(within(dialog).getByLabelText(/What was corrected/), 'HS code of the cables');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Correct the declaration's lines too/ }));
    const cables = within(within(dialog).getByRole('group', { name: 'Line 2: Cables' }));
    expect(cables.getByLabelText(/HS code/)).toHaveValue('8544.42');
    await userEvent.clear(cables.getByLabelText(/HS code/));
    await userEvent.type(cables.getByLabelText(/HS code/), '85');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to the broker' }));
    expect(await within(dialog).findByText('Enter the HS code with 6, 8 or 10 digits')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/admin/customs/s1/correction')).toEqual([]);
    await userEvent.type(cables.getByLabelText(/HS code/), '44.92');
    // The origin is chosen by the country's name, as at booking, and sent as its code.
    expect(cables.getByLabelText(/Country of origin/)).toHaveValue('China');
    await userEvent.clear(cables.getByLabelText(/Country of origin/));
    await userEvent.type(cables.getByLabelText(/Country of origin/), 'Taiw');
    await userEvent.click(await screen.findByRole('option', { name: 'Taiwan' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to the broker' }));
    expect(await screen.findByText('Corrected document sent to the broker.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/admin/customs/s1/correction')).toEqual([
      {
        document: 'commercial_invoice',
        note: 'HS code of the cables',
        lines: [
          { hs_code: '940320', origin_country: 'US', unit_value_cents: 250_000 },
          { hs_code: '854492', origin_country: 'TW', unit_value_cents: 4_000 },
        ],
      },
    ]);
    expect(await screen.findByText('Declaration version 2')).toBeInTheDocument();
  });

  it("records the broker's entry reference and shows the server's refusal at the field", async () => {
    signIn(makeUser(['fpg_ops']), {
      'GET /api/admin/customs': { data: [row({ stage: 'waiting_for_broker', hold_reason: null })], has_more: false, counts: COUNTS },
      'PUT /api/admin/customs/s1/entry': () =>
        jsonResponse(422, {
          code: 'validation',
          message: 'Some fields are not valid',
          errors: { entry_number: ["Enter the pedimento's 15 digits: year, customs office, broker's licence and number"] },
        }),
    });
    renderApp('/admin/customs');
    await userEvent.click(await screen.findByRole('button', { name: 'Record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entry reference of shipment 06141410070000018' });
    await userEvent.type(within(dialog).getByLabelText(/Pedimento/), '26 24 3456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reference' }));
    expect(
      await within(dialog).findByText("Enter the pedimento's 15 digits: year, customs office, broker's licence and number"),
    ).toBeInTheDocument();
  });

  it('is shut to a role the server refuses', async () => {
    const fetchMock = signIn(makeUser(['fpg_accounting']), {});
    const { router } = renderApp('/admin/customs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/admin/customs'))).toBe(false);
  });
});
