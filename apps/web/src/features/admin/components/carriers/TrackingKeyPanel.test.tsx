import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../../app/providers';
import { jsonResponse } from '../../../../test/fixtures';
import { signInStaff } from '../../testStaff';
import { TrackingKeyPanel } from './TrackingKeyPanel';

describe('TrackingKeyPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rotates the key after a confirmation and shows the new one once, with the old one’s grace period', async () => {
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/carriers/c1/tracking-key': { data: { has_key: true, rotated_at: null, previous_valid_until: null } },
      'POST /api/admin/carriers/c1/tracking-key': () =>
        jsonResponse(201, {
          data: { has_key: true, rotated_at: '2026-11-23T09:00:00Z', previous_valid_until: '2026-11-30T09:00:00Z', key: 'new-key-abc123' },
        }),
    });
    render(
      <Providers queryClient={createQueryClient()}>
        <TrackingKeyPanel carrierId="c1" />
      </Providers>,
    );
    expect(await screen.findByText('The carrier signs its tracking events with its key.')).toBeInTheDocument();
    expect(screen.getByText('Never rotated here.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rotate key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the tracking key?' });
    expect(dialog).toHaveTextContent('The current key keeps working for 7 days');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    expect(await screen.findByTestId('new-tracking-key')).toHaveTextContent('new-key-abc123');
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(screen.getByTestId('previous-key-until')).toHaveTextContent('The previous key is still accepted until');
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByText('new-key-abc123')).not.toBeInTheDocument();
  });
});
