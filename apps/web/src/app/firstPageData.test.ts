import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardQuery, openDisputesQuery } from '../features/admin/api/dashboardApi';
import { AUTH_STATE_KEY } from '../lib/authState';
import { makeAccountUser, makeUser } from '../test/fixtures';
import { stubApi } from '../test/stubApi';
import { prefetchFirstPageData } from './firstPageData';

const figures = { today: { quotes: 3 } };
const disputes = [{ id: 'd1' }];
const asked = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);

function start(pathname: string, user: unknown) {
  if (user) localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  const fetchMock = stubApi({ 'GET /api/admin/dashboard': { data: figures }, 'GET /api/admin/disputes': { data: disputes } });
  const client = new QueryClient();
  prefetchFirstPageData(client, pathname);
  return { client, fetchMock };
}

describe('the data asked for as the portal starts on a page', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("asks for the dashboard's figures and open disputes for staff who settle them, once, into the copies the page reads", async () => {
    const { client, fetchMock } = start('/admin/dashboard', makeUser(['fpg_accounting']));
    await vi.waitFor(() => expect(client.getQueryData(openDisputesQuery().queryKey)).toEqual(disputes));
    await vi.waitFor(() => expect(client.getQueryData(dashboardQuery(30).queryKey)).toEqual(figures));
    // What the page's queries do as it mounts: a fresh copy is used as it is.
    await client.prefetchQuery(dashboardQuery(30));
    await client.prefetchQuery(openDisputesQuery());
    expect(asked(fetchMock).sort()).toEqual(['/api/admin/dashboard', '/api/admin/disputes']);
  });

  it('asks for the figures alone for staff who do not settle disputes, and from /admin too', async () => {
    const { client, fetchMock } = start('/admin', makeUser(['fpg_sales']));
    await vi.waitFor(() => expect(client.getQueryData(dashboardQuery(30).queryKey)).toEqual(figures));
    expect(asked(fetchMock)).toEqual(['/api/admin/dashboard']);
  });

  it('asks for nothing on another page, for a shipper, or without a session', () => {
    expect(asked(start('/admin/accounts', makeUser(['super_admin'])).fetchMock)).toEqual([]);
    localStorage.clear();
    expect(asked(start('/admin/dashboard', makeAccountUser('Acme Freight')).fetchMock)).toEqual([]);
    localStorage.clear();
    expect(asked(start('/admin/dashboard', null).fetchMock)).toEqual([]);
  });
});
