import type { ActiveNotice } from '@freight/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../lib/authState';
import { makeAccountUser } from '../../test/fixtures';
import { stubApi } from '../../test/renderApp';
import { activeNoticesQuery, prefetchActiveNotices } from './activeNotices';

const notice: ActiveNotice = { id: 'i1', severity: 'info', title: 'Holiday pickups', body: 'No pickups on Thursday.', dismissible: true };
const noticeCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([u]) => String(u) === '/api/notifications/active');

describe('the notices asked for as the portal starts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are asked once when a session is stored, into the copy the frame reads, and not again when the frame asks within the minute', async () => {
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(makeAccountUser('Acme Freight')));
    const fetchMock = stubApi({ 'GET /api/notifications/active': { data: [notice] } });
    const client = new QueryClient();
    prefetchActiveNotices(client, 'es');
    await vi.waitFor(() => expect(client.getQueryData(activeNoticesQuery('es').queryKey)).toEqual([notice]));
    // What SiteNotices' useQuery does on mount: a fresh copy is used as it is.
    await client.prefetchQuery(activeNoticesQuery('es'));
    expect(noticeCalls(fetchMock)).toHaveLength(1);
  });

  it('are not asked for a visitor without a session (the login page is where they go)', async () => {
    const fetchMock = stubApi({ 'GET /api/notifications/active': { data: [notice] } });
    const client = new QueryClient();
    prefetchActiveNotices(client, 'en');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(noticeCalls(fetchMock)).toHaveLength(0);
    expect(client.getQueryData(activeNoticesQuery('en').queryKey)).toBeUndefined();
  });
});
