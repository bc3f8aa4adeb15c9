import type { ClaimClockView, StaffClaimListItem, StaffShipmentDetail } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCents } from '../../components/MoneyInput';
import { makeItem, makeShipment } from '../../components/shipment/testShipment';
import { jsonResponse, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { bodiesOf, signIn } from '../../test/signedIn';
import type { ClaimDetail, StaffClaimDetail } from './api/claimsApi';
import { toClaimRequest } from './components/FileClaimForm';

const clock = (over: Partial<ClaimClockView> = {}): ClaimClockView => ({
  due_on: '2026-12-24',
  met_on: null,
  state: 'open',
  late: false,
  days_left: 27,
  ...over,
});

const CLAIM: ClaimDetail = {
  id: 'c1',
  number: 'CL-000007',
  shipment_id: 's1',
  bol_number: 'FP00012345',
  carrier_name: 'Saia',
  kind: 'concealed_damage',
  status: 'filed',
  currency: 'USD',
  amount_cents: 150_000,
  filed_at: '2026-11-24T15:00:00Z',
  notice_late: false,
  overdue: false,
  description: 'Crushed corner found when unpacking.',
  lines: [{ description: 'Paint cans', pieces: 1, amount_cents: 150_000 }],
  goods_cents: 150_000,
  freight_cents: 0,
  salvage_cents: 0,
  commercial_invoice_cents: null,
  liability_basis: 'insured',
  liability_cents: 800_000,
  delivered_on: '2026-11-20',
  expected_delivery_on: null,
  clocks: {
    notice: clock({ due_on: '2026-11-27', met_on: '2026-11-24', state: 'met' }),
    filing: clock({ due_on: '2027-08-20', met_on: '2026-11-24', state: 'met' }),
    acknowledgement: clock({ due_on: '2026-12-24', days_left: 27 }),
    decision: clock({ due_on: '2027-03-24', days_left: 117 }),
  },
  carrier_claim_number: null,
  acknowledged_at: null,
  decision: null,
  payment: null,
  credit_memo: null,
  messages: [],
};

const delivered = makeShipment({
  id: 's1',
  status: 'delivered',
  delivered_at: '2026-11-20T18:00:00Z',
  items: [makeItem({ description: 'Paint cans', quantity: 2 })],
});

describe('the amounts typed', () => {
  it('are sent in integer cents, and an empty one is left out for the contract to say required', () => {
    expect(toCents(1234.56)).toBe(123_456);
    expect(toCents(0.29)).toBe(29);
    expect(toCents('')).toBeUndefined();
    const request = toClaimRequest({
      kind: 'shortage',
      description: 'Short',
      lines: [{ key: 'a', description: 'Cans', pieces: 1, amount: '' }],
      freight: 12.5,
      salvage: '',
      commercial_invoice: '',
    });
    expect(request).toMatchObject({ freight_cents: 1250, salvage_cents: 0 });
    expect(request.lines[0]?.amount_cents).toBeUndefined();
    expect(request.commercial_invoice_cents).toBeUndefined();
  });
});

describe('filing a claim', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the form on a delivered shipment, sends cents, and shows a line refused by the server at that line', async () => {
    const fetchMock = signIn(makeUser(), {
      'GET /api/shipments/s1': { data: delivered },
      'POST /api/shipments/s1/claims': () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          code: 'validation',
          errors: { 'lines.1.amount_cents': ['A line may claim at most $4,000.00 for its pieces'] },
        }),
    });
    renderApp('/claims/file/s1');
    const form = await screen.findByRole('form', { name: 'File a claim' });
    expect(form).toHaveTextContent('For shipment BOL FP00012345 with Saia');
    await userEvent.click(within(form).getByRole('radio', { name: /Concealed damage/ }));
    await userEvent.type(within(form).getByLabelText(/^What happened/), 'Crushed corner found when unpacking.');

    const first = within(form).getAllByRole('group', { name: /^Line \d/ })[0] as HTMLElement;
    expect(within(first).getByLabelText(/^Description/)).toHaveValue('Paint cans');
    await userEvent.clear(within(first).getByLabelText(/^Pieces/));
    await userEvent.type(within(first).getByLabelText(/^Pieces/), '1');
    await userEvent.type(within(first).getByLabelText(/^Amount \(USD\)/), '1234.56');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a line' }));
    const second = within(form).getByRole('group', { name: 'Line 2' });
    await userEvent.type(within(second).getByLabelText(/^Description/), 'Labels');
    await userEvent.type(within(second).getByLabelText(/^Pieces/), '1');
    await userEvent.type(within(second).getByLabelText(/^Amount \(USD\)/), '5000');
    expect(form).toHaveTextContent('Total claimed: $6,234.56');

    await userEvent.click(within(form).getByRole('button', { name: 'File claim' }));
    expect(await within(second).findByText('A line may claim at most $4,000.00 for its pieces')).toBeInTheDocument();
    expect(within(second).getByLabelText(/^Amount \(USD\)/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(first).getByLabelText(/^Amount \(USD\)/)).not.toHaveAttribute('aria-invalid', 'true');
    const [sent] = bodiesOf(fetchMock, 'POST', '/api/shipments/s1/claims');
    expect(sent).toEqual({
      kind: 'concealed_damage',
      description: 'Crushed corner found when unpacking.',
      lines: [
        { description: 'Paint cans', pieces: 1, amount_cents: 123_456 },
        { description: 'Labels', pieces: 1, amount_cents: 500_000 },
      ],
      freight_cents: 0,
      salvage_cents: 0,
    });
  });

  it('says what is missing before sending anything', async () => {
    const fetchMock = signIn(makeUser(), { 'GET /api/shipments/s1': { data: delivered } });
    renderApp('/claims/file/s1');
    const form = await screen.findByRole('form', { name: 'File a claim' });
    await userEvent.click(within(form).getByRole('button', { name: 'File claim' }));
    expect(await within(form).findAllByText(/required/i)).not.toHaveLength(0);
    expect(bodiesOf(fetchMock, 'POST', '/api/shipments/s1/claims')).toEqual([]);
  });

  it('files and opens the claim', async () => {
    signIn(makeUser(), {
      'GET /api/shipments/s1': { data: delivered },
      'POST /api/shipments/s1/claims': () => jsonResponse(201, { data: CLAIM }),
      'GET /api/claims/c1': { data: CLAIM },
    });
    const { router } = renderApp('/claims/file/s1');
    const form = await screen.findByRole('form', { name: 'File a claim' });
    await userEvent.click(within(form).getByRole('radio', { name: /Concealed damage/ }));
    await userEvent.type(within(form).getByLabelText(/^What happened/), 'Crushed.');
    await userEvent.type(within(form).getByLabelText(/^Amount \(USD\)/), '1500');
    await userEvent.click(within(form).getByRole('button', { name: 'File claim' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/claims/c1'));
    expect(await screen.findByText('Claim CL-000007 was filed.')).toBeInTheDocument();
  });
});

describe('a claim page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each clock with its state and last day, the decision, payment and the credit', async () => {
    const paid: ClaimDetail = {
      ...CLAIM,
      status: 'paid',
      notice_late: true,
      clocks: {
        notice: clock({ due_on: '2026-11-27', met_on: '2026-11-30', state: 'met', late: true }),
        filing: clock({ due_on: '2027-08-20', met_on: '2026-11-30', state: 'met' }),
        acknowledgement: clock({ due_on: '2026-12-30', state: 'overdue', days_left: -2 }),
        decision: clock({ due_on: '2027-01-03', state: 'due_soon', days_left: 3 }),
      },
      decision: { decision: 'paid_in_part', reason: 'Salvage kept', amount_cents: 80_000, decided_at: '2027-01-01T15:00:00Z' },
      payment: { amount_cents: 80_000, reference: 'CHK-5521', paid_at: '2027-01-02T15:00:00Z' },
      credit_memo: { id: 'inv9', number: 'CM-1001', amount_cents: 80_000, currency: 'USD' },
    };
    signIn(makeUser(), { 'GET /api/claims/c1': { data: paid } });
    renderApp('/claims/c1');
    expect(await screen.findByRole('heading', { name: 'Claim CL-000007' })).toBeInTheDocument();
    const clocks = screen.getByRole('table', { name: "The claim's deadlines and where each stands" });
    const row = (name: string) => within(clocks).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(row('Concealed-damage notice')).toHaveTextContent('Late');
    expect(row('Concealed-damage notice')).toHaveTextContent('Nov 27, 2026');
    expect(row('Concealed-damage notice')).toHaveTextContent('Nov 30, 2026');
    expect(row('Filing')).toHaveTextContent('Met');
    expect(row("Carrier's acknowledgement")).toHaveTextContent('Overdue');
    expect(row("Carrier's decision")).toHaveTextContent('Due soon');
    expect(row("Carrier's decision")).toHaveTextContent('3 days left');
    expect(row("Carrier's decision")).toHaveTextContent('Jan 3, 2027');
    expect(screen.getByText(/came after its 5 business days/)).toBeInTheDocument();

    const outcome = screen.getByTestId('claim-outcome');
    expect(outcome).toHaveTextContent('Paid in part on');
    expect(outcome).toHaveTextContent('Amount agreed: $800.00');
    expect(outcome).toHaveTextContent('Paid $800.00 on');
    expect(outcome).toHaveTextContent('reference CHK-5521');
    expect(within(outcome).getByTestId('claim-credit')).toHaveTextContent('Credit memo CM-1001: $800.00');
    expect(within(outcome).getByRole('link', { name: 'Open credit memo CM-1001' })).toHaveAttribute('href', '/invoice-detail/inv9');
    expect(screen.getByRole('button', { name: 'Download claim packet (PDF)' })).toBeInTheDocument();
    expect(screen.getByTestId('claim-total')).toHaveTextContent('$1,500.00');
  });

  it('shows no credit before the carrier pays', async () => {
    signIn(makeUser(), { 'GET /api/claims/c1': { data: CLAIM } });
    renderApp('/claims/c1');
    expect(await screen.findByText('The carrier has not decided yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('claim-credit')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeInTheDocument();
  });

  it('lists the account claims with the next deadline and the overdue flag', async () => {
    signIn(makeUser(), {
      'GET /api/claims': {
        data: [
          {
            ...CLAIM,
            id: 'c1',
            overdue: true,
            clocks: { ...CLAIM.clocks, acknowledgement: { ...CLAIM.clocks.acknowledgement, state: 'overdue' } },
          },
          { ...CLAIM, id: 'c2', number: 'CL-000008', status: 'paid' },
        ],
        has_more: false,
      },
    });
    renderApp('/claims');
    const table = await screen.findByRole('table', { name: "Your account's claims, newest first" });
    const first = within(table).getByRole('row', { name: /CL-000007/ });
    expect(first).toHaveTextContent("Carrier's acknowledgement:");
    expect(first).toHaveTextContent('Overdue');
    expect(first).toHaveTextContent('$1,500.00');
    expect(within(table).getByRole('row', { name: /CL-000008/ })).toHaveTextContent('None');
  });
});

describe('staff working a claim', () => {
  afterEach(() => vi.unstubAllGlobals());

  const STAFF_CLAIM: StaffClaimDetail = {
    ...CLAIM,
    status: 'acknowledged',
    carrier_claim_number: 'SAIA-77',
    acknowledged_at: '2026-11-25T15:00:00Z',
    account_id: 'a1',
    account_name: 'Acme',
    assignee: null,
  };

  it('records a decision to pay in part: the amount is asked for, sent in cents, and the payment comes next', async () => {
    let current = STAFF_CLAIM;
    const fetchMock = signIn(makeUser(['fpg_ops']), {
      'GET /api/admin/claims/c1': () => jsonResponse(200, { data: current }),
      'GET /api/admin/support/assignees': { data: [{ id: 'u1', name: 'Ana Pérez' }] },
      'POST /api/admin/claims/c1/decision': (_u: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        current = {
          ...STAFF_CLAIM,
          status: 'decided',
          decision: {
            decision: body.decision,
            reason: body.reason,
            amount_cents: body.decided_amount_cents,
            decided_at: '2026-12-01T15:00:00Z',
          },
        };
        return jsonResponse(200, { data: current });
      },
    });
    renderApp('/admin/claims/c1');
    const form = await screen.findByRole('form', { name: "Carrier's decision" });
    expect(screen.queryByRole('form', { name: "Carrier's acknowledgement" })).toBeNull();
    await userEvent.click(within(form).getByRole('radio', { name: 'Paid in part' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Record decision' }));
    expect(within(form).getByLabelText(/^Amount the carrier pays \(USD\)/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/^Reason/)).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesOf(fetchMock, 'POST', '/api/admin/claims/c1/decision')).toEqual([]);

    await userEvent.type(within(form).getByLabelText(/^Amount the carrier pays \(USD\)/), '800');
    await userEvent.type(within(form).getByLabelText(/^Reason/), 'Salvage kept');
    await userEvent.click(within(form).getByRole('button', { name: 'Record decision' }));
    expect(await screen.findByText('Decision recorded.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/admin/claims/c1/decision')).toEqual([
      { decision: 'paid_in_part', reason: 'Salvage kept', decided_amount_cents: 80_000 },
    ]);
    const payment = await screen.findByRole('form', { name: "Carrier's payment" });
    expect(within(payment).getByLabelText(/^Amount paid \(USD\)/)).toHaveValue('800');
    expect(screen.getByTestId('claim-outcome')).toHaveTextContent('Amount agreed: $800.00');
  });

  it('lists the queue oldest first with the overdue flagged, filtered in the URL', async () => {
    const fetchMock = signIn(makeUser(['fpg_accounting']), {
      'GET /api/admin/claims': {
        data: [{ ...STAFF_CLAIM, overdue: true }],
        has_more: true,
      },
    });
    renderApp('/admin/claims?overdue=true');
    const table = await screen.findByRole('table', { name: 'Claims to carry to the carriers, oldest first' });
    const row = within(table).getByRole('row', { name: /CL-000007/ });
    expect(row).toHaveTextContent('Overdue');
    expect(row).toHaveTextContent('Acme');
    expect(row).toHaveTextContent('Unassigned');
    expect(screen.getByRole('checkbox', { name: 'Overdue only' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    const asked = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/admin/claims'));
    expect(asked).toContain('overdue=true');
  });
});

describe("staff's shipment page", () => {
  afterEach(() => vi.unstubAllGlobals());

  const shipment = makeShipment({ id: 's1', status: 'delivered', bol_number: 'FP00012345' });
  const detail: StaffShipmentDetail = {
    shipment,
    account: { id: 'a1', name: 'Acme', status: 'active', suspended: false },
    booked_by: null,
    quote: null,
    events: [],
    eta: { carrier_estimate: null, override: null, override_date: null, reason: null, shown: null },
    notes: [],
    audit: [],
  };
  const listed = (over: Partial<StaffClaimListItem>): StaffClaimListItem => {
    const {
      id,
      number,
      shipment_id,
      bol_number,
      carrier_name,
      kind,
      status,
      currency,
      amount_cents,
      filed_at,
      notice_late,
      overdue,
      clocks,
    } = CLAIM;
    return {
      ...{
        id,
        number,
        shipment_id,
        bol_number,
        carrier_name,
        kind,
        status,
        currency,
        amount_cents,
        filed_at,
        notice_late,
        overdue,
        clocks,
      },
      account_id: 'a1',
      account_name: 'Acme',
      assignee: null,
      ...over,
    };
  };
  const claimsOf = (data: StaffClaimListItem[]) => ({
    'GET /api/admin/shipments/s1': { data: detail },
    'GET /api/admin/claims': { data, has_more: false },
  });

  it("lists the shipment's claims, each opening its staff page, in a named table that passes axe", async () => {
    const fetchMock = signIn(
      makeUser(['fpg_ops']),
      claimsOf([
        listed({}),
        listed({ id: 'c2', number: 'CL-000009', status: 'closed', amount_cents: 42_050, filed_at: '2026-11-26T15:00:00Z' }),
      ]),
    );
    const { router } = renderApp('/admin/shipments/s1');
    const section = await screen.findByRole('region', { name: 'Claims' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Claims' })).toBeInTheDocument();
    const table = await within(section).findByRole('table', { name: "This shipment's claims, oldest first" });
    const columns = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(columns).toEqual(['Claim', 'Status', 'Amount', 'Filed']);
    const closed = within(table).getByRole('row', { name: /CL-000009/ });
    expect(closed).toHaveTextContent('Closed');
    expect(closed).toHaveTextContent('$420.50');
    expect(closed).toHaveTextContent('Nov 26, 2026');
    expect(within(table).getByRole('row', { name: /CL-000007/ })).toHaveTextContent('Filed$1,500.00Nov 24, 2026');
    // On a phone each cell is a card's line under its column's name.
    await waitFor(() =>
      expect(
        within(closed)
          .getAllByRole('cell')
          .map((c) => c.getAttribute('data-label')),
      ).toEqual(columns),
    );
    const asked = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/admin/claims'));
    expect(asked).toContain('shipment_id=s1');

    // Color contrast needs a layout jsdom has not: the e2e axe pass checks it on the page.
    const result = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);

    await userEvent.click(within(closed).getByRole('link', { name: 'CL-000009' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/claims/c2'));
  });

  it('says there are none, in Spanish for a Spanish reader', async () => {
    signIn(makeUser(['fpg_accounting'], { settings: { ...DEFAULT_SETTINGS, language: 'es' } }), claimsOf([]));
    renderApp('/admin/shipments/s1');
    const section = await screen.findByRole('region', { name: 'Reclamaciones' });
    expect(await within(section).findByText('No se presentaron reclamaciones para este envío.')).toBeInTheDocument();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('shows Spanish words and formats in the list', async () => {
    signIn(makeUser(['fpg_ops'], { settings: { ...DEFAULT_SETTINGS, language: 'es' } }), claimsOf([listed({ status: 'paid' })]));
    renderApp('/admin/shipments/s1');
    const table = await screen.findByRole('table', { name: 'Las reclamaciones de este envío, las más antiguas primero' });
    const row = within(table).getByRole('row', { name: /CL-000007/ });
    expect(row).toHaveTextContent('Pagada');
    expect(row).toHaveTextContent('24 nov 2026');
    expect(row).toHaveTextContent('USD 1,500.00');
  });

  it('is not there for staff who do not handle claims, and asks nothing of the claims API', async () => {
    const fetchMock = signIn(makeUser(['fpg_sales']), claimsOf([listed({})]));
    renderApp('/admin/shipments/s1');
    await screen.findByText('BOL FP00012345');
    expect(screen.queryByRole('region', { name: 'Claims' })).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/admin/claims'))).toBe(false);
  });
});
