import type { CurrentUser } from '@freight/contracts';
import { type CustomerRole, permissionsOf } from '@freight/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeListItem, makeShipmentView } from '../components/tracking/testShipments';
import { DETAIL } from '../features/invoices/testInvoices';
import { AUTH_STATE_KEY } from '../lib/authState';
import i18n from '../lib/i18n';
import { CUSTOMER_PAGES, homeOf, isStaticPath, mayOpenPage, pagePermission } from '../lib/permissions';
import { makeUser, setCookie, TEST_ACCOUNT } from '../test/fixtures';
import { listPage } from '../test/listScreen';
import { renderApp, stubApi } from '../test/renderApp';
import { RequireTeamPermission } from './guards';
import { routes } from './router';

/** A user of the test account holding `role`, with its permissions as GET /api/user sends them. */
const member = (role: CustomerRole, language: 'en' | 'es' = 'en'): CurrentUser => {
  const base = makeUser([], { account: { ...TEST_ACCOUNT, role, permissions: [...permissionsOf(role)] } });
  return { ...base, settings: { ...base.settings, language } };
};

function open(user: CurrentUser, path: string, stubs: Record<string, unknown> = {}) {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  const fetchMock = stubApi({ 'GET /api/user': { data: user }, ...stubs });
  return { ...renderApp(path), fetchMock };
}

const navLabels = async () => {
  const nav = await screen.findByRole('navigation', { name: /Main navigation|Navegación principal/ });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
};

/** The customer pages of the router: the routes behind the team's door, as full patterns. */
function customerPatterns(): string[] {
  const behindDoor = (list: RouteObject[]): RouteObject[] | undefined => {
    for (const route of list) {
      if ((route.element as ReactElement | undefined)?.type === RequireTeamPermission) return route.children;
      const found = behindDoor(route.children ?? []);
      if (found) return found;
    }
    return undefined;
  };
  const patterns = (list: RouteObject[], parent = ''): string[] =>
    list.flatMap((route) => {
      const own = route.path === undefined ? parent : `${parent}/${route.path}`;
      return [...(route.index || route.path !== undefined ? [own || '/'] : []), ...patterns(route.children ?? [], own)];
    });
  return patterns(behindDoor(routes) ?? []);
}

describe('the team door map', () => {
  it('names every customer page of the router, and no page the router lost', () => {
    const mapped = CUSTOMER_PAGES.map((p) => p.path);
    const pages = customerPatterns();
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.filter((p) => !mapped.includes(p))).toEqual([]);
  });

  it('reads each path as the router ranks it', () => {
    expect(pagePermission('/')).toBe('quotes.run');
    expect(pagePermission('/SO-5521')).toBe('quotes.run');
    expect(pagePermission('/support')).toBeUndefined();
    expect(pagePermission('/my-shipments')).toBe('shipments.view');
    expect(pagePermission('/quote/7/return')).toBe('quotes.run');
    expect(pagePermission('/my-invoices/history')).toBe('invoices.view');
    expect(mayOpenPage(member('billing'), '/settings/credit')).toBe(true);
    expect(mayOpenPage(member('viewer'), '/settings/credit')).toBe(false);
    expect(homeOf(member('shipper'))).toBe('/');
    expect(homeOf(member('viewer'))).toBe('/my-shipments');
  });

  it('answers a page without parameters as the router ranks it, without asking the router', () => {
    for (const { path } of CUSTOMER_PAGES.filter((p) => isStaticPath(p.path))) {
      const ranked = matchRoutes(CUSTOMER_PAGES as { path: string; permission?: string }[], path)?.at(-1)?.route.permission;
      expect([path, pagePermission(path)]).toEqual([path, ranked]);
    }
  });
});

describe('a billing user', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sees the pages of their role only in the sidebar', async () => {
    open(member('billing'), '/my-invoices', { 'GET /api/invoices': listPage([]), 'GET /api/invoices/summary': { data: null } });
    const labels = await navLabels();
    expect(labels).toEqual(expect.arrayContaining(['Tracking', 'Quotes', 'Shipment History', 'Invoices', 'Settings']));
    for (const hidden of ['Quote & Ship', 'Addresses', 'Product Catalog', 'eBay Orders']) expect(labels).not.toContain(hidden);
  });

  it('starts on My Shipments, and is told a quote page is not theirs instead of seeing it', async () => {
    const { router, fetchMock } = open(member('billing'), '/', { 'GET /api/shipments': listPage([makeListItem({ id: 's1' })]) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-shipments'));
    await act(() => router.navigate('/quote'));
    const notice = await screen.findByTestId('team-door');
    expect(notice).toHaveTextContent("Your role in your company's team does not include this page.");
    expect(notice).toHaveTextContent('Your role is Billing.');
    expect(screen.getByRole('heading', { name: 'No access to this page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your start page' })).toHaveAttribute('href', '/my-shipments');
    // The page's own calls are never made.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/pickup-dates'))).toEqual([]);
  });

  it('has the credit terms among their settings, not the API or the team', async () => {
    open(member('billing'), '/settings');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'User settings',
      'Account settings',
      'Credit terms',
      'Payment methods',
      'Security',
    ]);
  });

  it('pays and disputes an invoice, but books, cancels and reships nothing', async () => {
    open(member('billing'), '/invoice-detail/i9', { 'GET /api/invoices/i9': { data: DETAIL } });
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dispute' })).toBeInTheDocument();
  });

  it.each([
    ['billing', false],
    ['shipper', true],
  ] as const)(
    'reads a shipment, as %s, with its Reship, Return ship and Cancel shipment only for a role that books',
    async (role, books) => {
      const shipment = makeShipmentView({ id: 's1', status: 'pending' });
      open(member(role), '/track/detail/s1', { 'GET /api/shipments/s1': { data: shipment } });
      expect(await screen.findByRole('heading', { name: /BOL/ })).toBeInTheDocument();
      for (const name of ['Reship', 'Return ship', 'Cancel shipment']) {
        expect(screen.queryAllByRole('button', { name }), name).toHaveLength(books ? 1 : 0);
      }
    },
  );
});

describe('a viewer', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('reads invoices without paying or disputing them', async () => {
    open(member('viewer'), '/invoice-detail/i9', { 'GET /api/invoices/i9': { data: DETAIL } });
    expect(await screen.findByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dispute' })).toBeNull();
  });

  it('lists shipments with no action but viewing one', async () => {
    open(member('viewer'), '/my-shipments', { 'GET /api/shipments': listPage([makeListItem({ id: 's1', bol_number: 'FP00012345' })]) });
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for FP00012345' }));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(
      within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((i) => i.textContent),
    ).toEqual(['View']);
  });

  it('reads the address book without adding, importing, changing or deleting', async () => {
    open(member('viewer'), '/address-book', { 'GET /api/addresses': listPage([]) });
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add address' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload CSV' })).toBeNull();
  });

  it('sees the settings tabs of their role only', async () => {
    open(member('viewer'), '/settings');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['User settings', 'Account settings', 'Security']);
  });

  it('is told in Spanish that a page is not for their role', async () => {
    await act(() => i18n.changeLanguage('es'));
    open(member('viewer', 'es'), '/settings/api');
    const notice = await screen.findByTestId('team-door');
    expect(notice).toHaveTextContent('Su rol en el equipo de su empresa no incluye esta página.');
    expect(notice).toHaveTextContent('Su rol es Solo lectura.');
    expect(screen.getByRole('heading', { name: 'Sin acceso a esta página' })).toBeInTheDocument();
    const labels = await navLabels();
    expect(labels).not.toContain('Cotizar y enviar');
  });
});
