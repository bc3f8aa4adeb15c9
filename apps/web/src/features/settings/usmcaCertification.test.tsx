import type { UsmcaCertificationView } from '@freight/contracts';
import { CUSTOMER_PERMISSIONS } from '@freight/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../lib/authState';
import { jsonResponse, makeUser, setCookie, TEST_ACCOUNT } from '../../test/fixtures';
import { renderApp, stubApi } from '../../test/renderApp';

const SAVED: UsmcaCertificationView = {
  certifier_role: 'producer',
  company: 'Acme Manufacturing',
  name: 'Rosa Díaz',
  title: 'Trade compliance manager',
  address: '233 S Wacker Dr, Chicago, IL 60606, US',
  phone: '(312) 555-0100',
  email: 'rosa@acme.test',
  producer: 'various',
  blanket_from: '2026-01-01',
  blanket_to: '2026-12-31',
  updated_at: '2026-03-02T15:00:00Z',
  updated_by: { name: 'Ana Pérez' },
};
const BLANKET_REFUSED = 'Enter a blanket period of up to 12 months that ends on or after its first day';

function signedIn(table: Record<string, unknown>, permissions = [...CUSTOMER_PERMISSIONS]) {
  const user = makeUser([], { account: { ...TEST_ACCOUNT, permissions } });
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({ 'GET /api/user': { data: user }, ...table });
}

const card = async () => within(await screen.findByRole('region', { name: 'USMCA certification of origin' }));

/**
 * Color contrast needs a layout jsdom has not: the e2e axe pass checks it on the page. Every
 * Mantine modal's title bar is a <header>, which axe counts as a second banner beside the app's:
 * the modal frame's, not this form's.
 */
const axeViolations = async (element: Element) =>
  (
    await axe.run(element, {
      rules: { 'color-contrast': { enabled: false }, 'landmark-no-duplicate-banner': { enabled: false } },
    })
  ).violations.map((v) => v.id);

describe('the account’s USMCA certification of origin', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows what the saved certification says', async () => {
    signedIn({ 'GET /api/account/usmca-certification': { data: SAVED } });
    renderApp('/settings/account');
    const shown = await card();
    expect(await shown.findByText('Rosa Díaz')).toBeInTheDocument();
    expect(shown.getByText('The producer')).toBeInTheDocument();
    expect(shown.getByText('Trade compliance manager')).toBeInTheDocument();
    expect(shown.getByText('Acme Manufacturing')).toBeInTheDocument();
    expect(shown.getByText('233 S Wacker Dr, Chicago, IL 60606, US')).toBeInTheDocument();
    expect(shown.getByText('(312) 555-0100')).toBeInTheDocument();
    expect(shown.getByText('rosa@acme.test')).toBeInTheDocument();
    expect(shown.getByText('Various')).toBeInTheDocument();
    expect(shown.getByText('From Jan 1, 2026 to Dec 31, 2026')).toBeInTheDocument();
    expect(shown.getByText('Last changed by Ana Pérez on Mar 2, 2026')).toBeInTheDocument();
    expect(shown.getByRole('button', { name: 'Edit certification' })).toBeInTheDocument();
    expect(await axeViolations(screen.getByRole('region', { name: 'USMCA certification of origin' }))).toEqual([]);
  });

  it('offers no change to a team member who does not keep the account’s settings', async () => {
    signedIn(
      { 'GET /api/account/usmca-certification': { data: { ...SAVED, blanket_from: '', blanket_to: '' } } },
      CUSTOMER_PERMISSIONS.filter((p) => p !== 'account.manage'),
    );
    renderApp('/settings/account');
    const shown = await card();
    expect(await shown.findByText('No blanket period: each shipment is certified on its own')).toBeInTheDocument();
    expect(shown.queryByRole('button')).not.toBeInTheDocument();
  });

  it('sends what was typed and shows the server’s refusal at its field', async () => {
    const sent: unknown[] = [];
    signedIn({
      'GET /api/account/usmca-certification': { data: null },
      'PUT /api/account/usmca-certification': (_: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        return sent.length === 1
          ? jsonResponse(422, { message: BLANKET_REFUSED, errors: { blanket_to: [BLANKET_REFUSED] } })
          : jsonResponse(200, { data: { ...body, updated_at: '2026-03-02T15:00:00Z', updated_by: { name: 'Ana Pérez' } } });
      },
    });
    renderApp('/settings/account');
    const shown = await card();
    expect(await shown.findByText(/Without one, a shipment claiming USMCA is certified by its exporter/)).toBeInTheDocument();
    await userEvent.click(shown.getByRole('button', { name: 'Set up certification' }));
    const dialog = await screen.findByRole('dialog', { name: 'USMCA certification of origin' });
    expect(await axeViolations(dialog)).toEqual([]);
    const modal = within(dialog);

    await userEvent.click(modal.getByRole('combobox', { name: /^Who certifies/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'The importer', hidden: true }));
    const typed = {
      name: "Certifier's name",
      title: "Certifier's title",
      company: 'Company',
      address: 'Address',
      phone: 'Phone',
      email: 'Email',
    };
    const values = {
      name: 'Rosa Díaz',
      title: 'Customs manager',
      company: 'Acme',
      address: '1 N Dearborn St, Chicago, IL 60602, US',
      phone: '312 555 0100',
      email: 'rosa@acme.test',
    };
    for (const [field, label] of Object.entries(typed)) {
      fireEvent.change(modal.getByLabelText(new RegExp(`^${label}`)), { target: { value: values[field as keyof typeof values] } });
    }
    fireEvent.change(modal.getByLabelText('Blanket period from'), { target: { value: '2026-01-01' } });
    const to = modal.getByLabelText('Blanket period to');
    fireEvent.change(to, { target: { value: '2026-12-31' } });
    await userEvent.click(modal.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'));
    expect(to).toHaveAccessibleDescription(BLANKET_REFUSED);
    expect(sent).toEqual([
      { certifier_role: 'importer', producer: 'on_request', blanket_from: '2026-01-01', blanket_to: '2026-12-31', ...values },
    ]);

    await userEvent.click(modal.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Account updated')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await shown.findByText('Customs manager')).toBeInTheDocument();
    expect(shown.getByRole('button', { name: 'Edit certification' })).toBeInTheDocument();
  });
});
