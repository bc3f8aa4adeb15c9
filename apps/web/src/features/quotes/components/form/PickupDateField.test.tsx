import type { FirstPickupDate } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../../app/providers';
import { AUTH_STATE_KEY } from '../../../../lib/authState';
import i18n from '../../../../lib/i18n';
import { makeUser } from '../../../../test/fixtures';
import { stubApi } from '../../../../test/stubApi';
import { ShipmentForm } from '.';
import { skippedDaysText } from './PickupDateField';

/** The server's answers on the day before Thanksgiving: Chicago, and Toronto (no US holidays there). */
const THANKSGIVING: FirstPickupDate = {
  date: '2026-11-30',
  skipped: [
    { date: '2026-11-26', reason: 'holiday', holiday: 'Thanksgiving Day' },
    { date: '2026-11-27', reason: 'holiday', holiday: 'Day after Thanksgiving' },
    { date: '2026-11-28', reason: 'weekend' },
    { date: '2026-11-29', reason: 'weekend' },
  ],
  cutoff: '14:00',
  expires_at: '2026-11-25T20:00:00.000Z',
};
const TORONTO: FirstPickupDate = { date: '2026-11-26', skipped: [], cutoff: '14:00', expires_at: '2026-11-25T19:00:00.000Z' };

function stubProposals() {
  return stubApi({
    'GET /api/pickup-dates/first': (url: string) => {
      const country = new URL(url, 'http://x').searchParams.get('country');
      return new Response(JSON.stringify({ data: country === 'CA' ? TORONTO : THANKSGIVING }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
}

function renderForm() {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(makeUser([], { settings: { ...DEFAULT_SETTINGS } })));
  const onEdit = vi.fn();
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter>
        <ShipmentForm kind="ltl_parcel" busy={false} onSubmit={vi.fn()} onEdit={onEdit} />
      </MemoryRouter>
    </Providers>,
  );
  return { onEdit };
}

const dateInput = () => screen.getByLabelText(/^Pickup date/) as HTMLInputElement;

afterEach(async () => {
  localStorage.clear();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the pickup date', () => {
  it("is the server's proposal, with why nearer days are skipped, and follows the origin until the user types one", async () => {
    const fetch = stubProposals();
    const { onEdit } = renderForm();
    await waitFor(() => expect(dateInput().value).toBe('2026-11-30'));
    expect(screen.getByText(/Thursday 26 is Thanksgiving Day\. Friday 27 is Day after Thanksgiving\./)).toBeInTheDocument();
    // The proposal is the form's own value, not an edit that would mark rates stale.
    expect(onEdit).not.toHaveBeenCalled();
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/pickup-dates/first?country=US');

    const u = userEvent.setup({ delay: null });
    await u.selectOptions(screen.getByLabelText(/^Pickup country/), 'CA');
    await waitFor(() => expect(dateInput().value).toBe('2026-11-26'));
    expect(screen.queryByText(/Thanksgiving/)).not.toBeInTheDocument();

    fireEvent.change(dateInput(), { target: { value: '2026-12-03' } });
    await u.selectOptions(screen.getByLabelText(/^Pickup country/), 'US');
    // The US answer is known already (kept a minute): it would apply at once, but the typed date stays.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(dateInput().value).toBe('2026-12-03');
    expect(screen.queryByText(/Thanksgiving/)).not.toBeInTheDocument();
  });

  it("says it in Spanish, in the reader's date words", async () => {
    const t = i18n.getFixedT('es');
    expect(skippedDaysText(THANKSGIVING, 'es', t)).toBe('Jueves 26 es Thanksgiving Day. Viernes 27 es Day after Thanksgiving.');
    const es = { ...THANKSGIVING, skipped: [{ date: '2026-11-26', reason: 'holiday' as const, holiday: 'Acción de Gracias' }] };
    expect(skippedDaysText(es, 'es', t)).toBe('Jueves 26 es Acción de Gracias.');
    const late = { ...TORONTO, skipped: [{ date: '2026-11-26', reason: 'cutoff' as const }] };
    expect(skippedDaysText(late, 'en', i18n.getFixedT('en'))).toBe(
      'Thursday 26 is too soon: pickups are booked by 2:00 PM on the business day before.',
    );
    expect(skippedDaysText(late, 'es', t)).toBe(
      'Jueves 26 es muy pronto: las recolecciones se reservan antes de las 14:00 del día hábil anterior.',
    );
  });
});
