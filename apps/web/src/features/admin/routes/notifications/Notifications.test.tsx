import type { SiteNotificationView } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/renderApp';
import { sentBody, signInStaff } from '../../testStaff';

const saved: SiteNotificationView = {
  id: 'n1',
  severity: 'outage',
  audience: 'customers',
  account: null,
  title_en: 'Carrier outage',
  title_es: 'Caída de transportista',
  body_en: 'Tracking is late.',
  body_es: 'El rastreo llega tarde.',
  starts_at: '2026-11-22T10:00:00Z',
  ends_at: null,
  retired_at: null,
  state: 'active',
  created_at: '2026-11-22T10:00:00Z',
  updated_at: '2026-11-22T10:00:00Z',
};

describe('Notifications', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('previews a notice in both languages as it is typed, checks it, and publishes it', async () => {
    const fetchMock = signInStaff(['super_admin'], {
      'POST /api/admin/notifications': () => jsonResponse(201, { data: saved }),
      'GET /api/admin/notifications': { data: [saved], meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 } },
    });
    renderApp('/admin/notifications/new');
    const form = await screen.findByRole('form', { name: 'New notice' });
    await userEvent.selectOptions(within(form).getByLabelText('Severity'), 'outage');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish notice' }));
    expect((await within(form).findAllByText('Field is required')).length).toBe(4);
    const [en, es] = within(form).getAllByLabelText(/^Title/);
    const [bodyEn, bodyEs] = within(form).getAllByLabelText(/^Text/);
    await userEvent.type(en!, 'Carrier outage');
    await userEvent.type(es!, 'Caída de transportista');
    await userEvent.type(bodyEn!, 'Tracking is late.');
    await userEvent.type(bodyEs!, 'El rastreo llega tarde.');
    expect(within(form).getByText('Service outage: Carrier outage')).toBeInTheDocument();
    expect(within(form).getByText('Service outage: Caída de transportista')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Publish notice' }));
    expect(await screen.findByRole('table', { name: 'Site notifications' })).toHaveTextContent('Carrier outage');
    const post = fetchMock.mock.calls.findIndex(
      (c) => String(c[0]) === '/api/admin/notifications' && (c[1] as RequestInit)?.method === 'POST',
    );
    expect(sentBody(fetchMock, post)).toMatchObject({
      severity: 'outage',
      audience: 'customers',
      account_id: null,
      title_es: 'Caída de transportista',
      ends_at: null,
    });
  });

  it('lists notices with both titles, filters them by state and retires one after a confirmation', async () => {
    const page = (data: SiteNotificationView[]) => ({ data, meta: { current_page: 1, per_page: 25, total: data.length, last_page: 1 } });
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/notifications': (url: string) =>
        jsonResponse(200, page(new URL(url, 'http://x').searchParams.get('state') === 'retired' ? [] : [saved])),
      'POST /api/admin/notifications/n1/retire': () => jsonResponse(200, { data: { ...saved, state: 'retired' } }),
    });
    renderApp('/admin/notifications');
    const table = await screen.findByRole('table', { name: 'Site notifications' });
    const row = within(table).getByRole('row', { name: /Carrier outage/ });
    expect(row).toHaveTextContent('Caída de transportista');
    expect(row).toHaveTextContent('Every customer');
    expect(row).toHaveTextContent('Shown now');
    expect(within(row).getByRole('link', { name: 'Carrier outage' })).toHaveAttribute('href', '/admin/notifications/edit/n1');
    await userEvent.click(within(row).getByRole('button', { name: 'Retire' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Retire “Carrier outage”?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retire' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, init]) => u === '/api/admin/notifications/n1/retire' && init?.method === 'POST')).toBe(true),
    );
    await userEvent.selectOptions(screen.getByLabelText('State'), 'retired');
    expect(await screen.findByText('No notice in this state.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('state=retired'))).toBe(true);
  });

  it('shows the reader their notices, and closes an info notice for good', async () => {
    const fetchMock = signInStaff(['fpg_ops'], {
      'GET /api/notifications/active': {
        data: [
          { id: 'i1', severity: 'info', title: 'Holiday pickups', body: 'No pickups on Thursday.', dismissible: true },
          { id: 'o1', severity: 'outage', title: 'Carrier outage', body: 'Tracking is late.', dismissible: false },
        ],
      },
      'POST /api/notifications/i1/dismiss': () => new Response(null, { status: 204 }),
      'GET /api/admin/shipments': { data: [], meta: { current_page: 1, per_page: 25, total: 0, last_page: 1 } },
    });
    renderApp('/admin/shipments');
    expect(await screen.findByRole('alert')).toHaveTextContent('Service outage: Carrier outage');
    expect(screen.getByText('Notice: Holiday pickups')).toBeInTheDocument();
    // Only the info notice can be closed.
    expect(screen.getAllByRole('button', { name: 'Close this notice' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close this notice' }));
    await waitFor(() => expect(screen.queryByText('Notice: Holiday pickups')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some((c) => String(c[0]) === '/api/notifications/i1/dismiss')).toBe(true);
    expect(screen.getByText('Service outage: Carrier outage')).toBeInTheDocument();
  });
});
