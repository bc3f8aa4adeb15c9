import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/renderApp';
import { sentBody, signInStaff } from '../../testStaff';
import { ACCOUNT_ID, callsOf, makeIntegration, PARTNER_ID } from './testIntegrations';

const store = makeIntegration({
  kind: 'ebay_store',
  id: 's1',
  name: 'bluewidgets-ebay',
  enabled: false,
  last_success_at: null,
  failure_rate: null,
});
const partnerApp = makeIntegration({
  kind: 'partner',
  id: 'g1',
  name: 'Acme TMS',
  partner: { id: PARTNER_ID, name: 'Acme TMS' },
  failure_rate: 0.4,
});

describe('Integrations', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every connection with its health, filtered by kind and words kept in the URL', async () => {
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/integrations': (url: string) =>
        jsonResponse(200, {
          data: new URL(url, 'http://x').searchParams.get('kind') === 'partner' ? [] : [makeIntegration(), partnerApp, store],
        }),
    });
    const { router } = renderApp('/admin/integrations');
    const table = await screen.findByRole('table', { name: '3 connections.' });
    const webhook = within(table).getByRole('row', { name: /hooks\.acme-tms/ });
    const partner = within(table).getByRole('row', { name: /Partner app/ });
    const ebay = within(table).getByRole('row', { name: /eBay store/ });
    expect(webhook).toHaveTextContent(/hooks\.acme-tms\.example.*Webhook.*Blue Widgets.*12\.5%.*On/);
    expect(within(webhook).getByRole('link', { name: 'Blue Widgets' })).toHaveAttribute('href', `/admin/accounts/${ACCOUNT_ID}`);
    expect(partner).toHaveTextContent(/Acme TMS.*Partner app.*40%/);
    expect(within(partner).getByRole('link', { name: 'Acme TMS' })).toHaveAttribute('href', `/admin/integration-partners/${PARTNER_ID}`);
    expect(ebay).toHaveTextContent(/bluewidgets-ebay.*eBay store.*Never.*No attempts.*Off/);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'acme');
    // The page asking with the words (not only the router's state) shows it rendered them.
    await waitFor(() => expect(String(fetchMock.mock.lastCall?.[0])).toBe('/api/admin/integrations?q=acme'));
    expect(router.state.location.search).toBe('?q=acme');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'partner');
    await waitFor(() => expect(router.state.location.search).toMatch(/kind=partner/));
    const last = String(fetchMock.mock.lastCall?.[0]);
    expect(last).toMatch(/kind=partner/);
    expect(last).toMatch(/q=acme/);
    expect(await screen.findByText('No connection matches these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('switches a connection off after a confirmation, and on again at once, with PUT', async () => {
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/integrations': { data: [makeIntegration(), store] },
      'PUT /api/admin/integrations/webhook/w1': { data: makeIntegration({ enabled: false }) },
      'PUT /api/admin/integrations/ebay_store/s1': { data: { ...store, enabled: true } },
    });
    renderApp('/admin/integrations');
    await userEvent.click(await screen.findByRole('switch', { name: 'https://hooks.acme-tms.example/freight for Blue Widgets' }));
    const confirm = await screen.findByRole('dialog', { name: 'Switch off https://hooks.acme-tms.example/freight?' });
    expect(confirm).toHaveTextContent('No events are sent to this endpoint until you switch it on again.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(callsOf(fetchMock, 'PUT', '/api/admin/integrations/webhook/w1')).toHaveLength(1));
    expect(sentBody(fetchMock, callsOf(fetchMock, 'PUT', '/api/admin/integrations/webhook/w1')[0])).toEqual({ enabled: false });

    await userEvent.click(screen.getByRole('switch', { name: 'bluewidgets-ebay for Blue Widgets' }));
    await waitFor(() => expect(callsOf(fetchMock, 'PUT', '/api/admin/integrations/ebay_store/s1')).toHaveLength(1));
    expect(sentBody(fetchMock, callsOf(fetchMock, 'PUT', '/api/admin/integrations/ebay_store/s1')[0])).toEqual({ enabled: true });
    expect(screen.queryByRole('dialog', { name: /Switch off bluewidgets/ })).not.toBeInTheDocument();
  });

  it('says what failed when the list cannot load', async () => {
    signInStaff(['super_admin'], {
      'GET /api/admin/integrations': () => jsonResponse(500, { message: 'Server Error', request_id: 'req-7' }),
    });
    renderApp('/admin/integrations');
    expect(await screen.findByRole('alert')).toHaveTextContent('req-7');
  });
});
