import type { TruckloadConfirmationView } from '@freight/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_KEY } from '../../../lib/authState';
import i18n from '../../../lib/i18n';
import { jsonResponse } from '../../../test/fixtures';
import { renderApp, stubApi } from '../../../test/renderApp';

const place = {
  contact: 'Ann Lee',
  phone: '(312) 555-0101',
  street2: '',
  country: 'US' as const,
  interior_number: '',
  exterior_number: '',
  neighborhood: '',
  opens_at: '08:00',
  closes_at: '16:00',
};
const VIEW: TruckloadConfirmationView = {
  bol_number: '12345678901234567',
  pro_number: '1000000123',
  pickup_number: 'PU123',
  status: 'pending',
  carrier_name: 'Dakota Van Lines',
  scac: 'DVLN',
  equipment_type: 'reefer',
  equipment_name: 'Reefer',
  pickup_date: '2026-11-30',
  ready_time: '09:00',
  close_time: '17:00',
  delivery_date: '2026-12-02',
  delivery_appointment: true,
  estimated_delivery: '2026-12-02',
  pickup: { ...place, company: 'Acme Chicago Dock', street1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', postal_code: '60606' },
  delivery: { ...place, company: 'Dallas Receiving LLC', street1: '2200 Ross Ave', city: 'Dallas', state: 'TX', postal_code: '75201' },
  stops: [
    {
      kind: 'drop',
      place: { ...place, company: 'Circle City Foods', street1: '1 Monument Cir', city: 'Indianapolis', state: 'IN', postal_code: '46204' },
      date: '2026-12-01',
      appointment: false,
      time_from: '13:00',
      time_to: '15:00',
    },
  ],
  reference_type: 'po_number',
  reference_number: 'PO-4471',
  references: [
    { type: 'po_number', value: 'PO-4471' },
    { type: 'so_number', value: 'SO-2290' },
  ],
  pieces: 20,
  weight_lb: 8000,
  hazardous: true,
  notes: 'Call before arrival',
};
const TOKEN = 'a1b2c3d4-0000-4000-8000-000000000001.0123456789abcdef0123456789abcdef';

function renderConfirmation(path: string) {
  const fetchMock = stubApi({});
  fetchMock.mockImplementation(async (input: string) =>
    input === `/api/public/truckload-confirmations/${encodeURIComponent(TOKEN)}`
      ? jsonResponse(200, { data: VIEW })
      : input.startsWith('/api/public/truckload-confirmations/')
        ? jsonResponse(404, { code: 'not_found', message: 'Not found.' })
        : jsonResponse(401, { message: 'Unauthenticated.' }),
  );
  return renderApp(path);
}

describe('truckload confirmation page (public)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the load, the carrier and equipment, both places and the appointment, with no prices, to a visitor', async () => {
    renderConfirmation(`/truckload-confirmation/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'BOL 12345678901234567' })).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    for (const expected of [
      'Truckload Confirmation',
      'Dakota Van Lines (DVLN) · Reefer',
      'By appointment on Dec 2, 2026',
      'Acme Chicago Dock',
      '233 S Wacker Dr',
      'Ann Lee · (312) 555-0101',
      'Hours 8:00 AM–4:00 PM',
      '9:00 AM–5:00 PM',
      'Dallas Receiving LLC',
      'Stop 1 · Extra drop',
      'Circle City Foods',
      'Indianapolis, IN 46204',
      'Dec 1, 2026, 1:00 PM–3:00 PM',
      'PO NumberPO-4471',
      'SO NumberSO-2290',
      '8,000 lb',
      'Hazardous materials',
      'Call before arrival',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/\$/);
    expect(screen.getByRole('link', { name: 'Track this shipment' })).toHaveAttribute('href', '/track-shipment?number=12345678901234567');
  });

  it('says so when the link is not one, in Spanish too', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'es');
    await act(() => i18n.changeLanguage('es'));
    renderConfirmation('/truckload-confirmation/not-a-link');
    expect(await screen.findByText('Este enlace de confirmación no funciona')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Confirmación de camión completo' })).toBeInTheDocument();
  });
});
