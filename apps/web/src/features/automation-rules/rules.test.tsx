import type { AutomationRuleView } from '@freight/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../lib/authState';
import { makeUser, setCookie } from '../../test/fixtures';
import { renderApp, stubApi } from '../../test/renderApp';

const rule = (over: Partial<AutomationRuleView>): AutomationRuleView => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'High-value shipments insured',
  position: 1,
  enabled: true,
  conditions: [{ field: 'order_value_cents', op: 'gte', value: 250_000 }],
  actions: { insurance: 'insured' },
  updated_at: '2026-12-01T10:00:00Z',
  ...over,
});

const RULES = [
  rule({}),
  rule({
    id: '00000000-0000-4000-8000-000000000002',
    name: 'Light residential to parcel',
    position: 2,
    enabled: false,
    conditions: [{ field: 'weight_lb', op: 'lt', value: 1_500 }],
    actions: { mode: 'parcel' },
  }),
];

function signedIn(language: 'en' | 'es') {
  const user = makeUser([], {});
  user.settings = { ...user.settings, language };
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  stubApi({ 'GET /api/user': { data: user }, 'GET /api/automation-rules': { data: RULES } });
}

describe('Settings > Rules', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says beside each switch whether its rule is on, and writes the rule's numbers in the reader's way", async () => {
    signedIn('en');
    renderApp('/settings/rules');
    const on = await screen.findByRole('switch', { name: 'Rule High-value shipments insured on' });
    expect(on).toBeChecked();
    const off = screen.getByRole('switch', { name: 'Rule Light residential to parcel off' });
    expect(off).not.toBeChecked();
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first as HTMLElement).getByText('On')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('Off')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText(/Order value at least 2,500\.00 in your currency/)).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText(/Total weight under 1,500 lb/)).toBeInTheDocument();
  });

  it('in Spanish', async () => {
    signedIn('es');
    renderApp('/settings/rules');
    expect(await screen.findByRole('switch', { name: 'Regla Light residential to parcel inactiva' })).not.toBeChecked();
    expect(screen.getByText('Inactiva')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Regla High-value shipments insured activa' })).toBeChecked();
  });
});
