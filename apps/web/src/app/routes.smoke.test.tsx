import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeAccountDetail } from '../features/admin/testStaff';
import { AUTH_STATE_KEY } from '../lib/authState';
import i18n from '../lib/i18n';
import { recordDocumentLoads } from '../test/documentLoads';
import { makeAccountUser } from '../test/fixtures';
import { renderApp, renderGuestPage, stubApi } from '../test/renderApp';

const missing: string[] = [];
const onMissing = (_lngs: readonly string[], _ns: string, key: string) => missing.push(key);

const superAdmin = makeAccountUser('Acme Freight', ['super_admin']);

const PAGES: [string, string][] = [
  ['/', 'Quote & Ship'],
  ['/REF-1/q', 'Quote & Ship'],
  ['/quote', 'LTL & Small Package'],
  ['/quote/7/return', 'LTL & Small Package'],
  ['/quote-shipment', 'Quote & Ship'],
  ['/quote-shipment/international', 'Quote & Ship (International)'],
  ['/ebay-quote/99', 'Quote an eBay order'],
  ['/quote-ebay-shipment/99', 'Quote and ship an eBay order'],
  ['/orders/ebay', 'eBay Orders'],
  ['/product-catalog', 'Product Catalog'],
  ['/settings', 'Settings'],
  ['/settings/account', 'Acme Freight'],
  ['/truckload/3', 'Truckload'],
  ['/quote-history', 'Quote History'],
  ['/saved-quotes', 'Saved Quotes'],
  ['/track', 'Tracking'],
  ['/track/detail/L1', 'Tracking Detail'],
  ['/my-shipments', 'Shipment History'],
  ['/address-book', 'Address Book'],
  ['/my-invoices', 'Open Invoices'],
  ['/my-invoices/history', 'Invoice History'],
  ['/invoice-detail/5', 'Invoice Detail'],
  ['/video-tutorials', 'Video Tutorials'],
  ['/admin/carriers', 'Carriers'],
  ['/admin/truckloads/equipment-types', 'Truckload Equipment'],
  ['/admin/notifications/edit/4', 'Notifications'],
  ['/admin/roles', 'Role Management'],
  ['/admin/accounts/a1', 'Account Management'],
  ['/admin/accounts', 'Account Management'],
  ['/admin/shipments', 'Shipments'],
  ['/admin/audit-log', 'Audit Log'],
  ['/public-quote', 'Get a Quote'],
  ['/truckload-confirmation', 'Truckload Confirmation'],
  ['/analytics-report/unsubscribe/tok', 'Stop the Analytics report'],
  ['/signup', 'Create your company account'],
  ['/forgot-password', 'Forgot password'],
  ['/reset-password/tok?email=a%40b.co', 'Reset password'],
  ['/confirm-password?redirect=/settings', 'Confirm password'],
  ['/email-verified?status=expired', 'Link expired'],
  ['/no/such/page', 'Page not found'],
];

describe('every route renders its translated title', () => {
  beforeAll(() => {
    i18n.options.saveMissing = true;
    i18n.on('missingKey', onMissing);
  });
  afterAll(() => {
    i18n.off('missingKey', onMissing);
    i18n.options.saveMissing = false;
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each(PAGES)('%s', async (path, heading) => {
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(superAdmin));
    stubApi({
      'GET /api/user': { data: superAdmin },
      'GET /api/admin/roles': {
        data: [
          {
            id: 'u1',
            name: 'Ana Pérez',
            email: 'ana@example.com',
            roles: ['super_admin'],
            account: null,
            email_verified_at: '2026-01-01T00:00:00Z',
            last_login_at: null,
            invited: false,
          },
        ],
      },
      'GET /api/admin/accounts/a1': { data: makeAccountDetail() },
      'GET /api/admin/accounts': { data: [], meta: { current_page: 1, per_page: 25, total: 0, last_page: 1 } },
      'GET /api/admin/shipments': { data: [], meta: { current_page: 1, per_page: 25, total: 0, last_page: 1 } },
      'GET /api/admin/audit': { data: [], meta: { current_page: 1, per_page: 50, total: 0, last_page: 1 } },
    });
    renderApp(path);
    expect((await screen.findAllByRole('heading', { name: heading })).length).toBeGreaterThan(0);
    // One h1 names the page (PageHeader or the page's own); its sections are h2 and below.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // The title is written by an effect after the page renders: on a busy machine a moment after its heading.
    const title = path === '/settings/account' ? 'Account settings | Freight Portal' : `${heading} | Freight Portal`;
    await waitFor(() => expect(document.title).toBe(title));
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(missing).toEqual([]);
    expect(document.body.textContent ?? '').not.toMatch(/coming soon|placeholder|TODO/i);
  });

  it.each([
    ['/login', 'Log in'],
    ['/track-shipment', 'Track a Shipment'],
  ] as const)('guest page %s (its own entry)', async (path, heading) => {
    stubApi({});
    renderGuestPage(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(document.title).toBe(`${heading} | Freight Portal`);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(missing).toEqual([]);
  });

  it('loads a guest page as a document when a portal link leads there', async () => {
    stubApi({});
    const documents = recordDocumentLoads('http://localhost:3000/forgot-password');
    try {
      const { router } = renderApp('/forgot-password');
      await screen.findByRole('heading', { name: 'Forgot password' });
      await act(() => router.navigate('/track-shipment?number=FP1'));
      expect(documents.loads).toEqual(['/track-shipment?number=FP1']);
    } finally {
      documents.restore();
    }
  });

  it('shows Page not found with the path as name', async () => {
    stubApi({});
    renderApp('/a/b/c');
    expect(await screen.findByText('Page not found: /a/b/c')).toBeInTheDocument();
  });
});
