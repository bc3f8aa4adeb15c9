import type { SavedViewView } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/renderApp';
import { sentBody, signInStaff } from '../../testStaff';
import { filtersOf } from './SavedViews';

const view = (over: Partial<SavedViewView> = {}): SavedViewView => ({
  id: 'v1',
  list: 'shipments',
  name: 'Late LTL',
  filters: { status: 'exception', mode: 'ltl' },
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...over,
});
const EMPTY_PAGE = { data: [], meta: { current_page: 1, per_page: 25, total: 0, last_page: 1 } };
const listCalls = (mock: ReturnType<typeof signInStaff>) =>
  mock.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/admin/shipments?'));
const callsTo = (mock: ReturnType<typeof signInStaff>, method: string, path: string) =>
  mock.mock.calls.flatMap((c, i) =>
    String(c[0]).startsWith(path) && ((c[1] as RequestInit | undefined)?.method ?? 'GET') === method ? [i] : [],
  );

describe('the Views control', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the filters of the URL without its page', () => {
    expect(filtersOf(new URLSearchParams('status=delivered&page=3&q=&mode=ltl'))).toEqual({ status: 'delivered', mode: 'ltl' });
  });

  it('applies a saved view with the keyboard: its filters become the URL', async () => {
    const fetchMock = signInStaff(['fpg_ops'], {
      'GET /api/admin/shipments': EMPTY_PAGE,
      'GET /api/admin/shipments/carriers': { data: [] },
      'GET /api/admin/saved-views': { data: [view()] },
    });
    renderApp('/admin/shipments?status=delivered&page=2');
    const button = await screen.findByRole('button', { name: 'Saved views of this list' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Apply view Late LTL', hidden: true });
    expect(item).toBeInTheDocument();
    await userEvent.click(item);
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toContain('status=exception'));
    expect(listCalls(fetchMock).at(-1)).toContain('mode=ltl');
    expect(listCalls(fetchMock).at(-1)).not.toMatch(/[?&]page=2/);
  });

  it('saves the current filters under a name, and shows a taken name as the field error', async () => {
    let attempts = 0;
    const fetchMock = signInStaff(['fpg_ops'], {
      'GET /api/admin/shipments': EMPTY_PAGE,
      'GET /api/admin/shipments/carriers': { data: [] },
      'GET /api/admin/saved-views': { data: [] },
      'POST /api/admin/saved-views': () =>
        ++attempts === 1
          ? jsonResponse(422, {
              code: 'validation',
              message: 'The given data was invalid.',
              errors: { name: ['You already have a view with this name'] },
            })
          : jsonResponse(201, { data: view({ name: 'Delivered' }) }),
    });
    renderApp('/admin/shipments?status=delivered&page=2');
    await userEvent.click(await screen.findByRole('button', { name: 'Saved views of this list' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Save current filters…', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Save current filters as a view' });
    await userEvent.type(within(dialog).getByLabelText(/View name/), 'Delivered');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('You already have a view with this name')).toBeInTheDocument();
    const [first] = callsTo(fetchMock, 'POST', '/api/admin/saved-views');
    expect(sentBody(fetchMock, first)).toEqual({ list: 'shipments', name: 'Delivered', filters: { status: 'delivered' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save current filters as a view' })).not.toBeInTheDocument());
  });

  it('renames and deletes views in the manage dialog', async () => {
    const fetchMock = signInStaff(['fpg_ops'], {
      'GET /api/admin/shipments': EMPTY_PAGE,
      'GET /api/admin/shipments/carriers': { data: [] },
      'GET /api/admin/saved-views': { data: [view()] },
      'PUT /api/admin/saved-views/v1': { data: view({ name: 'Exceptions' }) },
      'DELETE /api/admin/saved-views/v1': () => new Response(null, { status: 204 }),
    });
    renderApp('/admin/shipments');
    await userEvent.click(await screen.findByRole('button', { name: 'Saved views of this list' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Manage views…', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Your saved views' });
    expect(dialog).toHaveTextContent('You have 1 of 20 views of this list.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename Late LTL' }));
    const input = within(dialog).getByLabelText('New name for Late LTL');
    await userEvent.clear(input);
    await userEvent.type(input, 'Exceptions{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/admin/saved-views/v1')).toHaveLength(1));
    expect(sentBody(fetchMock, callsTo(fetchMock, 'PUT', '/api/admin/saved-views/v1')[0])).toEqual({ name: 'Exceptions' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Late LTL' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/admin/saved-views/v1')).toHaveLength(1));
  });
});
