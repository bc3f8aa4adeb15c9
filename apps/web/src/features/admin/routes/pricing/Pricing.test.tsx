import type { PricingPreview, PricingProgramDetail, PricingProgramVersionDetail } from '@freight/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUSY_WAIT } from '../../../../test/busyWait';
import { renderApp } from '../../../../test/renderApp';
import { sentBody, signInStaff } from '../../testStaff';

const ACCOUNT = '00000000-0000-4000-8000-000000000001';
const version = {
  id: 'v1',
  number: 1,
  state: 'published' as const,
  effective_date: '2026-01-01',
  in_force: true,
  note: 'Launch',
  restored_from_number: null,
  created_by: null,
  created_at: '2026-01-01T00:00:00Z',
  published_by: null,
  published_at: '2026-01-01T00:00:00Z',
};
const program: PricingProgramDetail = {
  id: 'p1',
  scope: 'account',
  account_id: ACCOUNT,
  account_name: 'Demo Shipper Co',
  version_in_force: 1,
  has_draft: false,
  next_effective_date: null,
  today: '2026-11-26',
  versions: [version],
  draft_impact: null,
};
const v1: PricingProgramVersionDetail = {
  ...version,
  program: {
    rules: [
      { name: 'LTL into Texas', match: { mode: 'ltl', destination: { states: ['TX'] } }, adjustment: { kind: 'markup', markup_bp: 1_500 } },
    ],
    contract_lanes: [
      {
        name: 'Chicago - Dallas',
        mode: 'ltl',
        origin: { zip3: ['606'] },
        destination: { zip3: ['752'] },
        weight: { max_lb: 1_000 },
        price_cents: 34_500,
        valid_from: '2026-01-01',
        valid_to: '2026-12-31',
      },
    ],
    minimum_margin_cents: 3_500,
    minimum_margin_bp: 800,
  },
};
const preview: PricingPreview = {
  lines: [
    {
      quote_id: 'q1',
      quote_number: 'Q-1001',
      created_at: '2026-11-25T10:00:00Z',
      account_name: 'Demo Shipper Co',
      mode: 'ltl',
      carrier_scac: 'DLTL',
      lane: '60601 US → 75201 US',
      weight_lb: 1_800,
      cost_cents: 40_000,
      current_price_cents: 46_000,
      new_price_cents: 34_500,
      new_margin_cents: -5_500,
      new_margin_bp: -1_594,
      applied: 'contract',
      applied_name: 'Chicago - Dallas',
      below_cost: true,
      below_minimum: true,
    },
  ],
  impact: {
    quotes: 1,
    rates: 1,
    skipped: 0,
    cost_cents: 40_000,
    current_price_cents: 46_000,
    new_price_cents: 34_500,
    new_margin_cents: -5_500,
    new_margin_bp: -1_594,
    below_cost: 1,
    previewed_at: '2026-11-26T09:00:00Z',
  },
};

describe('Pricing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the default program and the accounts with one, and opens the program of an account found by its name', async () => {
    signInStaff(['fpg_sales_admin'], {
      'GET /api/admin/pricing-programs': {
        data: [
          { ...program, id: 'p0', scope: 'default', account_id: null, account_name: null, has_draft: true },
          { ...program, next_effective_date: '2026-12-01' },
        ],
      },
      'GET /api/admin/accounts': {
        data: [{ id: 'a2', name: 'Acme Freight' }],
        meta: { current_page: 1, per_page: 20, total: 1, last_page: 1 },
      },
      'GET /api/admin/pricing-programs/a2': {
        data: { ...program, id: null, account_id: 'a2', account_name: 'Acme Freight', versions: [], version_in_force: null },
      },
    });
    renderApp('/admin/pricing');
    const table = await screen.findByRole('table', { name: 'The default program and every account with a program of its own' });
    expect(within(table).getByRole('row', { name: /Default pricing program/ })).toHaveTextContent('Draft waiting');
    expect(within(table).getByRole('row', { name: /Demo Shipper Co/ })).toHaveTextContent(/Version 1.*Next version from/);
    expect(screen.getByRole('link', { name: 'Pricing' })).not.toHaveAttribute('title');

    await userEvent.type(screen.getByRole('combobox', { name: 'Account' }), 'Acme');
    await userEvent.click(await screen.findByRole('option', { name: 'Acme Freight', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Open its program' }));
    expect(await screen.findByRole('heading', { name: 'Pricing program of Acme Freight' })).toBeInTheDocument();
    expect(screen.getByText('No version is in force: the default program prices this account.')).toBeInTheDocument();
  });

  it("opens Pricing to a sales rep, who reads its accounts' programs without editor or restore", async () => {
    const older = { ...version, id: 'v0', number: 0, in_force: false, effective_date: '2025-01-01' };
    signInStaff(['fpg_sales'], {
      'GET /api/admin/pricing-programs': {
        data: [{ ...program, id: 'p0', scope: 'default', account_id: null, account_name: null }, program],
      },
      [`GET /api/admin/pricing-programs/${ACCOUNT}`]: { data: { ...program, versions: [version, older] } },
      [`GET /api/admin/pricing-programs/${ACCOUNT}/versions/1`]: { data: v1 },
    });
    renderApp('/admin/pricing');
    const table = await screen.findByRole('table', { name: 'The default program and every account with a program of its own' });
    expect(screen.getByText('As a sales rep you read the default program and the programs of your accounts.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open its program' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('link', { name: 'Demo Shipper Co' }));
    expect(await screen.findByText('You read this program: the admins and sales admins change it.')).toBeInTheDocument();
    expect(await screen.findByText('Chicago - Dallas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Change the program|Edit the draft/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
  });

  it('shows the Pricing page locked to ops, like the other pages it may not open', async () => {
    signInStaff(['fpg_ops'], {});
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('link', { name: 'Pricing' })).toHaveAttribute('title', 'You do not have access to this page');
  });

  it('reads the version in force, adds a contract lane with the contract errors shown, saves cents, previews and publishes from today', async () => {
    let saved = false;
    const draft = { ...version, id: 'v2', number: 2, state: 'draft' as const, in_force: false, effective_date: null };
    const withDraft = { ...program, has_draft: true, versions: [draft, version] };
    const fetchMock = signInStaff(['fpg_sales_admin'], {
      [`GET /api/admin/pricing-programs/${ACCOUNT}`]: () => Response.json({ data: saved ? withDraft : program }),
      [`GET /api/admin/pricing-programs/${ACCOUNT}/versions/1`]: { data: v1 },
      [`GET /api/admin/pricing-programs/${ACCOUNT}/draft/new`]: { data: { program: v1.program, based_on: 1 } },
      [`PUT /api/admin/pricing-programs/${ACCOUNT}/draft`]: () => {
        saved = true;
        return Response.json({ data: withDraft });
      },
      [`POST /api/admin/pricing-programs/${ACCOUNT}/draft/preview`]: { data: preview },
      [`POST /api/admin/pricing-programs/${ACCOUNT}/draft/publish`]: {
        data: { ...program, versions: [{ ...draft, state: 'published' }, version] },
      },
    });
    renderApp(`/admin/pricing/${ACCOUNT}`);
    const lanes = await screen.findByRole('table', { name: "The program's contract lanes" });
    expect(within(lanes).getByRole('row', { name: /Chicago - Dallas/ })).toHaveTextContent(
      /ZIP3 606 → ZIP3 752.*LTL.*Under 1,000 lb.*\$345\.00/,
    );
    expect(screen.getByRole('table', { name: "The program's rules" })).toHaveTextContent(/LTL into Texas.*Anywhere → TX.*Markup 15%/);
    expect(screen.getByText('$35.00 or 8% of the price, the higher', { exact: false })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change the program' }));
    const editor = await screen.findByRole('region', { name: 'Draft' });
    await userEvent.click(within(editor).getByRole('button', { name: 'Add a contract lane' }));
    const lane = within(editor).getByRole('group', { name: /^Contract lane 2/ });
    await userEvent.click(within(editor).getByRole('button', { name: 'Save draft' }));
    // The contract's errors, on the fields they are about; nothing sent.
    expect(within(lane).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Field is required');
    expect(fetchMock.mock.calls.some((c) => String(c[0]).endsWith('/draft') && c[1]?.method === 'PUT')).toBe(false);

    await userEvent.type(within(lane).getByRole('textbox', { name: 'Name' }), 'Chicago - Atlanta');
    await userEvent.type(within(lane).getByRole('textbox', { name: /^Origin ZIP3 zones/ }), '606, 607');
    await userEvent.type(within(lane).getByRole('textbox', { name: /^Destination ZIP3 zones/ }), '303');
    await userEvent.type(within(lane).getByRole('textbox', { name: 'Price' }), '412.5');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save draft' }));
    await vi.waitFor(() => expect(saved).toBe(true), BUSY_WAIT);
    const put = fetchMock.mock.calls.findIndex((c) => c[1]?.method === 'PUT');
    const body = sentBody(fetchMock, put) as { program: { contract_lanes: unknown[] } };
    expect(body.program.contract_lanes[1]).toEqual({
      name: 'Chicago - Atlanta',
      mode: 'ltl',
      origin: { zip3: ['606', '607'] },
      destination: { zip3: ['303'] },
      price_cents: 41_250,
      valid_from: '2026-11-26',
      valid_to: '2027-11-25',
    });
    expect(body.program.contract_lanes[0]).toMatchObject({ weight: { max_lb: 1_000 } });

    expect(await within(editor).findByText(/Preview the draft before publishing/)).toBeInTheDocument();
    expect(within(editor).queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    await userEvent.click(within(editor).getByRole('button', { name: 'Preview' }));
    const shown = await screen.findByRole('region', { name: 'Preview: the draft on the newest quotes' });
    expect(shown).toHaveTextContent(
      '1 recent quote, 1 carrier rates priced again: cost $400.00, price in force $460.00, with the draft $345.00.',
    );
    expect(shown).toHaveTextContent('1 rate would sell below cost.');
    const row = within(shown).getByRole('row', { name: /Q-1001/ });
    expect(row).toHaveTextContent(/-\$55\.00.*-15\.9%.*Chicago - Dallas.*Contract lane.*Below cost/);
    expect(String(fetchMock.mock.calls.find((c) => String(c[0]).includes('/draft/preview'))?.[0])).toContain('quotes=20');

    const from = within(editor).getByLabelText('Prices pickups from');
    expect(from).toHaveValue('2026-11-26');
    await userEvent.click(within(editor).getByRole('button', { name: 'Publish' }));
    const confirm = await screen.findByRole('dialog', { name: /Publish version 2 from/ });
    expect(within(confirm).getByTestId('publish-impact')).toHaveTextContent('Price in force $460.00, with the draft $345.00');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some((c) => String(c[0]).endsWith('/draft/publish'))).toBe(true), BUSY_WAIT);
    const publish = fetchMock.mock.calls.findIndex((c) => String(c[0]).endsWith('/draft/publish'));
    expect(sentBody(fetchMock, publish)).toEqual({ effective_date: '2026-11-26' });
  });
});
