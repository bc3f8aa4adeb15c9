import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { CoreProviders } from '../../app/coreProviders';
import { ApiError } from '../../lib/api';
import { onAnnouncement } from '../a11y/announcer';
import { ReplyBox } from './ReplyBox';

const said: string[] = [];
const stopListening = onAnnouncement((m) => said.push(m));
afterEach(() => {
  said.length = 0;
});
afterAll(stopListening);

function renderBox(send: (body: string) => Promise<unknown>) {
  return render(
    <CoreProviders>
      <QueryClientProvider client={new QueryClient()}>
        <ReplyBox label="Your message" sendLabel="Send" send={send} />
      </QueryClientProvider>
    </CoreProviders>,
  );
}

describe('a dispute reply box', () => {
  it('sends with Enter on Send and empties the box', async () => {
    const send = vi.fn(async () => undefined);
    renderBox(send);
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await userEvent.type(box, 'Please look again');
    screen.getByRole('button', { name: 'Send' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(send).toHaveBeenCalledWith('Please look again');
  });

  it('puts a refusal under the box, focuses it and says so', async () => {
    renderBox(() => Promise.reject(new ApiError(422, { message: 'Invalid', errors: { body: ['The message is too long.'] } })));
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await userEvent.type(box, 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveAccessibleDescription('The message is too long.');
    expect(said).toEqual(['1 field needs attention']);
  });

  it('says nothing of the last refusal while the next reply is on its way', async () => {
    let calls = 0;
    renderBox(() =>
      ++calls === 1
        ? Promise.reject(new ApiError(422, { message: 'Invalid', errors: { body: ['The message is too long.'] } }))
        : new Promise(() => undefined),
    );
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await userEvent.type(box, 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(said).toEqual(['1 field needs attention']));
    await userEvent.type(box, ' again');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).not.toHaveAccessibleDescription('The message is too long.'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(said).toEqual(['1 field needs attention']);
  });
});
