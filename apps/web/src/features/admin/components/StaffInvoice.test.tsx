import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/renderApp';
import { CREDIT, INVOICE_VIEW, makeInvoice } from '../testCredit';
import { makeAccountDetail, signInStaff } from '../testStaff';

/** Opens an account's page on one of its invoices, with the user's motion setting as given. */
async function openInvoice(reduceMotion: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string): Partial<MediaQueryList> => ({
      matches: reduceMotion && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }),
  );
  const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
  signInStaff(['fpg_admin'], {
    'GET /api/admin/accounts/a1': { data: makeAccountDetail() },
    'GET /api/admin/accounts/a1/credit': { data: CREDIT },
    'GET /api/admin/accounts/a1/invoices': { data: [makeInvoice()], meta: { current_page: 1, per_page: 10, total: 1, last_page: 1 } },
    'GET /api/admin/invoices/i1': { data: INVOICE_VIEW },
  });
  renderApp('/admin/accounts/a1?invoice=i1');
  const invoice = await screen.findByRole('region', { name: 'Invoice INV-0100003' });
  await waitFor(() => expect(scrolled.mock.contexts).toContain(invoice));
  return scrolled.mock.calls[scrolled.mock.contexts.indexOf(invoice)]?.[0];
}

describe('the invoice a link opened on an account page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('glides into view', async () => {
    expect(await openInvoice(false)).toEqual({ block: 'start', behavior: 'smooth' });
  });

  it('jumps into view when the user asks for reduced motion', async () => {
    expect(await openInvoice(true)).toEqual({ block: 'start', behavior: 'auto' });
  });
});
