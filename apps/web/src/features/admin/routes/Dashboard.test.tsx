import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { makeDashboard, signInStaff } from '../testStaff';

describe('the dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows today's and the month's figures, each opening the list behind it", async () => {
    signInStaff(['fpg_sales'], { 'GET /api/admin/dashboard': { data: makeDashboard() } });
    renderApp('/admin/dashboard');
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(today).toHaveTextContent('50 %');
    expect(screen.getAllByRole('link', { name: 'Bookings: 2' })[0]).toHaveAttribute(
      'href',
      '/admin/shipments?created_from=2026-11-22&created_to=2026-11-22',
    );
    expect(screen.getByRole('link', { name: 'Accounts on credit hold: 1' })).toHaveAttribute('href', '/admin/accounts?status=credit_hold');
    expect(screen.getByRole('link', { name: 'Action Required: 0' })).toHaveAttribute('href', '/admin/shipments?action_required=1');
    // The lists below the figures come a paint after them.
    expect(await screen.findByRole('link', { name: '2' })).toHaveAttribute(
      'href',
      '/admin/shipments?created_from=2026-11-01&status=in_transit',
    );
    expect(screen.getByRole('link', { name: /LTL: \$1,250\.00/ })).toHaveAttribute(
      'href',
      // Revenue leaves canceled bookings out, and so does the list it opens.
      '/admin/shipments?created_from=2026-11-01&mode=ltl&exclude_canceled=1',
    );
    expect(screen.getByText('Days in Central Time (America/Chicago)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Carrier incidents: 0' })).toHaveAttribute(
      'href',
      '/admin/incidents?from=2026-11-22&to=2026-11-22',
    );
    expect(screen.getByText('No shipment waits on a shipper.')).toBeInTheDocument();
  });

  it('names the carriers paused from quoting, since when and why; their page opens for super_admin only', async () => {
    const view = {
      ...makeDashboard(),
      paused_carriers: [
        {
          id: 'c1',
          name: 'FedEx Ground',
          scac: 'FDEG',
          paused_at: '2026-11-24T15:30:00Z',
          reason: { kind: 'errors' as const, failures: 9, calls: 12, window_seconds: 300 },
        },
      ],
    };
    signInStaff(['super_admin'], { 'GET /api/admin/dashboard': { data: view } });
    const { unmount } = renderApp('/admin/dashboard');
    const paused = await screen.findByRole('region', { name: '1 carrier paused from quoting' });
    expect(paused).toHaveTextContent('9 of its 12 rate calls within 5 minutes failed.');
    expect(paused).toHaveTextContent(/FDEG · Since .*2026/);
    expect(screen.getByRole('link', { name: 'FedEx Ground' })).toHaveAttribute('href', '/admin/carriers/c1');
    unmount();

    signInStaff(['fpg_ops'], { 'GET /api/admin/dashboard': { data: view } });
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('region', { name: '1 carrier paused from quoting' })).toHaveTextContent('FedEx Ground');
    expect(screen.queryByRole('link', { name: 'FedEx Ground' })).not.toBeInTheDocument();
  });

  it('asks for the open disputes beside the figures but draws them below the figures once those are in, so nothing is pushed down', async () => {
    let answerFigures: () => void = () => undefined;
    const figures = new Promise<Response>((resolve) => {
      answerFigures = () => resolve(jsonResponse(200, { data: makeDashboard() }));
    });
    const fetchMock = signInStaff(['super_admin'], { 'GET /api/admin/dashboard': () => figures, 'GET /api/admin/disputes': { data: [] } });
    renderApp('/admin/dashboard');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/admin/disputes'))).toBe(true));
    expect(screen.queryByTestId('open-disputes')).not.toBeInTheDocument();
    answerFigures();
    expect(await screen.findByTestId('open-disputes')).toHaveTextContent('Open invoice disputes');
    expect(await screen.findByRole('region', { name: 'Today' })).toBeInTheDocument();
  });
});
