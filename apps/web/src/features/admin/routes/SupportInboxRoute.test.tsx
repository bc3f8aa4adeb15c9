import type { InboxConversationView } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sentBody, signInStaff } from '../testStaff';

const CONVERSATION: InboxConversationView = {
  id: 'c1',
  category: 'billing',
  state: 'open',
  reference: 'INV-0100003',
  subject: 'This reweigh looks wrong',
  last_message_at: '2026-11-22T15:00:00Z',
  created_at: '2026-11-22T14:00:00Z',
  unread: 1,
  account: { id: 'a1', name: 'Acme Freight' },
  customer: { id: 'u9', name: 'Lucía Gómez', email: 'lucia@acme.test', language: 'es' },
  assignee: null,
  shipment: null,
  invoice: { id: 'i1', number: 'INV-0100003' },
  first_response_at: null,
  resolved_at: null,
  first_response_minutes: 75,
  resolution_minutes: null,
  other_side_read_at: null,
  messages: [
    {
      id: 'm1',
      conversation_id: 'c1',
      from_staff: false,
      internal: false,
      author: 'Lucía Gómez',
      body: 'This reweigh looks wrong',
      created_at: '2026-11-22T14:00:00Z',
      attachments: [],
    },
  ],
};

function openInbox(stubs: Record<string, unknown> = {}) {
  const fetchMock = signInStaff(['fpg_ops'], {
    'GET /api/admin/support/conversations': { data: [CONVERSATION], meta: { current_page: 1, per_page: 20, total: 1, last_page: 1 } },
    'GET /api/admin/support/conversations/c1': { data: CONVERSATION },
    'GET /api/admin/support/summary': { data: { unread: 3, unread_mine: 0, unassigned: 2 } },
    'GET /api/admin/support/assignees': { data: [{ id: 's1', name: 'Otto Ops' }] },
    'GET /api/admin/support/canned-answers': {
      data: [
        { id: 'k1', title: 'Reweigh explained', body_en: 'The carrier reweighed it.', body_es: 'El transportista la volvió a pesar.' },
      ],
    },
    'POST /api/admin/support/conversations/c1/read': () => new Response(null, { status: 204 }),
    ...stubs,
  });
  const app = renderApp('/admin/support');
  return { fetchMock, ...app };
}

/**
 * Opens the listed conversation and waits until it has loaded and its read mark was sent: the pane
 * renders again then, and a menu opened before that can close under the click that follows.
 */
async function openConversation(fetchMock: ReturnType<typeof openInbox>['fetchMock']) {
  await userEvent.click(await screen.findByTestId('inbox-row'));
  await screen.findByRole('link', { name: 'Acme Freight' });
  await waitFor(() =>
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/admin/support/conversations/c1/read' && init?.method === 'POST')).toBe(
      true,
    ),
  );
}

describe('the support inbox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists open conversations with their account, counts the unread in the navigation, and opens one', async () => {
    const { fetchMock } = openInbox();
    expect(await screen.findByLabelText('3 unread')).toBeInTheDocument();
    const row = await screen.findByTestId('inbox-row');
    expect(row).toHaveTextContent('Acme Freight · Billing · INV-0100003 · Unassigned');
    // The inbox opens on what waits for support.
    const listCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/admin/support/conversations?'));
    expect(String(listCall?.[0])).toContain('state=open');
    await userEvent.click(row);
    expect(await screen.findByRole('link', { name: 'Acme Freight' })).toHaveAttribute('href', '/admin/accounts/a1');
    expect(screen.getByText(/First response: 1 h 15 min \(running\)/)).toBeInTheDocument();
    // Reading it moves the read mark the customer sees.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => url === '/api/admin/support/conversations/c1/read' && init?.method === 'POST'),
      ).toBe(true),
    );
  });

  it("puts a canned answer in the customer's language into the reply, and sends an internal note apart", async () => {
    const reply = vi.fn((_url: string, _init?: RequestInit) => jsonResponse(201, { data: {} }));
    const { fetchMock } = openInbox({ 'POST /api/admin/support/conversations/c1/messages': reply });
    await openConversation(fetchMock);
    await userEvent.click(await screen.findByRole('button', { name: 'Canned answers' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Reweigh explained' }));
    expect(screen.getByLabelText('Reply to the customer')).toHaveValue('El transportista la volvió a pesar.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(reply).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(reply.mock.calls[0]?.[1]?.body))).toEqual({
      body: 'El transportista la volvió a pesar.',
      attachment_ids: [],
      internal: false,
    });
    await userEvent.click(screen.getByRole('switch', { name: 'Internal note' }));
    await userEvent.type(screen.getByLabelText('Internal note (only staff see it)'), 'Ask the carrier for the scale ticket');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(reply).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(reply.mock.calls[1]?.[1]?.body))).toMatchObject({ internal: true });
  });

  it('adds a canned answer with a form: a refusal sits at its field, which takes focus', async () => {
    const { fetchMock } = openInbox({
      'POST /api/admin/support/canned-answers': () =>
        jsonResponse(422, { message: 'Invalid', errors: { title: ['A canned answer with this title exists.'] } }),
    });
    await openConversation(fetchMock);
    await userEvent.click(await screen.findByRole('button', { name: 'Canned answers' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Manage canned answers' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Manage canned answers' }));
    await userEvent.type(dialog.getByLabelText('Title'), 'Reweigh explained');
    await userEvent.type(dialog.getByLabelText('Answer in English'), 'The carrier reweighed it.');
    await userEvent.type(dialog.getByLabelText('Answer in Spanish'), 'El transportista la volvió a pesar.');
    await userEvent.click(dialog.getByRole('button', { name: 'Add answer' }));
    const title = dialog.getByLabelText('Title');
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveAccessibleDescription('A canned answer with this title exists.');
  });

  it('assigns and resolves', async () => {
    const assign = vi.fn(() => jsonResponse(200, { data: { ...CONVERSATION, assignee: { id: 's1', name: 'Otto Ops' } } }));
    const resolve = vi.fn(() => jsonResponse(200, { data: { ...CONVERSATION, state: 'resolved' } }));
    const { fetchMock } = openInbox({
      'POST /api/admin/support/conversations/c1/assign': assign,
      'POST /api/admin/support/conversations/c1/resolve': resolve,
    });
    await userEvent.click(await screen.findByTestId('inbox-row'));
    const panel = (await screen.findByRole('button', { name: 'Resolve' })).closest('div') as HTMLElement;
    // The conversation's own assignee (the filter bar has one too, first).
    await userEvent.click(screen.getAllByRole('combobox', { name: 'Assignee' }).at(-1)!);
    const listbox = document.getElementById(
      screen.getAllByRole('combobox', { name: 'Assignee' }).at(-1)!.getAttribute('aria-controls') ?? '',
    );
    await userEvent.click(within(listbox as HTMLElement).getByRole('option', { name: 'Otto Ops', hidden: true }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    const assignCall = fetchMock.mock.calls.findIndex(([url]) => url === '/api/admin/support/conversations/c1/assign');
    expect(sentBody(fetchMock, assignCall)).toEqual({ assignee_id: 's1' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(resolve).toHaveBeenCalled());
  });

  it('assigns to the reader in one click', async () => {
    const assign = vi.fn(() => jsonResponse(200, { data: CONVERSATION }));
    const { fetchMock } = openInbox({ 'POST /api/admin/support/conversations/c1/assign': assign });
    await userEvent.click(await screen.findByTestId('inbox-row'));
    await userEvent.click(await screen.findByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    const call = fetchMock.mock.calls.findIndex(([url]) => url === '/api/admin/support/conversations/c1/assign');
    expect(sentBody(fetchMock, call)).toEqual({ assignee_id: 'u1' });
  });
});
