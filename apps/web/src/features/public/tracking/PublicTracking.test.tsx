import type { PublicTrackingView } from '@freight/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../../../components/tracking/testShipments';
import { LANGUAGE_KEY } from '../../../lib/authState';
import i18n from '../../../lib/i18n';
import { jsonResponse } from '../../../test/fixtures';
import { renderGuestPage, stubApi } from '../../../test/renderApp';
import { IN_TRANSIT_VIEW } from './testTrackingView';

const { reason_code: _r, ...event } = makeEvent();
const VIEW: PublicTrackingView = {
  ...IN_TRANSIT_VIEW,
  events: [
    {
      ...event,
      status: 'dispatched',
      status_code: 'AF',
      description: 'Picked up',
      city: 'Chicago',
      state: 'IL',
      occurred_at: '2026-03-10T20:00:00Z',
      local_time: '2026-03-10T14:00',
    },
    event,
  ],
};

function renderPublic(path: `/track-shipment${string}`, lookup: (number: string) => Response) {
  const fetchMock = stubApi({});
  fetchMock.mockImplementation(async (input: string) => {
    const m = /^\/api\/public\/tracking\/([^?]+)$/.exec(input);
    if (m) return lookup(decodeURIComponent(m[1] as string));
    return jsonResponse(401, { message: 'Unauthenticated.' });
  });
  const app = renderGuestPage(path);
  const lookups = () => fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/public/tracking/'));
  return { ...app, lookups };
}

describe('public tracking page', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('looks a number up, puts it in the URL and shows status, carrier, route, dates and the timeline', async () => {
    const { lookups } = renderPublic('/track-shipment', (n) =>
      n === 'FP00012345' ? jsonResponse(200, { data: VIEW }) : jsonResponse(404, {}),
    );
    expect(await screen.findByRole('heading', { name: 'Track a Shipment' })).toBeInTheDocument();
    expect(lookups()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByText('Enter a BOL, PRO or tracking number')).toBeInTheDocument();
    expect(lookups()).toEqual([]);

    await userEvent.type(screen.getByLabelText(/Tracking number/), ' FP00012345 {Enter}');
    await waitFor(() => expect(window.location.search).toBe('?number=FP00012345'));
    expect(await screen.findByRole('heading', { name: 'Shipment FP00012345' })).toBeInTheDocument();
    expect(lookups()).toEqual(['/api/public/tracking/FP00012345']);
    const result = screen.getByRole('region', { name: 'Shipment FP00012345' });
    expect(result).toHaveTextContent('In-Transit');
    expect(result).toHaveTextContent('Saia');
    expect(result).toHaveTextContent('Chicago, IL');
    expect(result).toHaveTextContent('Atlanta, GA');
    expect(result).toHaveTextContent('Pickup dateMar 10, 2026');
    expect(result).toHaveTextContent('Estimated deliveryMar 13, 2026');
    const times = [...result.querySelectorAll('time')].map((t) => t.textContent);
    expect(times).toEqual(['Mar 11, 2026, 2:05 PM local time', 'Mar 10, 2026, 2:00 PM local time']);
    // Nothing a stranger should not see: no money, no streets.
    expect(result.textContent).not.toMatch(/\$|Madison/);
  });

  it('looks up the number in the URL at once (a shared link)', async () => {
    const { lookups } = renderPublic('/track-shipment?number=FP00012345', () =>
      jsonResponse(200, { data: { ...VIEW, status: 'delivered', delivered_at: '2026-03-13T16:45:00Z' } }),
    );
    expect(await screen.findByRole('heading', { name: 'Shipment FP00012345' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Tracking number/)).toHaveValue('FP00012345');
    expect(screen.getByRole('region', { name: 'Shipment FP00012345' })).toHaveTextContent('Delivered');
    expect(screen.queryByText('Estimated delivery')).not.toBeInTheDocument();
    expect(lookups()).toHaveLength(1);
  });

  it('says when no shipment has the number (404)', async () => {
    renderPublic('/track-shipment?number=NOPE1', () => jsonResponse(404, { code: 'not_found', message: 'Not found.' }));
    expect(await screen.findByText('We could not find a shipment with this number. Check the number and try again.')).toBeInTheDocument();
  });

  it('says how long to wait after too many lookups (429)', async () => {
    renderPublic('/track-shipment?number=FP1', () =>
      jsonResponse(429, { code: 'too_many_requests', message: 'Too many requests.', retry_after: 42 }, { 'Retry-After': '42' }),
    );
    expect(await screen.findByText('Too many lookups. Please try again in 42 seconds.')).toBeInTheDocument();
  });

  it('follows back and forward, and never shows a late answer under another number', async () => {
    const answers = new Map<string, (r: Response) => void>();
    const { lookups } = renderPublic('/track-shipment?number=FP00012345', () => jsonResponse(200, { data: VIEW }));
    expect(await screen.findByRole('heading', { name: 'Shipment FP00012345' })).toBeInTheDocument();
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementation(
      (input) =>
        new Promise<Response>((resolve) => {
          answers.set(String(input), resolve);
        }),
    );
    const box = screen.getByLabelText(/Tracking number/);
    await userEvent.clear(box);
    await userEvent.type(box, 'FP2{Enter}');
    await waitFor(() => expect(window.location.search).toBe('?number=FP2'));
    expect(screen.queryByRole('heading', { name: /^Shipment / })).not.toBeInTheDocument();

    // Back to the first number before FP2 answers: the box and the lookup follow the URL.
    act(() => window.history.back());
    await waitFor(() => expect(screen.getByLabelText(/Tracking number/)).toHaveValue('FP00012345'));
    act(() => answers.get('/api/public/tracking/FP2')?.(jsonResponse(200, { data: { ...VIEW, number: 'FP2' } })));
    act(() => answers.get('/api/public/tracking/FP00012345')?.(jsonResponse(200, { data: VIEW })));
    expect(await screen.findByRole('heading', { name: 'Shipment FP00012345' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Shipment FP2' })).not.toBeInTheDocument();
    expect(lookups()).toEqual(['/api/public/tracking/FP00012345', '/api/public/tracking/FP2', '/api/public/tracking/FP00012345']);
  });

  it('speaks Spanish', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'es');
    await act(() => i18n.changeLanguage('es'));
    renderPublic('/track-shipment?number=NOPE1', () => jsonResponse(404, {}));
    expect(await screen.findByRole('heading', { name: 'Rastrear un envío' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Número de rastreo/)).toHaveValue('NOPE1');
    expect(screen.getByRole('button', { name: 'Rastrear' })).toBeInTheDocument();
    expect(
      await screen.findByText('No pudimos encontrar un envío con este número. Verifique el número e inténtelo de nuevo.'),
    ).toBeInTheDocument();
  });

  it("words the portal's own events in Spanish and keeps a carrier's text as it came", async () => {
    localStorage.setItem(LANGUAGE_KEY, 'es');
    await act(() => i18n.changeLanguage('es'));
    const view: PublicTrackingView = {
      ...VIEW,
      events: [
        ...VIEW.events,
        { ...event, status_code: 'X6', description: 'Out for delivery', occurred_at: '2026-03-12T14:00:00Z' },
        { ...event, status_code: 'X4', description: '', occurred_at: '2026-03-12T08:00:00Z' },
      ],
    };
    renderPublic('/track-shipment?number=FP00012345', () => jsonResponse(200, { data: view }));
    const result = await screen.findByRole('region', { name: 'Envío FP00012345' });
    expect(result).toHaveTextContent('En ruta de entrega');
    expect(result).toHaveTextContent('Recolectado');
    expect(result).toHaveTextContent('Llegó a la terminal');
    expect(result).toHaveTextContent('En route to destination');
    expect(result.textContent).not.toMatch(/Out for delivery|Picked up/);
  });
});
