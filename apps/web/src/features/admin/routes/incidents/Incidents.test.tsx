import type { IncidentDetail, IncidentRow } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/renderApp';
import { sentBody, signInStaff } from '../../testStaff';

const row: IncidentRow = {
  id: 'i1',
  kind: 'carrier_timeout',
  operation: 'rate',
  carrier: { id: 'c1', name: 'Saia', scac: 'SAIA' },
  error: 'Error: timed out after 8000 ms',
  occurrences: 1284,
  affected_quotes: 1284,
  first_seen_at: '2026-11-20T10:00:00Z',
  last_seen_at: '2026-11-23T08:00:00Z',
  state: 'open',
};
const detail: IncidentDetail = {
  ...row,
  request: { mode: 'ltl', destination: { first_name: '[redacted]', city: 'Dallas' } },
  response: '<img src=x onerror="alert(1)">Bad gateway',
  resolved_at: null,
  resolved_by: null,
  resolution_note: '',
};
const page = (data: IncidentRow[]) => ({ data, meta: { current_page: 1, per_page: 25, total: data.length, last_page: 1 } });
const carriers = { data: [{ id: 'c1', name: 'Saia', scac: 'SAIA', mode: 'ltl' }] };

describe('API Incidents', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists grouped incidents with their occurrences and filters them by kind and carrier', async () => {
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/incidents': (url: string) =>
        jsonResponse(200, page(new URL(url, 'http://x').searchParams.get('kind') === 'unknown_scac' ? [] : [row])),
      'GET /api/admin/scac-aliases/carriers': carriers,
    });
    renderApp('/admin/incidents');
    const table = await screen.findByRole('table', { name: 'API incidents' });
    const line = within(table).getByRole('row', { name: /timed out/ });
    expect(line).toHaveTextContent('Carrier time-out');
    expect(line).toHaveTextContent('Saia (SAIA)');
    expect(line).toHaveTextContent('1,284');
    expect(within(line).getByRole('link', { name: 'Error: timed out after 8000 ms' })).toHaveAttribute('href', '/admin/incidents/i1');
    await userEvent.selectOptions(screen.getByLabelText('Carrier'), 'c1');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'unknown_scac');
    expect(await screen.findByText('No incident matches these filters.')).toBeInTheDocument();
    const last = String(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/admin/incidents')).at(-1)?.[0]);
    expect(last).toContain('kind=unknown_scac');
    expect(last).toContain('carrier_id=c1');
  });

  it('shows the request and answer as text, never as markup, and resolves the incident with a note, which is required', async () => {
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/incidents/i1': { data: detail },
      'PUT /api/admin/incidents/i1/state': () =>
        jsonResponse(200, {
          data: {
            ...detail,
            state: 'resolved',
            resolution_note: 'Saia fixed its API',
            resolved_by: 'super@demo.test',
            resolved_at: '2026-11-23T09:00:00Z',
          },
        }),
    });
    const { container } = renderApp('/admin/incidents/i1');
    expect(await screen.findByRole('heading', { name: 'Error: timed out after 8000 ms' })).toBeInTheDocument();
    const response = screen.getByRole('region', { name: 'Response' });
    expect(response).toHaveTextContent('<img src=x onerror="alert(1)">Bad gateway');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('region', { name: 'Request' })).toHaveTextContent('"first_name": "[redacted]"');
    const form = screen.getByRole('form', { name: 'Resolve' });
    await userEvent.click(within(form).getByRole('button', { name: 'Resolve' }));
    expect(await within(form).findByText('Field is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await userEvent.type(within(form).getByLabelText(/^Note/), 'Saia fixed its API');
    await userEvent.click(within(form).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText(/Resolved by super@demo.test/)).toBeInTheDocument();
    expect(screen.getByTestId('resolution-note')).toHaveTextContent('Saia fixed its API');
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    const put = fetchMock.mock.calls.findIndex(([u, init]) => u === '/api/admin/incidents/i1/state' && init?.method === 'PUT');
    expect(sentBody(fetchMock, put)).toEqual({ state: 'resolved', note: 'Saia fixed its API' });
  });

  it('is refused to anyone but super_admin', async () => {
    signInStaff(['fpg_admin'], { 'GET /api/admin/dashboard': { data: null } });
    renderApp('/admin/incidents');
    await waitFor(() => expect(screen.queryByRole('table', { name: 'API incidents' })).not.toBeInTheDocument());
    expect(await screen.findByText('Unauthrized')).toBeInTheDocument();
  });
});
