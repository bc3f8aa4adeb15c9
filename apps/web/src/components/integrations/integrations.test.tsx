import { API_SCOPES, type IssuedCredential, WEBHOOK_EVENT_TYPES, type WebhookDeliveryView } from '@freight/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers';
import i18n from '../../lib/i18n';
import { credentialSecret, ShownOnceSecretModal, type ShownSecret } from './ShownOnceSecret';
import { WebhookDeliveriesTable } from './WebhookDeliveriesTable';

const issued = {
  credential: { client_id: 'fpc_abc', name: 'Warehouse' },
  client_secret: 'fpcs_once',
} as IssuedCredential;

const delivery: WebhookDeliveryView = {
  id: 8,
  event_id: 'evt_9',
  event_type: 'invoice.paid',
  status: 'delivered',
  attempts: 1,
  last_status_code: 204,
  last_error: null,
  last_duration_ms: 40,
  next_attempt_at: null,
  created_at: '2026-03-02T15:30:00Z',
  delivered_at: '2026-03-02T15:30:01Z',
  replay_of: 7,
  payload: { type: 'invoice.paid', timestamp: '2026-03-02T15:30:00Z', data: { invoice: 'INV-1' } },
};

const withProviders = (ui: React.ReactNode) => render(<Providers queryClient={createQueryClient()}>{ui}</Providers>);

/** A screen that holds the secret until the dialog closes, as the features do. */
function SecretHolder({ shown }: { shown: ShownSecret }) {
  const [secret, setSecret] = useState<ShownSecret | null>(shown);
  return <ShownOnceSecretModal secret={secret} onClose={() => setSecret(null)} />;
}

describe('shared integration pieces', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows a secret once, under the default title and its subject, and keeps nothing after "I have copied it"', async () => {
    withProviders(<SecretHolder shown={credentialSecret(i18n.t, issued, { subject: 'Warehouse' })} />);
    const dialog = await screen.findByRole('dialog', { name: 'Copy your secret now' });
    expect(dialog).toHaveTextContent(/Warehouse.*will not be shown again/);
    expect(within(dialog).getByLabelText('Client ID')).toHaveTextContent('fpc_abc');
    expect(within(dialog).getByLabelText('Client secret')).toHaveTextContent('fpcs_once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('fpcs_once')).not.toBeInTheDocument();
  });

  it('lists deliveries in Spanish, opens the request that was sent under its row, and replays one', async () => {
    await act(() => i18n.changeLanguage('es'));
    const onReplay = vi.fn();
    withProviders(<WebhookDeliveriesTable deliveries={[delivery]} onReplay={onReplay} replaying={null} />);
    const row = screen.getByText('evt_9').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent(/invoice\.paid.*Reenvío de #7.*Entregada.*204.*40 ms/);
    const request = within(row).getByRole('button', { name: /^Solicitud de invoice\.paid/ });
    await userEvent.click(request);
    expect(screen.getByLabelText('Cuerpo de la solicitud')).toHaveTextContent('"invoice": "INV-1"');
    expect(screen.getByText(/webhook-id.*webhook-timestamp.*webhook-signature/)).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /^Reenviar invoice\.paid/ }));
    expect(onReplay).toHaveBeenCalledWith(delivery);
  });

  it('says so when nothing was delivered yet', () => {
    withProviders(<WebhookDeliveriesTable deliveries={[]} onReplay={vi.fn()} replaying={null} />);
    expect(screen.getByText(/No deliveries yet/)).toBeInTheDocument();
  });
});

describe('what a scope or an event allows', () => {
  it('is said in both languages for every scope and every webhook event', () => {
    const keys = [
      ...API_SCOPES.map((scope) => `integrations.scopes.${scope.replace(/[:.]/g, '_')}`),
      ...WEBHOOK_EVENT_TYPES.map((event) => `integrations.events.${event.replace(/[:.]/g, '_')}`),
    ];
    for (const key of keys) for (const lng of ['en', 'es']) expect(i18n.exists(key, { lng, fallbackLng: [] }), `${lng} ${key}`).toBe(true);
  });
});
