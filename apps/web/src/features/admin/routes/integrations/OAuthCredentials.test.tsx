import type { CredentialView } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../../../lib/authState';
import i18n from '../../../../lib/i18n';
import { jsonResponse, makeUser, setCookie } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/renderApp';
import { stubApi } from '../../../../test/stubApi';
import { sentBody, signInStaff } from '../../testStaff';
import { ACCOUNT_ID, callsOf, makeCredential, PARTNER_ID, partnerRow } from './testIntegrations';

const BASE = '/api/admin/oauth-clients';
const ofAccount = makeCredential({
  id: 'c2',
  client_id: 'fpc_own456',
  name: 'Warehouse scripts',
  owner: { kind: 'account', id: ACCOUNT_ID, name: 'Blue Widgets' },
  scopes: ['tracking:read'],
  expires_at: '2027-01-31T12:00:00Z',
  last_used_at: null,
});

describe('OAuth Credentials', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('lists every credential with its owner, scopes, state and use', async () => {
    signInStaff(['super_admin'], { [`GET ${BASE}`]: { data: [makeCredential(), ofAccount] } });
    renderApp('/admin/oauth');
    const table = await screen.findByRole('table', { name: /Every API credential/ });
    const partner = within(table).getByRole('row', { name: /fpc_abc123/ });
    const account = within(table).getByRole('row', { name: /fpc_own456/ });
    expect(partner).toHaveTextContent(
      /Production TMS.*fpc_abc123.*Acme TMS.*Partner.*quotes:write.*shipments:read.*Active.*Does not expire/,
    );
    expect(within(partner).getByRole('link', { name: 'Acme TMS' })).toHaveAttribute('href', `/admin/integration-partners/${PARTNER_ID}`);
    expect(account).toHaveTextContent(/Warehouse scripts.*fpc_own456.*Blue Widgets.*Account.*tracking:read.*Jan 31, 2027.*Never/);
    expect(within(account).getByRole('link', { name: 'Blue Widgets' })).toHaveAttribute('href', `/admin/accounts/${ACCOUNT_ID}`);
  });

  it('creates a credential for a partner and shows its secret once, with the warning', async () => {
    const issued = makeCredential({ id: 'c9', client_id: 'fpc_new789', name: 'Staging' });
    const fetchMock = signInStaff(['super_admin'], {
      [`GET ${BASE}`]: { data: [] },
      'GET /api/admin/integration-partners': { data: [partnerRow()] },
      [`POST ${BASE}`]: () => jsonResponse(201, { data: { credential: issued, client_secret: 'fpcs_shown_once_secret' } }),
    });
    renderApp('/admin/oauth');
    expect(await screen.findByText(/No API credentials yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New credential' }));
    const form = await screen.findByRole('form', { name: 'New API credential' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create credential' }));
    expect(await within(form).findByText('Choose at least one scope')).toBeInTheDocument();
    expect(within(form).getAllByText('Field is required')).toHaveLength(2); // the name and the partner
    expect(callsOf(fetchMock, 'POST', BASE)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/^Name/), 'Staging');
    await userEvent.click(within(form).getByRole('combobox', { name: 'Partner' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Acme TMS', hidden: true }));
    expect(within(form).getByText('Get rates and change the address book and the product catalog')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'quotes:write' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'tracking:read' }));
    await userEvent.type(within(form).getByLabelText(/^Expires on/), '2027-06-30');
    await userEvent.click(within(form).getByRole('button', { name: 'Create credential' }));

    const dialog = await screen.findByRole('dialog', { name: 'Copy your secret now' });
    expect(dialog).toHaveTextContent(/only time the secret is shown.*will not be shown again/);
    expect(within(dialog).getByLabelText('Client ID')).toHaveTextContent('fpc_new789');
    expect(within(dialog).getByLabelText('Client secret')).toHaveTextContent('fpcs_shown_once_secret');
    expect(within(dialog).getByRole('button', { name: 'Copy Client secret' })).toBeInTheDocument();
    const [post] = callsOf(fetchMock, 'POST', BASE);
    expect(sentBody(fetchMock, post)).toEqual({
      name: 'Staging',
      partner_id: PARTNER_ID,
      account_id: null,
      scopes: ['quotes:write', 'tracking:read'],
      expires_on: '2027-06-30',
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Copy your secret now' })).not.toBeInTheDocument());
    expect(screen.queryByText('fpcs_shown_once_secret')).not.toBeInTheDocument();
  });

  it('rotates with the default overlap and shows the new secret once', async () => {
    const fetchMock = signInStaff(['super_admin'], {
      [`GET ${BASE}`]: { data: [makeCredential()] },
      [`POST ${BASE}/c1/rotate`]: {
        data: { credential: makeCredential({ previous_secret_until: '2026-11-24T10:00:00Z' }), client_secret: 'fpcs_rotated' },
      },
    });
    renderApp('/admin/oauth');
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate Production TMS' }));
    const form = await screen.findByRole('form', { name: 'Rotate Production TMS' });
    expect(within(form).getByLabelText(/^Overlap/)).toHaveValue('24');
    await userEvent.click(within(form).getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy your secret now' });
    expect(within(dialog).getByLabelText('Client secret')).toHaveTextContent('fpcs_rotated');
    expect(sentBody(fetchMock, callsOf(fetchMock, 'POST', `${BASE}/c1/rotate`)[0])).toEqual({ overlap_hours: 24 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText('fpcs_rotated')).not.toBeInTheDocument());
  });

  it('revokes after a confirmation', async () => {
    let revoked = false;
    const current = () => makeCredential(revoked ? { status: 'revoked', revoked_at: '2026-11-23T10:00:00Z' } : {});
    const fetchMock = signInStaff(['super_admin'], {
      [`GET ${BASE}`]: () => jsonResponse(200, { data: [current()] satisfies CredentialView[] }),
      [`POST ${BASE}/c1/revoke`]: () => {
        revoked = true;
        return jsonResponse(200, { data: current() });
      },
    });
    renderApp('/admin/oauth');
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Production TMS' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Production TMS?' });
    expect(confirm).toHaveTextContent(/refused from the next request/);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(callsOf(fetchMock, 'POST', `${BASE}/c1/revoke`)).toHaveLength(1));
    const row = await screen.findByRole('row', { name: /fpc_abc123/ });
    await waitFor(() => expect(row).toHaveTextContent('Revoked'));
    expect(within(row).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    const user = makeUser(['super_admin'], { settings: { ...DEFAULT_SETTINGS, language: 'es' } });
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    setCookie('XSRF-TOKEN', 't');
    stubApi({ 'GET /api/user': { data: user }, [`GET ${BASE}`]: { data: [ofAccount] } });
    renderApp('/admin/oauth');
    const table = await screen.findByRole('table', { name: /Todas las credenciales de API/ });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Warehouse scripts.*Blue Widgets.*Cuenta.*Activa.*31 ene 2027.*Nunca/);
    expect(screen.getByRole('heading', { name: 'Credenciales OAuth' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nueva credencial' }));
    const form = await screen.findByRole('form', { name: 'Nueva credencial de API' });
    expect(within(form).getByText('Reservar y cancelar envíos')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByRole('button', { name: 'Revocar Warehouse scripts' })).toBeInTheDocument();
  });
});
