import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/renderApp';
import { sentBody, signInStaff } from '../../testStaff';
import { ACCOUNT_ID, callsOf, makePartner, makeWebhook, PARTNER_ID, partnerRow } from './testIntegrations';

const DETAIL = `/api/admin/integration-partners/${PARTNER_ID}`;
const OTHER_ACCOUNT = { id: '7a1e2b3c-4d5e-4f60-8a1b-2c3d4e5f6a7b', name: 'Other Freight LLC' };

describe('Integration Partners', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists partners with today's use, each opening its page", async () => {
    signInStaff(['super_admin'], {
      'GET /api/admin/integration-partners': {
        data: [partnerRow(), partnerRow({ id: 'p2', name: 'Quiet ERP', status: 'suspended', last_call_at: null, errors_today: 0 })],
      },
    });
    renderApp('/admin/integration-partners');
    const table = await screen.findByRole('table', { name: /Integration partners with today's use/ });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Acme TMS.*Active.*3.*2.*1,250.*4/);
    expect(rows[2]).toHaveTextContent(/Quiet ERP.*Suspended.*Never/);
    expect(within(table).getByRole('link', { name: 'Acme TMS' })).toHaveAttribute('href', `/admin/integration-partners/${PARTNER_ID}`);
  });

  it('says so when there is no partner yet', async () => {
    signInStaff(['super_admin'], { 'GET /api/admin/integration-partners': { data: [] } });
    renderApp('/admin/integration-partners');
    expect(await screen.findByText(/No integration partners yet/)).toBeInTheDocument();
  });

  it("adds a partner with a contact, shows the server's field errors on their fields, then opens the new partner", async () => {
    let attempt = 0;
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/integration-partners': { data: [] },
      'POST /api/admin/integration-partners': () =>
        ++attempt === 1
          ? jsonResponse(422, { message: 'A partner by this name exists', errors: { name: ['A partner by this name exists'] } })
          : jsonResponse(201, { data: makePartner() }),
      [`GET ${DETAIL}`]: { data: makePartner() },
      [`GET ${DETAIL}/calls`]: { data: [] },
      [`GET ${DETAIL}/webhooks`]: { data: [] },
    });
    const { router } = renderApp('/admin/integration-partners');
    await userEvent.click(await screen.findByRole('button', { name: 'Add partner' }));
    const form = await screen.findByRole('form', { name: 'New integration partner' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add contact' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add partner' }));
    // Checked here first: the name and the contact's name and email are required.
    expect(await within(form).findAllByText('Field is required')).toHaveLength(3);

    await userEvent.type(within(form).getByLabelText(/^Company name/), 'Acme TMS');
    await userEvent.type(within(form).getByLabelText(/^Website/), 'acme-tms.example');
    const contact = within(form).getByRole('group', { name: 'Contact 1' });
    await userEvent.type(within(contact).getByLabelText(/^Name/), 'Tina Tech');
    await userEvent.type(within(contact).getByLabelText(/^Email/), 'tina@acme-tms.example');
    await userEvent.type(within(contact).getByLabelText(/^Role/), 'Technical lead');
    await userEvent.click(within(form).getByRole('button', { name: 'Add partner' }));
    expect(await within(form).findByText('A partner by this name exists')).toBeInTheDocument();
    const [post] = callsOf(fetchMock, 'POST', '/api/admin/integration-partners');
    expect(sentBody(fetchMock, post)).toEqual({
      name: 'Acme TMS',
      website: 'acme-tms.example',
      status: 'active',
      notes: '',
      carrier_id: null,
      contacts: [{ name: 'Tina Tech', email: 'tina@acme-tms.example', phone: '', role: 'Technical lead' }],
    });

    await userEvent.click(within(form).getByRole('button', { name: 'Add partner' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/integration-partners/${PARTNER_ID}`));
    expect(await screen.findByRole('heading', { name: 'Acme TMS' })).toBeInTheDocument();
  });

  it('ties a partner to a carrier from its form (a carrier partner), and shows the carrier on its page', async () => {
    const odfl = { id: '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b', name: 'Old Dominion', scac: 'ODFL', mode: 'ltl' };
    const fetchMock = signInStaff(['super_admin'], {
      [`GET ${DETAIL}`]: { data: makePartner() },
      [`PUT ${DETAIL}`]: { data: makePartner({ carrier: { id: odfl.id, name: odfl.name, scac: odfl.scac } }) },
      'GET /api/admin/scac-aliases/carriers': { data: [odfl] },
      [`GET ${DETAIL}/calls`]: { data: [] },
      [`GET ${DETAIL}/webhooks`]: { data: [] },
    });
    renderApp(`/admin/integration-partners/${PARTNER_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit company' }));
    const form = await screen.findByRole('form', { name: 'Edit Acme TMS' });
    const carrier = within(form).getByRole('combobox', { name: /^Carrier/ });
    expect(carrier).toHaveValue('');
    await waitFor(() => expect(within(carrier).getByRole('option', { name: 'Old Dominion (ODFL)' })).toBeInTheDocument());
    await userEvent.selectOptions(carrier, odfl.id);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsOf(fetchMock, 'PUT', DETAIL)).toHaveLength(1));
    expect(sentBody(fetchMock, callsOf(fetchMock, 'PUT', DETAIL)[0])).toMatchObject({ name: 'Acme TMS', carrier_id: odfl.id });
    expect(await screen.findByText('Carrier partner: Old Dominion (ODFL)')).toBeInTheDocument();
  });

  it('shows a partner: contacts, accounts, usage, credentials, calls; adds and removes an account', async () => {
    const granted = makePartner({
      accounts: [
        ...makePartner().accounts,
        { id: OTHER_ACCOUNT.id, name: OTHER_ACCOUNT.name, granted_by: 'staff', granted_at: '2026-11-23T10:00:00Z', disabled: false },
      ],
    });
    const fetchMock = signInStaff(['super_admin'], {
      [`GET ${DETAIL}`]: { data: makePartner() },
      [`GET ${DETAIL}/calls`]: {
        data: [
          {
            id: 9,
            at: '2026-11-22T15:30:00Z',
            method: 'POST',
            route: '/api/v1/quotes',
            status: 201,
            duration_ms: 182,
            client_id: 'fpc_abc123',
            account_id: ACCOUNT_ID,
          },
        ],
      },
      [`GET ${DETAIL}/webhooks`]: () => jsonResponse(404, { message: 'Not found.' }),
      'GET /api/admin/accounts': { data: [OTHER_ACCOUNT], meta: { current_page: 1, per_page: 20, total: 1, last_page: 1 } },
      [`POST ${DETAIL}/accounts`]: () => jsonResponse(201, { data: granted }),
      [`DELETE ${DETAIL}/accounts/${ACCOUNT_ID}`]: { data: makePartner({ accounts: [] }) },
    });
    renderApp(`/admin/integration-partners/${PARTNER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Acme TMS' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'acme-tms.example' })).toHaveAttribute('href', 'https://acme-tms.example');
    expect(screen.getByRole('region', { name: 'Contacts' })).toHaveTextContent(
      /Tina Tech.*Technical lead.*tina@acme-tms\.example.*\(312\) 555-0100/,
    );
    const usage = screen.getByRole('region', { name: 'Usage' });
    expect(usage).toHaveTextContent(/Requests today\s*1,250/);
    expect(usage).toHaveTextContent(/Errors today\s*4/);
    const credentials = screen.getByRole('region', { name: 'Credentials' });
    expect(within(credentials).getByRole('row', { name: /fpc_abc123/ })).toHaveTextContent(
      /Production TMS.*quotes:write.*shipments:read.*Active/,
    );
    const calls = await screen.findByRole('table', { name: /newest call/ });
    expect(within(calls).getAllByRole('row')[1]).toHaveTextContent(/POST.*\/api\/v1\/quotes.*201.*182 ms.*fpc_abc123/);
    // The webhooks are another part of the API: when they fail, the rest of the page stands.
    expect(await within(screen.getByRole('region', { name: 'Webhooks' })).findByRole('alert')).toHaveTextContent('Not found.');

    const accounts = screen.getByRole('region', { name: 'Accounts it acts for' });
    expect(within(accounts).getByRole('row', { name: /Blue Widgets/ })).toHaveTextContent(/The account's consent/);
    await userEvent.type(within(accounts).getByRole('combobox', { name: /Add an account/ }), 'Other');
    await userEvent.click(await screen.findByRole('option', { name: OTHER_ACCOUNT.name, hidden: true }));
    await userEvent.click(within(accounts).getByRole('button', { name: 'Add account' }));
    expect(await within(accounts).findByRole('row', { name: /Other Freight LLC/ })).toHaveTextContent(/Staff/);
    const [grant] = callsOf(fetchMock, 'POST', `${DETAIL}/accounts`);
    expect(sentBody(fetchMock, grant)).toEqual({ account_id: OTHER_ACCOUNT.id });

    await userEvent.click(within(accounts).getByRole('button', { name: 'Remove Blue Widgets' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Blue Widgets?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsOf(fetchMock, 'DELETE', `${DETAIL}/accounts/${ACCOUNT_ID}`)).toHaveLength(1));
    expect(await within(accounts).findByText(/does not act for any account yet/)).toBeInTheDocument();
  });

  it('adds a webhook and shows its signing secret once, switches one off, and replays a delivery', async () => {
    const created = makeWebhook({ id: 'w2', url: 'https://erp.example/hooks', events: ['invoice.paid'], secret: 'whsec_only_once' });
    const fetchMock = signInStaff(['super_admin'], {
      [`GET ${DETAIL}`]: { data: makePartner() },
      [`GET ${DETAIL}/calls`]: { data: [] },
      [`GET ${DETAIL}/webhooks`]: { data: [makeWebhook()] },
      [`POST ${DETAIL}/webhooks`]: () => jsonResponse(201, { data: created }),
      [`PUT ${DETAIL}/webhooks/w1`]: { data: makeWebhook({ enabled: false, disabled_reason: 'manual' }) },
      [`GET ${DETAIL}/webhooks/w1/deliveries`]: {
        data: [
          {
            id: 41,
            event_id: 'evt_1',
            event_type: 'shipment.booked',
            status: 'failed',
            attempts: 8,
            last_status_code: 500,
            last_error: null,
            last_duration_ms: 95,
            next_attempt_at: null,
            created_at: '2026-11-20T10:00:00Z',
            delivered_at: null,
            replay_of: null,
            payload: { type: 'shipment.booked', timestamp: '2026-11-20T10:00:00Z', data: {} },
          },
        ],
      },
      [`POST ${DETAIL}/webhooks/w1/deliveries/41/replay`]: () => jsonResponse(202, {}),
    });
    renderApp(`/admin/integration-partners/${PARTNER_ID}`);
    const webhooks = await screen.findByRole('region', { name: 'Webhooks' });
    expect(await within(webhooks).findByRole('row', { name: /hooks\.acme-tms\.example/ })).toHaveTextContent(
      /shipment\.booked.*shipment\.delivered/,
    );

    await userEvent.click(within(webhooks).getByRole('button', { name: 'Add webhook' }));
    const form = await screen.findByRole('form', { name: 'New webhook' });
    await userEvent.type(within(form).getByLabelText(/^URL/), 'https://erp.example/hooks');
    expect(within(form).getByText('An invoice is paid in full')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('checkbox', { name: /invoice\.paid/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    const secret = await screen.findByRole('dialog', { name: 'Copy your secret now' });
    expect(secret).toHaveTextContent('whsec_only_once');
    const [post] = callsOf(fetchMock, 'POST', `${DETAIL}/webhooks`);
    expect(sentBody(fetchMock, post)).toEqual({
      url: 'https://erp.example/hooks',
      description: '',
      events: ['invoice.paid'],
      enabled: true,
    });
    await userEvent.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText('whsec_only_once')).not.toBeInTheDocument());

    await userEvent.click(within(webhooks).getByRole('switch', { name: 'Send events to https://hooks.acme-tms.example/freight' }));
    await waitFor(() => expect(callsOf(fetchMock, 'PUT', `${DETAIL}/webhooks/w1`)).toHaveLength(1));
    expect(sentBody(fetchMock, callsOf(fetchMock, 'PUT', `${DETAIL}/webhooks/w1`)[0])).toMatchObject({ enabled: false });

    await userEvent.click(within(webhooks).getByRole('button', { name: 'Deliveries to https://hooks.acme-tms.example/freight' }));
    const log = await screen.findByRole('dialog', { name: 'Deliveries to https://hooks.acme-tms.example/freight' });
    const row = await within(log).findByRole('row', { name: /shipment\.booked/ });
    expect(row).toHaveTextContent(/shipment\.booked.*Failed.*8.*500.*95 ms/);
    await userEvent.click(within(row).getByRole('button', { name: /Replay shipment\.booked/ }));
    await waitFor(() => expect(callsOf(fetchMock, 'POST', `${DETAIL}/webhooks/w1/deliveries/41/replay`)).toHaveLength(1));
  });
});
