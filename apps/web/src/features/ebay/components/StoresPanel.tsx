import type { EbayStoreView } from '@freight/contracts';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useCan } from '../../../lib/permissions';
import { useFormat } from '../../../lib/useFormat';
import { connectStore, disconnectStore, EBAY_KEY, storesQuery, syncStore } from '../api/ebayApi';
import { ebayProblem } from '../problem';

/** Why a sync failed, in the reader's words: a lost consent says what to do about it. */
function syncProblem(t: TFunction, problem: string) {
  return problem === 'consent_lost' ? t('ebay.stores.consent_lost') : t('ebay.stores.sync_failed', { reason: ebayProblem(t, problem) });
}

function StoreCard({ store }: { store: EbayStoreView }) {
  const { t } = useTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: EBAY_KEY });
  const sync = useMutation({ mutationFn: () => syncStore(store.id), onSuccess: refresh });
  const disconnect = useMutation({ mutationFn: () => disconnectStore(store.id), onSuccess: refresh });
  const reconnect = useMutation({ mutationFn: connectStore, onSuccess: (url) => window.location.assign(url) });
  const connected = store.status === 'connected';
  const mayShip = useCan('ebay.ship');
  return (
    <Paper withBorder p="sm" data-testid="ebay-store">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{store.ebay_user}</Text>
            <Badge color={connected ? 'green' : 'red'} variant="light">
              {t(`ebay.stores.status.${store.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {store.last_sync_at ? t('ebay.stores.last_sync', { when: f.dateTime(store.last_sync_at) }) : t('ebay.stores.never_synced')}
          </Text>
        </Stack>
        <Group gap="xs">
          {!mayShip ? null : connected ? (
            <>
              <Button size="xs" onClick={() => sync.mutate()} loading={sync.isPending}>
                {t('ebay.stores.sync_now')}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => disconnect.mutate()} loading={disconnect.isPending}>
                {t('ebay.stores.disconnect')}
              </Button>
            </>
          ) : (
            <Button size="xs" onClick={() => reconnect.mutate()} loading={reconnect.isPending}>
              {t('ebay.stores.reconnect')}
            </Button>
          )}
        </Group>
      </Group>
      {store.last_sync_error && (
        <Alert color={connected ? 'yellow' : 'red'} mt="xs" data-testid="ebay-sync-error">
          {syncProblem(t, store.last_sync_error)}
          {connected && store.next_sync_at ? ` ${t('ebay.stores.next_try', { when: f.dateTime(store.next_sync_at) })}` : ''}
        </Alert>
      )}
      {connected && store.consent_expiring && store.consent_expires_at && (
        <Alert color="yellow" mt="xs">
          {t('ebay.stores.consent_expiring', { when: f.date(store.consent_expires_at) })}
        </Alert>
      )}
      {sync.error && <ErrorAlert error={sync.error} />}
    </Paper>
  );
}

/** The connected stores, each with its sync state, and the way to connect another (for a role that ships orders). */
export function StoresPanel() {
  const { t } = useTranslation();
  const mayShip = useCan('ebay.ship');
  const stores = useQuery(storesQuery());
  const connect = useMutation({ mutationFn: connectStore, onSuccess: (url) => window.location.assign(url) });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>{t('ebay.stores.title')}</Text>
        {mayShip && (
          <Button size="xs" variant="light" onClick={() => connect.mutate()} loading={connect.isPending}>
            {t('ebay.stores.connect')}
          </Button>
        )}
      </Group>
      {stores.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('ebay.stores.none')}
        </Text>
      )}
      {stores.data?.map((s) => (
        <StoreCard key={s.id} store={s} />
      ))}
      {connect.error && <ErrorAlert error={connect.error} />}
    </Stack>
  );
}
