import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../lib/authState';
import { makeAccountUser } from '../../test/fixtures';
import { renderApp, stubApi } from '../../test/renderApp';

// A customer: a user without a customer account is sent to /no-access.
const user = makeAccountUser('Acme Freight');

async function activeItems(path: string) {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  stubApi({ 'GET /api/user': { data: user } });
  const view = renderApp(path);
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  const active = within(nav)
    .getAllByRole('link')
    .filter((a) => a.hasAttribute('data-active'))
    .map((a) => a.textContent);
  view.unmount();
  return active;
}

describe('sidebar highlight', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['/', 'Quote & Ship'],
    ['/quote', 'Quote & Ship'],
    ['/quote/7/return', 'Quote & Ship'],
    ['/quote-shipment', 'Quote & Ship'],
    ['/quote-shipment/7', 'Quote & Ship'],
    ['/truckload/3', 'Quote & Ship'],
    ['/REF-1', 'Quote & Ship'],
    ['/REF-1/q', 'Quote & Ship'],
    ['/quote-history', 'Quotes'],
    ['/saved-quotes', 'Quotes'],
    ['/track/detail/L1', 'Tracking'],
    ['/quote-ebay-shipment/99', 'eBay Orders'],
    ['/product-catalog', 'Product Catalog'],
    ['/settings/account', 'Settings'],
    ['/invoice-detail/5', 'Invoices'],
  ])('%s highlights only %s', async (path, label) => {
    expect(await activeItems(path)).toEqual([label]);
  });

  it('highlights nothing on pages outside the sidebar', async () => {
    expect(await activeItems('/support')).toEqual([]);
  });
});
