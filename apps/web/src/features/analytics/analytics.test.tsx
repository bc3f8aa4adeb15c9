import type { AnalyticsGroup, AnalyticsReport } from '@freight/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../lib/authState';
import i18n from '../../lib/i18n';
import { makeUser, setCookie, TEST_ACCOUNT } from '../../test/fixtures';
import { renderApp, stubApi } from '../../test/renderApp';

const onTime = (on_time: number, measured: number) => ({
  on_time,
  measured,
  share_bp: measured ? Math.round((on_time * 10_000) / measured) : null,
});
const group = (key: string, label: string, spend: number): AnalyticsGroup => ({
  key,
  label,
  shipments: 2,
  spend_cents: spend,
  weight_lb: 2_340,
  pallets: 5,
  cost_per_shipment_cents: spend / 2,
  cost_per_cwt_cents: 3_462,
  cost_per_100kg_cents: 7_632,
  cost_per_pallet_cents: 16_200,
  on_time_pickup: onTime(2, 2),
  on_time_delivery: onTime(1, 2),
  transit_measured: 2,
  avg_transit_tenths: 25,
  avg_quoted_transit_tenths: 20,
  accuracy: { shipments: 2, corrected: 1, reweighed: 1, reclassed: 0, share_bp: 5_000, amount_cents: 6_000 },
});

const REPORT: AnalyticsReport = {
  period: { from: '2026-11-01', to: '2026-11-26' },
  previous: { from: '2026-10-06', to: '2026-10-31', shipments: 1, spend_cents: 40_000 },
  currency: 'USD',
  currencies: [
    { currency: 'CAD', shipments: 1 },
    { currency: 'USD', shipments: 3 },
  ],
  totals: {
    ...group('all', 'all', 86_000),
    shipments: 3,
    cost_per_shipment_cents: 28_667,
    accuracy: { shipments: 3, corrected: 1, reweighed: 1, reclassed: 0, share_bp: 3_333, amount_cents: 6_000 },
    on_time_pickup: onTime(2, 3),
    savings_measured: 1,
    savings_cents: 7_000,
  },
  trend: { step: 'day', points: [{ bucket: '2026-11-26', shipments: 2, spend_cents: 81_000 }] },
  by_mode: [group('ltl', 'ltl', 81_000)],
  by_carrier: [group('c-odfl', 'Old Dominion Freight Line', 81_000)],
  top_lanes: [group('IL-GA', 'IL → GA', 81_000)],
  accessorials: [{ kind: 'liftgate_delivery', label: 'Liftgate delivery', amount_cents: 7_500, shipments: 1 }],
  options: { carriers: [{ id: 'c-odfl', name: 'Old Dominion Freight Line' }], users: [], origins: ['IL'], destinations: ['GA'] },
};

function signedIn(table: Record<string, unknown>, unitSystem: 'imperial' | 'metric' = 'imperial', language: 'en' | 'es' = 'en') {
  const user = makeUser([], { account: TEST_ACCOUNT });
  user.settings = { ...user.settings, unit_system: unitSystem, language };
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({ 'GET /api/user': { data: user }, ...table });
}

describe('Analytics', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows each figure as a link to its shipments, the same figures in tables, and asks with the URL', async () => {
    const fetchMock = signedIn({ 'GET /api/analytics': { data: REPORT } });
    renderApp('/analytics?carrier_id=c-odfl');
    const figures = await screen.findByTestId('analytics-figures');
    expect(within(figures).getByRole('link', { name: 'Spend: $860.00' })).toHaveAttribute(
      'href',
      '/my-shipments?carrier_id=c-odfl&period=custom&from=2026-11-01&to=2026-11-26&currency=USD&figure=shipments',
    );
    expect(within(figures).getByText('+115% against the 26 days before')).toBeInTheDocument();
    expect(within(figures).getByRole('link', { name: 'Cost per hundredweight (100 lb): $34.62' })).toBeInTheDocument();
    expect(within(figures).getByRole('link', { name: 'On-time delivery: 50%' })).toBeInTheDocument();
    expect(within(figures).getByRole('link', { name: 'See the 1 delivered late' })).toHaveAttribute(
      'href',
      '/my-shipments?carrier_id=c-odfl&period=custom&from=2026-11-01&to=2026-11-26&currency=USD&figure=delivered_late',
    );
    expect(within(figures).getByRole('link', { name: 'Invoice accuracy: 33.3%' })).toBeInTheDocument();
    expect(within(figures).getByText('1 reweighed or reclassed, $60.00 in adjustments')).toBeInTheDocument();
    expect(within(figures).getByRole('link', { name: 'Savings against the highest quote: $70.00' })).toBeInTheDocument();
    expect(screen.getByTestId('analytics-range')).toHaveTextContent('Shipments booked in other currencies are counted apart: CAD (1).');

    const carriers = screen.getByRole('table', { name: 'By carrier: service and invoice accuracy' });
    const row = within(carriers).getByRole('row', { name: /Old Dominion/ });
    expect(row).toHaveTextContent(/\$810\.00.*\$405\.00.*100% \(2 of 2\).*50% \(1 of 2\).*2\.5 \(2\)/);
    expect(within(row).getByRole('link', { name: /^50% \(1 of 2\): 1 delivered late/ })).toHaveAttribute(
      'href',
      '/my-shipments?carrier_id=c-odfl&period=custom&from=2026-11-01&to=2026-11-26&currency=USD&figure=delivered_late',
    );
    const accessorials = screen.getByRole('table', { name: 'Accessorials by kind' });
    expect(within(accessorials).getByRole('link', { name: /^1: 1 shipments of Liftgate delivery/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/kind=liftgate_delivery.*figure=accessorial/),
    );
    const asked = String(fetchMock.mock.calls.find((c) => String(c[0]).startsWith('/api/analytics'))?.[0]);
    expect(asked).toContain('carrier_id=c-odfl');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'custom');
    expect(await screen.findByLabelText('Pickup from')).toHaveValue('2026-11-01');
  });

  it('reads per 100 kg in metric units, and in Spanish', async () => {
    signedIn({ 'GET /api/analytics': { data: REPORT } }, 'metric', 'es');
    await act(() => i18n.changeLanguage('es'));
    renderApp('/analytics');
    const figures = await screen.findByTestId('analytics-figures');
    expect(within(figures).getByRole('link', { name: /^Costo por 100 kg: / })).toBeInTheDocument();
    expect(within(figures).getByRole('link', { name: /^Peso: 1,061\.4\skg$/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Servicios adicionales por tipo' })).toBeInTheDocument();
  });

  it('narrows My Shipments to a figure’s shipments, says which, and leads back', async () => {
    const fetchMock = signedIn({
      'GET /api/analytics/shipments': { data: [], meta: { total: 0, page: 1, per_page: 25, last_page: 1, capped: false } },
    });
    renderApp('/my-shipments?carrier_id=c-odfl&period=custom&from=2026-11-01&to=2026-11-26&currency=USD&figure=delivered_late');
    const notice = await screen.findByTestId('analytics-drill');
    expect(notice).toHaveTextContent('Delivered late');
    expect(within(notice).getByRole('link', { name: 'Back to Analytics' })).toHaveAttribute(
      'href',
      '/analytics?period=custom&from=2026-11-01&to=2026-11-26&carrier_id=c-odfl&currency=USD',
    );
    const asked = String(fetchMock.mock.calls.find((c) => String(c[0]).startsWith('/api/analytics/shipments'))?.[0]);
    expect(asked).toContain('figure=delivered_late');
    expect(asked).toContain('carrier_id=c-odfl');
  });
});
