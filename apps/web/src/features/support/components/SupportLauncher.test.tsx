import type { ConversationView } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderListScreen } from '../../../test/listScreen';

const HOURS = {
  open_now: false,
  next_open_at: '2026-11-23T14:00:00Z',
  time_zone: 'America/Chicago',
  opens_at: '08:00',
  closes_at: '18:00',
  phone: '(312) 555-0150',
  phone_tel: '+13125550150',
  email: 'support@freight-portal.test',
};

const THREAD: ConversationView = {
  id: 'c1',
  category: 'shipping',
  state: 'waiting',
  reference: '06141410090000121',
  subject: 'Is it late?',
  last_message_at: '2026-11-22T15:00:00Z',
  created_at: '2026-11-22T14:00:00Z',
  unread: 1,
  shipment_id: 's1',
  invoice_id: null,
  other_side_read_at: '2026-11-22T14:30:00Z',
  messages: [
    {
      id: 'm1',
      conversation_id: 'c1',
      from_staff: false,
      internal: false,
      author: 'Ana Pérez',
      body: 'Is it late? <b>urgent</b> see https://example.com/pod.pdf',
      created_at: '2026-11-22T14:00:00Z',
      attachments: [],
    },
    {
      id: 'm2',
      conversation_id: 'c1',
      from_staff: true,
      internal: false,
      author: 'Otto',
      body: 'It arrives at 3 pm.',
      created_at: '2026-11-22T15:00:00Z',
      attachments: [{ id: 'f1', file_name: 'pod.pdf', content_type: 'application/pdf', size: 20480, url: '/api/support/attachments/f1' }],
    },
  ],
};

function openOn(path: string, stubs: Record<string, unknown> = {}, language: 'en' | 'es' = 'en') {
  return renderListScreen({
    path,
    endpoint: '/api/support/conversations',
    language,
    stubs: {
      'GET /api/support/conversations': {
        data: [{ ...THREAD, opened_by: { id: 'u2', name: 'Carla Clerk' } }],
        meta: { current_page: 1, per_page: 50, total: 1, last_page: 1, unread: 1 },
      },
      'GET /api/support/hours': { data: HOURS },
      'GET /api/support/conversations/c1': { data: THREAD },
      'POST /api/support/conversations/c1/read': () => new Response(null, { status: 204 }),
      ...stubs,
    },
  });
}

describe('chat with support', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for an issue category in the spec words before sending, then opens the conversation', async () => {
    const opened = vi.fn((_url: string, _init?: RequestInit) => jsonResponse(201, { data: { ...THREAD, id: 'c2', messages: [] } }));
    openOn('/address-book', {
      'POST /api/support/conversations': opened,
      'GET /api/support/conversations/c2': { data: { ...THREAD, id: 'c2' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: /Chat with support/ }));
    const chat = await screen.findByRole('dialog', { name: 'Chat with support' });
    await userEvent.click(await within(chat).findByRole('button', { name: 'New conversation' }));
    // The button is gone with the list: focus stays in the chat, on the new view's first control.
    await waitFor(() => expect(chat.contains(document.activeElement)).toBe(true));
    // Outside hours: when to expect an answer, and the phone.
    expect(await within(chat).findByTestId('out-of-hours')).toHaveTextContent('(312) 555-0150');
    await userEvent.type(within(chat).getByLabelText('Message'), 'Where is my pickup?');
    await userEvent.click(within(chat).getByRole('button', { name: 'Send' }));
    expect(await within(chat).findByText('Please select an issue category')).toBeInTheDocument();
    expect(opened).not.toHaveBeenCalled();
    await userEvent.click(within(chat).getByRole('combobox', { name: /Issue category/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Shipping', hidden: true }));
    await userEvent.type(within(chat).getByLabelText('BOL or invoice number'), 'INV-1');
    await userEvent.click(within(chat).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(opened).toHaveBeenCalled());
    expect(JSON.parse(String(opened.mock.calls[0]?.[1]?.body))).toEqual({
      category: 'shipping',
      reference: 'INV-1',
      message: 'Where is my pickup?',
      attachment_ids: [],
    });
  });

  it('a reply is a form: an empty one is refused at its field, Ctrl+Enter sends, and a refusal of no field is the form alert', async () => {
    const sent = vi.fn(() => jsonResponse(422, { message: 'Invalid', errors: { 'attachment_ids.0': ['That file is gone.'] } }));
    openOn('/address-book', { 'POST /api/support/conversations/c1/messages': sent });
    await userEvent.click(await screen.findByRole('button', { name: /Chat with support/ }));
    const chat = await screen.findByRole('dialog', { name: 'Chat with support' });
    await userEvent.click(await within(chat).findByText('Is it late?'));
    const reply = await within(chat).findByRole('textbox', { name: 'Your reply' });
    expect(reply.closest('form')).not.toBeNull();
    await userEvent.click(within(chat).getByRole('button', { name: 'Send' }));
    expect(reply).toHaveAttribute('aria-invalid', 'true');
    expect(reply).toHaveAccessibleDescription('Field is required');
    expect(sent).not.toHaveBeenCalled();

    await userEvent.type(reply, 'Thanks{Enter}for the update');
    expect(sent).not.toHaveBeenCalled();
    expect(reply).not.toHaveAttribute('aria-invalid');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(sent).toHaveBeenCalled());
    expect(await within(chat).findByRole('alert')).toHaveTextContent('That file is gone.');
  });

  it('shows a thread as text with links, attachments and the read mark, and marks the reply read', async () => {
    const { fetchMock } = openOn('/my-shipments');
    await userEvent.click(await screen.findByRole('button', { name: /Chat with support: 1 unread reply/ }));
    const chat = await screen.findByRole('dialog', { name: 'Chat with support' });
    // The account's conversations, each naming who of the team opened it.
    expect(await within(chat).findByTestId('conversation-row')).toHaveTextContent('Opened by Carla Clerk');
    await userEvent.click(await within(chat).findByText('Is it late?'));
    const first = (await within(chat).findAllByTestId('chat-message'))[0]!;
    // Typed HTML stays text; the web address is a link that opens apart from the page.
    expect(first).toHaveTextContent('Is it late? <b>urgent</b>');
    expect(first.querySelector('b')).toBeNull();
    expect(within(first).getByRole('link', { name: 'https://example.com/pod.pdf' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(within(chat).getByRole('link', { name: 'pod.pdf (20 KB)' })).toHaveAttribute('href', '/api/support/attachments/f1');
    expect(within(chat).getAllByText(/Read$/)).toHaveLength(1);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/support/conversations/c1/read' && init?.method === 'POST')).toBe(
        true,
      ),
    );
  });

  it('speaks Spanish', async () => {
    openOn('/my-shipments', {}, 'es');
    await userEvent.click(await screen.findByRole('button', { name: /Chatear con soporte/ }));
    const chat = await screen.findByRole('dialog', { name: 'Chatear con soporte' });
    expect(await within(chat).findByText('Esperando su respuesta')).toBeInTheDocument();
    expect(within(chat).getByTestId('conversation-row')).toHaveTextContent('Abierta por Carla Clerk');
    await userEvent.click(within(chat).getByRole('button', { name: 'Nueva conversación' }));
    await userEvent.type(within(chat).getByLabelText('Mensaje'), 'Hola');
    await userEvent.click(within(chat).getByRole('button', { name: 'Enviar' }));
    expect(await within(chat).findByText('Por favor seleccione una categoría de problema')).toBeInTheDocument();
  });
});
