import type { SiteNotificationView } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/renderApp';
import { sentBody, signInStaff } from '../../testStaff';

const notice: SiteNotificationView = {
  id: 'n1',
  severity: 'warning',
  audience: 'customers',
  account: null,
  title_en: 'Slow tracking',
  title_es: 'Rastreo lento',
  body_en: 'Events arrive late.',
  body_es: 'Los eventos llegan tarde.',
  starts_at: '2026-11-22T10:00:00Z',
  ends_at: '2026-11-23T10:00:00Z',
  retired_at: null,
  state: 'active',
  created_at: '2026-11-22T10:00:00Z',
  updated_at: '2026-11-22T10:00:00Z',
};
const OTHER = '6f1c2a9e-3b4d-4c5e-8f70-1a2b3c4d5e6f';
const EMPTY_LIST = { data: [], meta: { current_page: 1, per_page: 25, total: 0, last_page: 1 } };

/** The index of the fetch mock's call with this method and path. */
const callOf = (fetchMock: ReturnType<typeof signInStaff>, method: string, path: string) =>
  fetchMock.mock.calls.findIndex(([u, init]) => String(u).split('?')[0] === path && ((init as RequestInit)?.method ?? 'GET') === method);

describe('notice editor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('edits a notice and shows the server’s field errors on their fields', async () => {
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/notifications/n1': { data: notice },
      'PUT /api/admin/notifications/n1': () =>
        jsonResponse(422, { message: 'The given data was invalid.', errors: { title_es: ['Este título ya existe'] } }),
    });
    renderApp('/admin/notifications/edit/n1');
    const form = await screen.findByRole('form', { name: 'Edit notice' });
    const spanish = within(form).getByRole('group', { name: 'Spanish' });
    expect(within(spanish).getByRole('textbox', { name: /^Title/ })).toHaveValue('Rastreo lento');
    expect(within(form).getByText('Warning: Rastreo lento')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Show until'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save notice' }));
    expect(await within(spanish).findByText('Este título ya existe')).toBeInTheDocument();
    expect(sentBody(fetchMock, callOf(fetchMock, 'PUT', '/api/admin/notifications/n1'))).toMatchObject({
      severity: 'warning',
      title_en: 'Slow tracking',
      starts_at: '2026-11-22T10:00:00.000Z',
      ends_at: null,
    });
  });

  it('checks the window before sending: the end comes after the start', async () => {
    const fetchMock = signInStaff(['super_admin'], { 'GET /api/admin/notifications/n1': { data: notice } });
    renderApp('/admin/notifications/edit/n1');
    const form = await screen.findByRole('form', { name: 'Edit notice' });
    const ends = within(form).getByLabelText('Show until');
    await userEvent.clear(ends);
    await userEvent.type(ends, '2026-01-01T08:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Save notice' }));
    expect(await within(form).findByText('The end must be after the start')).toBeInTheDocument();
    expect(callOf(fetchMock, 'PUT', '/api/admin/notifications/n1')).toBe(-1);
  });

  it('picks the account of an account notice by searching its name', async () => {
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/accounts': (url: string) =>
        jsonResponse(200, {
          ...EMPTY_LIST,
          data: new URL(url, 'http://x').searchParams.get('q') === 'Other' ? [{ id: OTHER, name: 'Other Freight LLC' }] : [],
        }),
      'POST /api/admin/notifications': () => jsonResponse(201, { data: { ...notice, audience: 'account' } }),
      'GET /api/admin/notifications': EMPTY_LIST,
    });
    renderApp('/admin/notifications/new');
    const form = await screen.findByRole('form', { name: 'New notice' });
    await userEvent.selectOptions(within(form).getByLabelText('Audience'), 'account');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish notice' }));
    const picker = within(form).getByLabelText(/^Account/);
    expect(await within(form).findAllByText('Field is required')).toHaveLength(5);
    await userEvent.type(picker, 'Other');
    await userEvent.click(await screen.findByRole('option', { name: 'Other Freight LLC', hidden: true }));
    for (const [name, value] of [
      ['English', 'Your pickups'],
      ['Spanish', 'Sus recolecciones'],
    ] as const) {
      const group = within(form).getByRole('group', { name });
      await userEvent.type(within(group).getByRole('textbox', { name: /^Title/ }), value);
      await userEvent.type(within(group).getByRole('textbox', { name: /^Text/ }), `${value}.`);
    }
    await userEvent.click(within(form).getByRole('button', { name: 'Publish notice' }));
    await waitFor(() => expect(callOf(fetchMock, 'POST', '/api/admin/notifications')).toBeGreaterThan(-1));
    expect(sentBody(fetchMock, callOf(fetchMock, 'POST', '/api/admin/notifications'))).toMatchObject({
      audience: 'account',
      account_id: OTHER,
      title_es: 'Sus recolecciones',
    });
  });

  it('shows a retired notice read-only', async () => {
    signInStaff(['super_admin'], {
      'GET /api/admin/notifications/n1': { data: { ...notice, state: 'retired', retired_at: '2026-11-22T12:00:00Z' } },
    });
    renderApp('/admin/notifications/edit/n1');
    const form = await screen.findByRole('form', { name: 'Edit notice' });
    expect(within(form).getByText(/This notice is retired/)).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Save notice' })).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Severity')).toBeDisabled();
    expect(within(within(form).getByRole('group', { name: 'English' })).getByRole('textbox', { name: /^Title/ })).toBeDisabled();
  });
});
