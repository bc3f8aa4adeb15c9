import type { ProofOfDeliveryView } from '@freight/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers';
import i18n from '../../lib/i18n';
import { jsonResponse, setCookie } from '../../test/fixtures';
import { stubApi } from '../../test/stubApi';
import { ProofOfDelivery, ProofOfDeliveryDownload } from './ProofOfDelivery';

const SHIPMENT = '5d1f3a2b-8c4e-4f6a-9b7d-0e1c2a3b4c5d';
const POD = `/api/shipments/${SHIPMENT}/proof-of-delivery`;

const receipt = (over: Partial<ProofOfDeliveryView> = {}): ProofOfDeliveryView => ({
  signer_name: 'R. Alvarez',
  signed_at: '2026-11-20T20:14:00.000Z',
  exceptions: [
    { kind: 'damage', pieces: 2, note: 'Corner crushed' },
    { kind: 'shortage', pieces: 1, note: '' },
  ],
  source: 'carrier_api',
  has_signature: true,
  document_type: 'application/pdf',
  pdf_url: `${POD}/pdf`,
  ...over,
});

const pdfResponse = () =>
  new Response(new Blob(['%PDF-1.7']), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="POD-1.pdf"' },
  });

function show(ui: React.ReactElement) {
  return render(<Providers queryClient={createQueryClient()}>{ui}</Providers>);
}

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

describe('ProofOfDelivery', () => {
  it('shows who signed, each exception with its pieces and note, and downloads the receipt in the reader’s language', async () => {
    setCookie('XSRF-TOKEN', 't');
    const fetchMock = stubApi({ [`GET ${POD}`]: { data: receipt() }, [`GET ${POD}/pdf`]: () => pdfResponse() });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    show(<ProofOfDelivery shipmentId={SHIPMENT} />);

    const card = await screen.findByRole('region', { name: 'Proof of delivery' });
    expect(within(card).getByTestId('pod-signer')).toHaveTextContent('R. Alvarez');
    expect(within(card).getByText('2 exceptions noted')).toBeInTheDocument();
    const lines = within(card).getByTestId('pod-exceptions');
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Damage: 2 pieces — Corner crushed', 'Shortage: 1 piece']);
    // Damage or shortage on the receipt is what a claim rests on: the panel says so.
    expect(within(card).getByText(/within 9 months of delivery/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: "Carrier's scanned receipt" })).toBeInTheDocument();

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Download POD (PDF)' }));
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain(`${POD}/pdf?language=en`));
  });

  it('says a clean delivery in Spanish, with no scan button when the carrier sent none', async () => {
    await act(() => i18n.changeLanguage('es'));
    stubApi({ [`GET ${POD}`]: { data: receipt({ exceptions: [], document_type: null, source: 'demo' }) } });
    show(<ProofOfDelivery shipmentId={SHIPMENT} />);

    const card = await screen.findByRole('region', { name: 'Comprobante de entrega' });
    expect(within(card).getByText('Entregado sin novedad')).toBeInTheDocument();
    expect(within(card).getByText('No se anotaron daños, faltantes ni piezas rechazadas')).toBeInTheDocument();
    expect(within(card).getByText('Conductor del transportista (demostración)')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Comprobante escaneado del transportista' })).toBeNull();
  });

  it('shows nothing while the shipment has no receipt, and the server’s message when reading it fails', async () => {
    stubApi({ [`GET ${POD}`]: () => jsonResponse(404, { message: 'Not found.', code: 'not_found' }) });
    const { container, unmount } = show(<ProofOfDelivery shipmentId={SHIPMENT} />);
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
    unmount();

    stubApi({ [`GET ${POD}`]: () => jsonResponse(403, { message: 'This action is unauthorized.', code: 'forbidden' }) });
    show(<ProofOfDelivery shipmentId={SHIPMENT} />);
    expect(await screen.findByText('This action is unauthorized.')).toBeInTheDocument();
  });
});

describe('ProofOfDeliveryDownload', () => {
  it('offers the invoiced shipment’s receipt beside the invoice, and nothing for an invoice without a shipment', async () => {
    stubApi({ [`GET ${POD}`]: { data: receipt() } });
    const { unmount } = show(<ProofOfDeliveryDownload shipmentId={SHIPMENT} />);
    expect(await screen.findByRole('button', { name: 'Proof of delivery (PDF)' })).toBeInTheDocument();
    unmount();

    const fetchMock = stubApi({});
    show(<ProofOfDeliveryDownload shipmentId={null} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
