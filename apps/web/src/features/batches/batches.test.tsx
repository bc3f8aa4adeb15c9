import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onAnnouncement } from '../../components/a11y/announcer';
import { chooseCsvFile } from '../../components/csv/testChooseCsvFile';
import { stubXhrWithFetch } from '../../components/csv/testXhr';
import { AUTH_STATE_KEY } from '../../lib/authState';
import { jsonResponse, makeUser, setCookie } from '../../test/fixtures';
import { renderApp, stubApi } from '../../test/renderApp';
import type { Batch, BatchRow } from './api/batchesApi';
import { ratingProgress, snapshotForRating } from './components/parts';

function signIn(stubs: Record<string, unknown>) {
  const user = makeUser();
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  const fetchMock = stubApi({ 'GET /api/user': { data: user }, ...stubs });
  stubXhrWithFetch();
  return fetchMock;
}

const callsOf = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([u, init]) => String(u).split('?')[0] === path && (init?.method ?? 'GET') === method);
const bodiesOf = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  callsOf(fetchMock, method, path).map(([, init]) => JSON.parse(String(init?.body ?? 'null')));

const CELLS = {
  client_ref: 'PO-1',
  mode: 'ltl',
  pickup_date: '2026-12-01',
  origin_postal_code: '60606',
  origin_country: 'US',
  destination_postal_code: '75201',
  destination_country: 'US',
  package_type: 'pallets',
  quantity: '2',
  length: '48',
  width: '40',
  height: '48',
  weight: '500',
  insured_value: '2500',
};

const RATES = [
  { id: 'r1', carrier_name: 'Saia', scac: 'SAIA', total_cents: 12_345, transit_days: 3, estimated_delivery: '2026-12-04' },
  { id: 'r2', carrier_name: 'Estes', scac: 'EXLA', total_cents: 15_000, transit_days: 2, estimated_delivery: '2026-12-03' },
];

const row = (line: number, over: Partial<BatchRow> = {}): BatchRow => ({
  line,
  status: 'valid',
  cells: { ...CELLS, client_ref: `PO-${line}` },
  errors: [],
  quote_id: null,
  rate_id: null,
  result: null,
  shipment_id: null,
  bol_number: null,
  approval_id: null,
  booking_error: null,
  ebay_order_id: null,
  more_items: [],
  ...over,
});

const rated = (line: number, over: Partial<BatchRow> = {}) =>
  row(line, { status: 'rated', quote_id: `q${line}`, rate_id: 'r1', result: { rates: RATES, currency: 'USD', message: null }, ...over });

/** A rated row's result with the first tier of cover bought for its $2,500 of goods. */
const INSURED: BatchRow['result'] = {
  rates: RATES,
  currency: 'USD',
  message: null,
  insurance: { kind: 'first_tier', premium_cents: 3_500, coverage_cents: 250_000 },
};

const batchOf = (rows: BatchRow[], over: Partial<Batch> = {}): Batch => ({
  id: 'b1',
  status: 'uploaded',
  rule: 'cheapest',
  preferred_carrier: null,
  max_transit_days: null,
  rows_total: rows.length,
  rows_valid: rows.filter((r) => r.status !== 'invalid').length,
  rows_booked: rows.filter((r) => r.shipment_id).length,
  created_at: '2026-11-27T15:00:00Z',
  created_by: { id: 'u1', name: 'Ana Pérez' },
  file_name: null,
  source: 'file',
  file_errors: [],
  rows,
  ...over,
});

const BAD = row(3, {
  status: 'invalid',
  cells: { ...CELLS, client_ref: 'PO-3', height: '' },
  errors: [{ field: 'height', message: 'Height is required' }],
});

afterEach(() => vi.unstubAllGlobals());

describe('rating progress', () => {
  it('counts the rows saved since the rating started, not those rated before it', () => {
    const before = batchOf([row(2), rated(3), BAD]);
    const snapshot = snapshotForRating(before);
    expect(ratingProgress(snapshot, before)).toEqual({ done: 0, total: 2 });
    expect(ratingProgress(snapshot, batchOf([rated(2), rated(3), BAD]))).toEqual({ done: 1, total: 2 });
    expect(ratingProgress(snapshot, batchOf([rated(2), rated(3, { quote_id: 'q-new' }), BAD]))).toEqual({ done: 2, total: 2 });
  });
});

describe('the batches page', () => {
  it('lists the history and uploads a file with its rule, then opens the batch', async () => {
    const fetchMock = signIn({
      'GET /api/batches': {
        data: [{ ...batchOf([row(2), BAD]), rows: undefined, rows_booked: 0, file_name: 'december.csv' }],
        meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 },
      },
      'POST /api/batches': () => jsonResponse(201, { data: batchOf([row(2), BAD]) }),
      'GET /api/batches/b1': { data: batchOf([row(2), BAD]) },
    });
    const { router } = renderApp('/batches');
    const history = await screen.findByRole('table', { name: 'Your batches, newest first' });
    expect(within(history).getByRole('link', { name: /Nov 27, 2026/ })).toHaveAttribute('href', '/batches/b1');
    expect(history).toHaveTextContent('december.csv');
    expect(screen.getByRole('button', { name: 'Download template' })).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Upload a batch' });
    await userEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByText('Choose a CSV file')).toBeInTheDocument();

    await chooseCsvFile(form, /^CSV file/, new File(['a,b\n'], 'december.csv', { type: 'text/csv' }));
    await userEvent.selectOptions(within(form).getByLabelText(/^How each row's rate is chosen/), 'preferred_carrier');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    const carrier = within(form).getByLabelText(/^Preferred carrier/);
    expect(await within(form).findByText('Enter the preferred carrier')).toBeInTheDocument();
    await waitFor(() => expect(carrier).toHaveFocus());
    await userEvent.type(carrier, 'SAIA');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/batches/b1'));
    const url = String(callsOf(fetchMock, 'POST', '/api/batches')[0]?.[0]);
    const query = new URL(url, 'http://x').searchParams;
    expect(query.get('rule')).toBe('preferred_carrier');
    expect(query.get('preferred_carrier')).toBe('SAIA');
    expect(query.get('file_name')).toBe('december.csv');
  });

  it("shows a refused file's header problems by line and column", async () => {
    signIn({
      'GET /api/batches': { data: [], meta: { current_page: 1, per_page: 25, total: 0, last_page: 1 } },
      'POST /api/batches': () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          code: 'validation',
          errors: { file: ['validation.invalid'] },
          file_errors: [{ field: 'weight', message: 'Missing column: weight' }],
        }),
    });
    renderApp('/batches');
    const form = await screen.findByRole('form', { name: 'Upload a batch' });
    await chooseCsvFile(form, /^CSV file/, new File(['a\n'], 'bad.csv', { type: 'text/csv' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The file could not be read as a batch.');
    const problems = within(form).getByRole('region', { name: 'Rows with errors' });
    expect(problems).toHaveTextContent('weight');
    expect(problems).toHaveTextContent('Missing column: weight');
  });
});

describe('a batch', () => {
  it('lists its problems and fixes a row in place: still wrong at its field, then good', async () => {
    let answer = 0;
    const fetchMock = signIn({
      'GET /api/batches/b1': { data: batchOf([row(2), BAD], { file_name: 'december orders.csv' }) },
      'PUT /api/batches/b1/rows/3': () => {
        answer += 1;
        const fixed =
          answer === 1
            ? row(3, {
                status: 'invalid',
                cells: { ...CELLS, client_ref: 'PO-3', height: '-4' },
                errors: [{ field: 'height', message: 'Enter a number greater than zero' }],
              })
            : row(3, { cells: { ...CELLS, client_ref: 'PO-3', height: '40' } });
        return jsonResponse(200, { data: batchOf([row(2), fixed]) });
      },
    });
    renderApp('/batches/b1');
    expect(await screen.findByRole('heading', { name: /^Batch of/ })).toBeInTheDocument();
    expect(screen.getByText('File: december orders.csv')).toBeInTheDocument();
    expect(screen.getByText('1 row has problems. Fix it in the table below.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Rows with errors' })).toHaveTextContent('Height is required');

    const fix = screen.getByRole('button', { name: 'Fix line 3 (PO-3)' });
    await userEvent.click(fix);
    const dialog = await screen.findByRole('dialog', { name: 'Fix line 3 (PO-3)' });
    const height = within(dialog).getByLabelText(/^Height \(in\)/);
    expect(height).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Height is required')).toBeInTheDocument();
    await waitFor(() => expect(height).toHaveFocus());

    await userEvent.type(height, '-4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and check' }));
    expect(await within(dialog).findByText('Enter a number greater than zero')).toBeInTheDocument();
    await userEvent.clear(height);
    await userEvent.type(height, '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and check' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesOf(fetchMock, 'PUT', '/api/batches/b1/rows/3')).toEqual([{ cells: { height: '-4' } }, { cells: { height: '40' } }]);
    await waitFor(() => expect(fix).toHaveFocus());
  });

  it('asks a hazardous row for its hazardous materials, and no other row', async () => {
    const failed = row(4, {
      status: 'booking_failed',
      cells: { ...CELLS, client_ref: 'PO-4', hazardous: 'true', hazmat_un_number: '1263' },
      errors: [{ field: 'hazmat_un_number', message: 'Enter a UN or NA number such as UN1993' }],
    });
    signIn({ 'GET /api/batches/b1': { data: batchOf([row(2), BAD, failed]) } });
    renderApp('/batches/b1');
    await userEvent.click(await screen.findByRole('button', { name: 'Fix line 3 (PO-3)' }));
    const plain = await screen.findByRole('dialog', { name: 'Fix line 3 (PO-3)' });
    expect(within(plain).queryByRole('group', { name: 'Hazardous materials' })).not.toBeInTheDocument();
    await userEvent.click(within(plain).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Fix line 4 (PO-4)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fix line 4 (PO-4)' });
    const hazmat = within(dialog).getByRole('group', { name: 'Hazardous materials' });
    expect(within(hazmat).getByLabelText(/^UN\/NA number/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(hazmat).getByText('Enter a UN or NA number such as UN1993')).toBeInTheDocument();
    expect(within(hazmat).getByLabelText(/^24-hour emergency contact/)).toHaveValue('');
  });

  it('shows a shipment of two kinds as one row with both item lines, fixes its second line in place, and asks for its hazardous materials', async () => {
    const DRUMS = { package_type: 'drums', quantity: '1', length: '24', width: '24', height: '35', weight: 'heavy', hazardous: 'true' };
    const twoKinds = row(5, {
      status: 'invalid',
      cells: { ...CELLS, client_ref: 'PO-5', hazardous: 'false' },
      errors: [{ field: 'more_items.0.weight', message: 'Enter a number' }],
      more_items: [DRUMS],
    });
    const fetchMock = signIn({
      'GET /api/batches/b1': { data: batchOf([twoKinds]) },
      'PUT /api/batches/b1/rows/5': {
        data: batchOf([{ ...twoKinds, status: 'valid', errors: [], more_items: [{ ...DRUMS, weight: '450' }] }]),
      },
    });
    renderApp('/batches/b1');
    const lines = await screen.findAllByTestId('batch-item-line');
    expect(lines.map((l) => l.textContent)).toEqual(['2 × Pallets, 1,000 lb', '1 × Drums']);
    await userEvent.click(screen.getByRole('button', { name: 'Fix line 5 (PO-5)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fix line 5 (PO-5)' });
    const units = within(dialog).getByRole('group', { name: 'Handling units' });
    // The row's own line may name a product of the catalog instead of its sizes.
    expect(within(units).getByLabelText(/^Product number \(your catalog\)/)).toHaveValue('');
    expect(within(units).getByText('Further item lines of this shipment')).toBeInTheDocument();
    const second = within(units).getByRole('group', { name: 'Item line 2' });
    expect(within(second).getByLabelText(/^Package type/)).toHaveValue('drums');
    const weight = within(second).getByLabelText(/^Weight per unit/);
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(weight).toHaveFocus());
    // Its second line is hazardous: the shipment is.
    expect(within(dialog).getByRole('group', { name: 'Hazardous materials' })).toBeInTheDocument();

    await userEvent.clear(weight);
    await userEvent.type(weight, '450');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and check' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesOf(fetchMock, 'PUT', '/api/batches/b1/rows/5')).toEqual([
      { more_items: [{ ...DRUMS, weight: '450', freight_class: '', stackable: '' }] },
    ]);
  });

  it('asks a truckload row for its temperature range, with its delivery appointment and notes beside every row', async () => {
    const reefer = row(4, {
      status: 'booking_failed',
      cells: { ...CELLS, client_ref: 'PO-4', mode: 'truckload', equipment_type: 'reefer' },
      errors: [{ field: 'temperature_low_f', message: 'This field is required' }],
    });
    signIn({ 'GET /api/batches/b1': { data: batchOf([row(2), BAD, reefer]) } });
    renderApp('/batches/b1');
    await userEvent.click(await screen.findByRole('button', { name: 'Fix line 3 (PO-3)' }));
    const plain = await screen.findByRole('dialog', { name: 'Fix line 3 (PO-3)' });
    expect(within(plain).queryByRole('group', { name: 'Temperature control' })).not.toBeInTheDocument();
    expect(within(plain).getByRole('group', { name: 'Delivery and notes' })).toBeInTheDocument();
    await userEvent.click(within(plain).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Fix line 4 (PO-4)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fix line 4 (PO-4)' });
    const range = within(dialog).getByRole('group', { name: 'Temperature control' });
    expect(within(range).getByLabelText(/^Lowest temperature/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(range).getByLabelText(/^Unit runs/)).toHaveValue('');
  });

  it('rates with a progress bar fed by polling, then changes a row choice', async () => {
    let polled = 0;
    let finish: () => void = () => undefined;
    const fetchMock = signIn({
      'GET /api/batches/b1': () => {
        polled += 1;
        // First the page's own read, then a poll that finds one row rated.
        return jsonResponse(200, { data: batchOf(polled === 1 ? [row(2), row(3)] : [rated(2), row(3)]) });
      },
      'POST /api/batches/b1/rate': () =>
        new Promise<Response>((resolve) => {
          finish = () => resolve(jsonResponse(200, { data: batchOf([rated(2), rated(3)], { status: 'rated' }) }));
        }),
      'PUT /api/batches/b1/rows/2': () =>
        jsonResponse(200, { data: batchOf([rated(2, { rate_id: 'r2' }), rated(3)], { status: 'rated' }) }),
    });
    renderApp('/batches/b1');
    await userEvent.click(await screen.findByRole('button', { name: 'Rate 2 rows' }));
    expect(await screen.findByText('Rated 0 of 2 rows')).toBeInTheDocument();
    expect(await screen.findByText('Rated 1 of 2 rows', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Rated 1 of 2 rows' })).toHaveAttribute('aria-valuenow', '50');
    finish();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    const choice = screen.getByLabelText('Rate for line 2 (PO-2)');
    expect(choice).toHaveDisplayValue('Saia · $123.45 · 3 days');
    await userEvent.selectOptions(choice, 'r2');
    await waitFor(() => expect(bodiesOf(fetchMock, 'PUT', '/api/batches/b1/rows/2')).toEqual([{ rate_id: 'r2' }]));
    await waitFor(() => expect(screen.getByLabelText('Rate for line 2 (PO-2)')).toHaveDisplayValue('Estes · $150.00 · 2 days'));
  });

  it('offers to rate a row fixed after the rating, and to rate again only rows rated before', async () => {
    signIn({ 'GET /api/batches/b1': { data: batchOf([rated(2, { status: 'rating_failed' }), row(3)], { status: 'rated' }) } });
    const fixedSince = renderApp('/batches/b1');
    expect(await screen.findByRole('button', { name: 'Rate 2 rows' })).toBeInTheDocument();
    fixedSince.unmount();

    signIn({ 'GET /api/batches/b1': { data: batchOf([rated(2, { status: 'rating_failed' }), rated(3)], { status: 'rated' }) } });
    renderApp('/batches/b1');
    expect(await screen.findByRole('button', { name: 'Rate 2 rows again' })).toBeInTheDocument();
  });

  it('books after confirming the count and total, then offers the papers, the shipments and a retry of a failed row', async () => {
    const booked = batchOf(
      [
        rated(2, { status: 'booked', shipment_id: 's2', bol_number: 'FP0002' }),
        rated(3, { status: 'booking_failed', booking_error: 'The origin address is missing' }),
      ],
      { status: 'booked' },
    );
    const fetchMock = signIn({
      'GET /api/batches/b1': { data: batchOf([rated(2), rated(3, { result: INSURED })], { status: 'rated' }) },
      'POST /api/batches/b1/book': () => jsonResponse(200, { data: booked }),
      'POST /api/batches/b1/rows/3/book': () =>
        jsonResponse(200, {
          data: { ...booked, rows: [booked.rows[0], rated(3, { status: 'booked', shipment_id: 's3', bol_number: 'FP0003' })] },
        }),
    });
    renderApp('/batches/b1');
    // An insured row shows its cover; its premium is in the total.
    expect(await screen.findByText('Insurance up to $2,500.00 · premium $35.00')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Book 2 shipments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book the batch' });
    expect(dialog).toHaveTextContent('Book 2 shipments for $281.90 in all?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book 2 shipments' }));
    expect(await within(dialog).findByText('Accept the booking disclaimer to book')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^I have read and accept the booking disclaimer/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book 2 shipments' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesOf(fetchMock, 'POST', '/api/batches/b1/book')).toEqual([{ disclaimer_accepted: true }]);

    const files = screen.getByRole('region', { name: 'Booked shipments' });
    expect(files).toHaveTextContent('1 shipment booked, $123.45 in all.');
    expect(within(files).getByRole('button', { name: 'Download bills of lading and labels (PDF)' })).toBeInTheDocument();
    expect(within(files).getByRole('button', { name: 'Download manifest (CSV)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shipment FP0002' })).toHaveAttribute('href', '/track/detail/s2');
    expect(screen.getByText('The origin address is missing')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Book line 3 (PO-3) again' }));
    expect(await screen.findByRole('link', { name: 'Shipment FP0003' })).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/batches/b1/rows/3/book')).toEqual([{ disclaimer_accepted: true }]);
  });

  it('shows why a held row was declined and books it again, held again for approval', async () => {
    const declined = 'Ana Pérez declined this booking: Too dear for this lane. Book the row again, changed if need be.';
    const fetchMock = signIn({
      'GET /api/batches/b1': {
        data: batchOf([rated(2, { status: 'booking_failed', booking_error: declined })], { status: 'booked' }),
      },
      'POST /api/batches/b1/rows/2/book': () =>
        jsonResponse(200, {
          data: batchOf([rated(2, { status: 'awaiting_approval', approval_id: 'a2' })], { status: 'booked' }),
        }),
    });
    const said: string[] = [];
    const stopListening = onAnnouncement((m) => said.push(m));
    try {
      renderApp('/batches/b1');
      expect(await screen.findByText(declined)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Book 1 shipment' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Book line 2 (PO-2) again' }));
      expect(await screen.findByText("Waiting for an account admin's approval")).toBeInTheDocument();
      expect(screen.queryByText(declined)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Book line 2 (PO-2) again' })).not.toBeInTheDocument();
      expect(bodiesOf(fetchMock, 'POST', '/api/batches/b1/rows/2/book')).toEqual([{ disclaimer_accepted: true }]);
      expect(said).toContain("Waiting for an account admin's approval: line 2 (PO-2).");
    } finally {
      stopListening();
    }
  });

  it('reads in Spanish', async () => {
    const user = makeUser([], { settings: { ...makeUser().settings, language: 'es' } });
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    setCookie('XSRF-TOKEN', 't');
    stubApi({ 'GET /api/user': { data: user }, 'GET /api/batches/b1': { data: batchOf([row(2), BAD], { file_name: 'pedidos.csv' }) } });
    renderApp('/batches/b1');
    expect(await screen.findByRole('button', { name: 'Corregir línea 3 (PO-3)' })).toBeInTheDocument();
    expect(screen.getByText('Archivo: pedidos.csv')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cotizar 1 fila' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Las filas del lote, en el orden del archivo' })).toHaveTextContent('Por corregir');
  });

  it('shows a long batch fifty rows at a time, and narrows it to the rows with problems', async () => {
    // 120 rows: 116 rated, 4 refused (every thirtieth line).
    const rows = Array.from({ length: 120 }, (_, i) => (i % 30 === 1 ? row(i + 2, { status: 'invalid' }) : rated(i + 2)));
    signIn({ 'GET /api/batches/b1': { data: batchOf(rows) } });
    renderApp('/batches/b1');
    const table = await screen.findByRole('table', { name: "The batch's rows, in the file's order" });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('Rows 1–50 of 120')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(screen.getByText('Rows 101–120 of 120')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Rows with problems (4)');
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getAllByText('Needs fixing')).toHaveLength(4);
    expect(screen.queryByText(/^Rows \d/)).not.toBeInTheDocument();
  });
});
