import type { ScacAliasView } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/renderApp';
import { sentBody, signInStaff } from '../../testStaff';

const rlca = { id: '11111111-1111-4111-8111-111111111111', name: 'R+L Carriers', scac: 'RLCA', mode: 'ltl' as const };
const alias: ScacAliasView = {
  id: 'a1',
  kind: 'scac',
  alias: 'RNLO',
  carrier: rlca,
  note: 'Older 214 feeds',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};
const page = (data: ScacAliasView[]) => ({ data, meta: { current_page: 1, per_page: 25, total: data.length, last_page: 1 } });

describe('Carrier SCAC Aliases', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds an alias: checks the SCAC, shows the server’s refusal, then saves it', async () => {
    let attempts = 0;
    const fetchMock = signInStaff(['fpg_ops'], {
      'GET /api/admin/scac-aliases': page([alias]),
      'GET /api/admin/scac-aliases/carriers': { data: [rlca] },
      'POST /api/admin/scac-aliases': () =>
        ++attempts === 1
          ? jsonResponse(422, {
              message: 'The given data was invalid.',
              code: 'validation',
              errors: { alias: ['This alias is already mapped to a carrier'] },
            })
          : jsonResponse(201, { data: { ...alias, id: 'a2', alias: 'RLXX' } }),
    });
    renderApp('/admin/scac-aliases');
    const table = await screen.findByRole('table', { name: 'Carrier SCAC aliases' });
    expect(within(table).getByRole('row', { name: /RNLO/ })).toHaveTextContent('R+L Carriers (RLCA, LTL)');
    await userEvent.click(screen.getByRole('button', { name: 'Add alias' }));
    const form = await screen.findByRole('form', { name: 'Add alias' });
    await userEvent.type(within(form).getByLabelText(/Other SCAC/), 'RL1');
    await userEvent.click(within(form).getByRole('button', { name: 'Add alias' }));
    expect(await within(form).findByText('Enter a SCAC of 2 to 4 letters')).toBeInTheDocument();
    expect(within(form).getByText('Choose carriers from the list')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText(/Other SCAC/));
    await userEvent.type(within(form).getByLabelText(/Other SCAC/), 'RNLO');
    await userEvent.type(within(form).getByPlaceholderText('Choose the carrier'), 'R+L');
    await userEvent.click(await screen.findByRole('option', { name: 'R+L Carriers (RLCA, LTL)', hidden: true }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add alias' }));
    expect(await within(form).findByText('This alias is already mapped to a carrier')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText(/Other SCAC/));
    await userEvent.type(within(form).getByLabelText(/Other SCAC/), 'RLXX');
    await userEvent.click(within(form).getByRole('button', { name: 'Add alias' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add alias' })).not.toBeInTheDocument());
    const posts = fetchMock.mock.calls.map((c, i) => [c, i] as const).filter(([c]) => (c[1] as RequestInit | undefined)?.method === 'POST');
    expect(sentBody(fetchMock, posts.at(-1)![1])).toEqual({ kind: 'scac', alias: 'RLXX', carrier_id: rlca.id, note: '' });
  });

  it('deletes an alias after a confirmation', async () => {
    const fetchMock = signInStaff(['fpg_sales'], {
      'GET /api/admin/scac-aliases': page([alias]),
      'GET /api/admin/scac-aliases/carriers': { data: [rlca] },
      'DELETE /api/admin/scac-aliases/a1': () => new Response(null, { status: 204 }),
    });
    renderApp('/admin/scac-aliases');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete RNLO' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the alias RNLO of R+L Carriers?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, init]) => u === '/api/admin/scac-aliases/a1' && init?.method === 'DELETE')).toBe(true),
    );
  });

  it('is refused to accounting', async () => {
    signInStaff(['fpg_accounting'], { 'GET /api/admin/dashboard': { data: null } });
    renderApp('/admin/scac-aliases');
    expect(await screen.findByText('Unauthrized')).toBeInTheDocument();
  });
});
