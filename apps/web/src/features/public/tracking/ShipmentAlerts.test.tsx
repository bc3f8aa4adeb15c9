import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_KEY } from '../../../lib/authState';
import i18n from '../../../lib/i18n';
import { jsonResponse } from '../../../test/fixtures';
import { renderGuestPage, stubApi } from '../../../test/renderApp';
import alertsEn from '../locales/consignee-alerts.en.json';
import alertsEs from '../locales/consignee-alerts.es.json';
import { IN_TRANSIT_VIEW } from './testTrackingView';

const VIEW = IN_TRANSIT_VIEW;
const SUBSCRIBE = 'POST /api/public/tracking/FP00012345/alert-subscriptions';

type Handler = (input: string, init?: RequestInit) => Response | Promise<Response>;
function renderPage(path: `/track-shipment${string}`, table: Record<string, Handler | unknown>, view = VIEW) {
  const fetchMock = stubApi({ 'GET /api/public/tracking/FP00012345': { data: view }, ...table });
  renderGuestPage(path);
  const bodies = (key: string) =>
    fetchMock.mock.calls
      .filter(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}` === key)
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
  return { bodies };
}
const form = async () => screen.findByRole('region', { name: 'Get alerts for this shipment by email' });

describe("the email alerts' own words", () => {
  // The test setup loads every first-visit and screen catalog, not a chunk's own: this one is checked here.
  it('word every English key in Spanish, none empty', () => {
    const en = alertsEn.public_tracking.alerts;
    const es: Record<string, string> = alertsEs.public_tracking.alerts;
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    expect(Object.entries(es).filter(([, v]) => v.trim() === '')).toEqual([]);
  });
});

describe("the public tracking page's email alerts", () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await act(() => i18n.changeLanguage('en'));
  });

  it('sends the address with the page’s language and says the same neutral words whatever the answer', async () => {
    const { bodies } = renderPage('/track-shipment?number=FP00012345', {
      [SUBSCRIBE]: () => jsonResponse(202, { data: { status: 'pending' } }),
    });
    const section = await form();
    await userEvent.click(within(section).getByRole('button', { name: 'Get alerts' }));
    expect(await within(section).findByText('Email required')).toBeInTheDocument();
    expect(bodies(SUBSCRIBE)).toEqual([]);

    // By keyboard: the field, Enter.
    await userEvent.type(within(section).getByLabelText(/Email/), ' dock@consignee.test {Enter}');
    expect(
      await within(section).findByText(
        'Check your inbox. If this address can get alerts for this shipment, we have sent it a link to confirm them. The link works for 48 hours.',
      ),
    ).toBeInTheDocument();
    expect(bodies(SUBSCRIBE)).toEqual([{ email: 'dock@consignee.test', language: 'en' }]);
  });

  it('puts the server’s field error on the email (bad address, the cap) and other refusals below', async () => {
    let answer = () => jsonResponse(422, { message: 'Invalid email', code: 'validation', errors: { email: ['Invalid email'] } });
    renderPage('/track-shipment?number=FP00012345', { [SUBSCRIBE]: () => answer() });
    const section = await form();
    const box = within(section).getByLabelText(/Email/);
    await userEvent.type(box, 'not-an-address{Enter}');
    expect(await within(section).findByText('Invalid email')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');

    answer = () =>
      jsonResponse(
        429,
        { message: 'Too many requests. Please try again in 40 seconds.', code: 'too_many_requests' },
        { 'Retry-After': '40' },
      );
    await userEvent.click(within(section).getByRole('button', { name: 'Get alerts' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Too many requests. Please try again in 40 seconds.');
    expect(box).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('is not offered for a delivered shipment', async () => {
    renderPage('/track-shipment?number=FP00012345', {}, { ...VIEW, status: 'delivered', delivered_at: '2026-03-13T16:45:00Z' });
    expect(await screen.findByRole('heading', { name: 'Shipment FP00012345' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Get alerts for this shipment by email' })).not.toBeInTheDocument();
  });

  it('passes axe', async () => {
    renderPage('/track-shipment?number=FP00012345', {});
    const section = await form();
    // Color contrast needs a layout jsdom has not: the e2e axe pass checks it on the page.
    const result = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('confirms by the mailed link with one click, and says so', async () => {
    const { bodies } = renderPage('/track-shipment?number=FP00012345&alerts_confirm=tok-1', {
      'POST /api/public/alert-subscriptions/confirm': () => jsonResponse(200, { data: { status: 'confirmed', number: 'FP00012345' } }),
    });
    const card = await screen.findByRole('region', { name: 'Confirm email alerts for shipment FP00012345' });
    // Nothing happens before the click (a mail scanner opening the link changes nothing).
    expect(bodies('POST /api/public/alert-subscriptions/confirm')).toEqual([]);
    await userEvent.click(within(card).getByRole('button', { name: 'Confirm the alerts' }));
    expect(
      await screen.findByText('Email alerts are on for shipment FP00012345. Each alert email has a link to stop them.'),
    ).toBeInTheDocument();
    expect(bodies('POST /api/public/alert-subscriptions/confirm')).toEqual([{ token: 'tok-1' }]);
    expect(await form()).toBeInTheDocument();
  });

  it('says when a confirmation link has expired', async () => {
    renderPage('/track-shipment?number=FP00012345&alerts_confirm=tok-2', {
      'POST /api/public/alert-subscriptions/confirm': () => jsonResponse(200, { data: { status: 'expired', number: 'FP00012345' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm the alerts' }));
    expect(
      await screen.findByText('This confirmation link has expired or is no longer in use. Ask for the alerts again below.'),
    ).toBeInTheDocument();
  });

  it('unsubscribes by the link of an alert mail, in Spanish, and asks in Spanish', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'es');
    await act(() => i18n.changeLanguage('es'));
    // After the English tests the chunk is loaded but not its Spanish words: it suspends until they come.
    const { bodies } = await act(async () =>
      renderPage('/track-shipment?number=FP00012345&alerts_unsubscribe=id.sig', {
        'POST /api/public/alert-subscriptions/unsubscribe': () =>
          jsonResponse(200, { data: { status: 'unsubscribed', number: 'FP00012345' } }),
        [SUBSCRIBE]: () => jsonResponse(202, { data: { status: 'pending' } }),
      }),
    );
    const card = await screen.findByRole('region', { name: 'Dejar de recibir las alertas del envío FP00012345' });
    await userEvent.click(within(card).getByRole('button', { name: 'Detener las alertas' }));
    expect(await screen.findByText('No recibirá más alertas por correo del envío FP00012345.')).toBeInTheDocument();
    expect(bodies('POST /api/public/alert-subscriptions/unsubscribe')).toEqual([{ token: 'id.sig' }]);

    const section = await screen.findByRole('region', { name: 'Reciba por correo las alertas de este envío' });
    await userEvent.type(within(section).getByLabelText(/Correo electrónico/), 'almacen@ferreteria.test');
    await userEvent.click(within(section).getByRole('button', { name: 'Recibir alertas' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(/^Revise su bandeja de entrada/);
    expect(bodies(SUBSCRIBE)).toEqual([{ email: 'almacen@ferreteria.test', language: 'es' }]);
  });

  it('says when a link is not ours (404)', async () => {
    renderPage('/track-shipment?number=FP00012345&alerts_unsubscribe=forged', {
      'POST /api/public/alert-subscriptions/unsubscribe': () => jsonResponse(404, { message: 'Not found.', code: 'not_found' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Stop the alerts' }));
    await waitFor(() =>
      expect(
        screen.getByText('This link is not valid. Open the whole link from the email, or ask for the alerts again.'),
      ).toBeInTheDocument(),
    );
  });
});
