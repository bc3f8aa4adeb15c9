import type { StaffCarrierDetail, TariffPreview } from '@freight/contracts';
import { DEMO_LTL_TARIFF } from '@freight/domain/rating/ltl-tariff';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUSY_WAIT } from '../../../../test/busyWait';
import { jsonResponse } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/renderApp';
import { sentBody, signInStaff } from '../../testStaff';

const carrier: StaffCarrierDetail = {
  id: 'c1',
  name: 'Demo Truckload',
  scac: 'DTLX',
  mode: 'truckload',
  active: true,
  quotes_last_week: 40,
  quotes_won_last_week: 10,
  open_incidents: 2,
  tracking: 'signed_events',
  version_in_force: 1,
  has_draft: false,
  next_effective_date: null,
  quoting_paused_at: null,
  quoting_pause_reason: null,
  draft_impact: null,
  versions: [
    {
      id: 'v1',
      number: 1,
      state: 'published',
      effective_date: '2026-01-01',
      in_force: true,
      note: 'Initial tariff',
      restored_from_number: null,
      created_by: null,
      created_at: '2026-01-01T00:00:00Z',
      published_by: null,
      published_at: '2026-01-01T00:00:00Z',
    },
  ],
};
const tariff = {
  linehaul_cents_per_mile: 163,
  fuel_base_price_cents_per_gal: 125,
  mpg: 6,
  minimum_cents: 50_000,
  stop_off_cents: 7_500,
  team_cents_per_mile: 25,
  solo_miles_per_day: 500,
  team_miles_per_day: 1_000,
};
const preview: TariffPreview = {
  quotes: 1,
  old_total_cents: 200_000,
  new_total_cents: 220_000,
  difference_cents: 20_000,
  no_longer_rated: 0,
  newly_rated: 0,
  lines: [
    {
      quote_id: 'q1',
      created_at: '2026-11-20T10:00:00Z',
      lane: '60601 US → 30303 US',
      load: '10 × 20000 lb',
      old_cents: 200_000,
      new_cents: 220_000,
      difference_cents: 20_000,
    },
  ],
  impact: {
    quotes: 1,
    compared: 1,
    average_change_cents: 20_000,
    largest_change_cents: 20_000,
    total_change_bp: 1_000,
    no_longer_rated: 0,
    newly_rated: 0,
    previewed_at: '2026-11-24T09:00:00Z',
  },
};

describe('Carriers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists carriers with last week share, incidents, tracking and tariff state', async () => {
    signInStaff(['super_admin'], {
      'GET /api/admin/carriers': { data: [{ ...carrier, has_draft: true, next_effective_date: '2026-12-01' }] },
    });
    renderApp('/admin/carriers');
    const table = await screen.findByRole('table', { name: "Every carrier the portal rates, with last week's quotes" });
    const row = within(table).getByRole('row', { name: /Demo Truckload/ });
    expect(row).toHaveTextContent('10 of 40 (25%)');
    expect(row).toHaveTextContent('Signed events');
    expect(row).toHaveTextContent('Version 1');
    expect(row).toHaveTextContent('Draft waiting');
  });

  it("shows a paused carrier's reason and since when, and resumes it by hand", async () => {
    const paused = {
      ...carrier,
      quoting_paused_at: '2026-11-24T15:30:00Z',
      quoting_pause_reason: { kind: 'timeouts' as const, failures: 9, calls: 12, window_seconds: 300 },
    };
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/carriers': { data: [paused] },
      'GET /api/admin/carriers/c1': { data: paused },
      'POST /api/admin/carriers/c1/resume-quoting': { data: carrier },
    });
    renderApp('/admin/carriers');
    const table = await screen.findByRole('table', { name: "Every carrier the portal rates, with last week's quotes" });
    const row = within(table).getByRole('row', { name: /Demo Truckload/ });
    expect(row).toHaveTextContent('Quoting paused');
    expect(row).toHaveTextContent('9 of its 12 rate calls within 5 minutes got no answer in time.');
    expect(row).toHaveTextContent(/Since .*2026/);

    await userEvent.click(within(row).getByRole('link', { name: 'Demo Truckload' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Quoting paused since .*2026/);
    expect(alert).toHaveTextContent('Every minute one quote asks it again');
    await userEvent.click(within(alert).getByRole('button', { name: 'Resume quoting' }));
    expect(await screen.findByText('Demo Truckload quotes again')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((c) => String(c[0]) === '/api/admin/carriers/c1/resume-quoting')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Resume quoting' })).not.toBeInTheDocument();
  });

  it('edits a draft in dollars, sends cents, shows the server field errors, previews and publishes after confirming the impact', async () => {
    let saves = 0;
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/carriers/c1': { data: carrier },
      'GET /api/admin/carriers/c1/draft/new': { data: { mode: 'truckload', tariff, fuel_bp: 0, based_on: 1 } },
      'PUT /api/admin/carriers/c1/draft': () =>
        ++saves === 1
          ? jsonResponse(422, {
              message: 'The given data was invalid.',
              code: 'validation',
              errors: { 'tariff.minimum_cents': ['This value is too large'] },
            })
          : jsonResponse(200, {
              data: {
                ...carrier,
                has_draft: true,
                versions: [
                  { ...carrier.versions[0], id: 'v2', number: 2, state: 'draft', in_force: false, effective_date: null },
                  ...carrier.versions,
                ],
              },
            }),
      'POST /api/admin/carriers/c1/draft/preview': { data: preview },
      'POST /api/admin/carriers/c1/draft/publish': { data: { ...carrier, version_in_force: 2 } },
    });
    renderApp('/admin/carriers/c1');
    await userEvent.click(await screen.findByRole('button', { name: 'Change the tariff' }));
    const draft = await screen.findByRole('region', { name: 'Draft' });
    const linehaul = within(draft).getByLabelText('Linehaul per mile (dry van, before fuel)');
    expect(linehaul).toHaveValue('$1.63');
    await userEvent.clear(linehaul);
    await userEvent.type(linehaul, '1.8');
    await userEvent.click(within(draft).getByRole('button', { name: 'Save draft' }));
    expect(await within(draft).findByText('This value is too large')).toBeInTheDocument();
    await userEvent.click(within(draft).getByRole('button', { name: 'Save draft' }));
    const lastCall = (url: string) => fetchMock.mock.calls.map((c) => String(c[0])).lastIndexOf(url);
    const put = lastCall('/api/admin/carriers/c1/draft');
    expect(sentBody(fetchMock, put)).toMatchObject({ mode: 'truckload', tariff: { linehaul_cents_per_mile: 180, minimum_cents: 50_000 } });
    expect(await within(draft).findByText(/Preview the difference before publishing/)).toBeInTheDocument();
    expect(within(draft).queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    await userEvent.click(await within(draft).findByRole('button', { name: 'Preview the difference' }));
    const shown = await screen.findByRole('region', { name: 'Preview: the draft against the tariff in force' });
    expect(shown).toHaveTextContent('1 recent quote re-rated: $2,000.00 today, $2,200.00 with the draft (+$200.00, +10%)');
    await userEvent.click(within(draft).getByRole('button', { name: 'Publish' }));
    const confirm = await screen.findByRole('dialog', { name: /Publish version/ });
    const impact = within(confirm).getByTestId('publish-impact');
    expect(impact).toHaveTextContent('1 recent quote re-rated');
    expect(impact).toHaveTextContent('Average change per quote: +$200.00');
    expect(impact).toHaveTextContent('Largest change: +$200.00');
    expect(impact).toHaveTextContent('Change in total: +10%');
    expect(fetchMock.mock.calls.some((c) => String(c[0]).endsWith('/draft/publish'))).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some((c) => String(c[0]).endsWith('/draft/publish'))).toBe(true), BUSY_WAIT);
    const publish = lastCall('/api/admin/carriers/c1/draft/publish');
    expect(sentBody(fetchMock, publish)).toHaveProperty('effective_date');
  });

  it('opens the LTL sections whose figures the server refuses, and ties the error of a whole list to its table', async () => {
    const ltl: StaffCarrierDetail = { ...carrier, id: 'c2', name: 'Demo LTL', mode: 'ltl' };
    signInStaff(['super_admin'], {
      'GET /api/admin/carriers/c2': { data: ltl },
      'GET /api/admin/carriers/c2/draft/new': { data: { mode: 'ltl', tariff: DEMO_LTL_TARIFF, fuel_bp: 0, based_on: 1 } },
      'PUT /api/admin/carriers/c2/draft': () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          code: 'validation',
          errors: { 'tariff.distance_bands': ['At most 20 bands.'], 'tariff.fuel.heavy_multiplier': ['This value is too large'] },
        }),
    });
    renderApp('/admin/carriers/c2');
    await userEvent.click(await screen.findByRole('button', { name: 'Change the tariff' }));
    const draft = await screen.findByRole('region', { name: 'Draft' });
    await userEvent.click(within(draft).getByRole('button', { name: 'Save draft' }));
    const bands = await within(draft).findByRole('table', { description: 'At most 20 bands.' });
    expect(within(draft).getByRole('button', { name: 'Distance bands' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(draft).getByRole('button', { name: /^Fuel surcharge table/ })).toHaveAttribute('aria-expanded', 'true');
    expect(within(draft).getByLabelText(/^Heavy column ×/)).toHaveAccessibleDescription('This value is too large');
    // The first field in error, in the page's order: the bands' table, at its first figure.
    await vi.waitFor(() => expect(within(bands).getAllByRole('textbox')[0]).toHaveFocus(), BUSY_WAIT);
  });
});
