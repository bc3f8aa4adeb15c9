import { type ShipmentWatchersView, shipmentWatcherAddRequest, type WatcherColleague } from '@freight/contracts';
import { Badge, Button, Card, Group, List, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormAlert } from '../../../components/FormAlert';
import { showNotice } from '../../../components/notices/showNotice';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { colleaguesQuery, watcherActions, watchersKey, watchersQuery } from '../api/watchers';

/** A change to the watchers, with whom it names (for the notice). */
type Change = { kind: 'watch' | 'unwatch' } | { kind: 'add' | 'remove'; userId: string; name: string };

/** A change to the watchers: its answer (the watchers as they now are) replaces them, and the colleagues to add are read again. */
function useWatcherChange(shipmentId: string, onAdded?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: Change) => {
      switch (c.kind) {
        case 'watch':
          return watcherActions.watch(shipmentId);
        case 'unwatch':
          return watcherActions.unwatch(shipmentId);
        case 'add':
          return watcherActions.add(shipmentId, c.userId);
        case 'remove':
          return watcherActions.remove(shipmentId, c.userId);
      }
    },
    onSuccess: (view: ShipmentWatchersView, c) => {
      client.setQueryData(watchersKey(shipmentId), view);
      void client.invalidateQueries({ queryKey: colleaguesQuery(shipmentId).queryKey });
      if (c.kind === 'add') onAdded?.();
      showNotice({ color: 'green', message: { key: `watchers.done.${c.kind}`, params: 'name' in c ? { name: c.name } : {} } });
    },
  });
}

/**
 * Who watches the shipment besides its booker, i.e. gets its tracking mails: the caller's own
 * Watch / Stop watching (not for the booker, who gets them anyway), and for a user who may book,
 * adding a colleague of the account or removing a watcher.
 */
export function ShipmentWatchers({ shipmentId }: { shipmentId: string }) {
  const { t } = useTranslation();
  const mayBook = useCan('shipments.book');
  const query = useQuery(watchersQuery(shipmentId));
  const change = useWatcherChange(shipmentId);
  const view = query.data;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="shipment-watchers">
      <Title order={2} size="h3" fz="md" id="shipment-watchers" mb="xs">
        {t('watchers.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('watchers.intro')}
      </Text>
      {query.error && !view && <ErrorAlert error={query.error} />}
      {!view && !query.error && <Skeleton height={60} radius="sm" aria-hidden />}
      {view && (
        <Stack gap="sm">
          {view.watchers.length ? (
            <List spacing={4} size="sm" aria-label={t('watchers.list')}>
              {view.watchers.map((w) => (
                <List.Item key={w.user_id}>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" span>
                      {w.you ? t('watchers.you', { name: w.name }) : w.name}
                    </Text>
                    {mayBook && !w.you && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        aria-label={t('watchers.remove_named', { name: w.name })}
                        loading={change.isPending && change.variables?.kind === 'remove' && change.variables.userId === w.user_id}
                        onClick={() => change.mutate({ kind: 'remove', userId: w.user_id, name: w.name })}
                      >
                        {t('watchers.remove')}
                      </Button>
                    )}
                  </Group>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">{t('watchers.none')}</Text>
          )}
          {view.booked_by_you ? (
            <Text size="sm">{t('watchers.booked_by_you')}</Text>
          ) : (
            <Group gap="sm" wrap="wrap">
              {view.watching && (
                <Badge color="green" variant="light">
                  {t('watchers.watching')}
                </Badge>
              )}
              <Button
                variant={view.watching ? 'default' : 'light'}
                loading={change.isPending && (change.variables?.kind === 'watch' || change.variables?.kind === 'unwatch')}
                onClick={() => change.mutate({ kind: view.watching ? 'unwatch' : 'watch' })}
              >
                {view.watching ? t('watchers.stop') : t('watchers.watch')}
              </Button>
            </Group>
          )}
          {change.error && <ErrorAlert error={change.error} />}
          {mayBook && <AddColleague shipmentId={shipmentId} />}
        </Stack>
      )}
    </Card>
  );
}

/** Choose an active colleague of the account and add them as a watcher. */
function AddColleague({ shipmentId }: { shipmentId: string }) {
  const { t } = useTranslation();
  const colleagues = useQuery(colleaguesQuery(shipmentId));
  const form = useForm({
    initialValues: { user_id: '' },
    validate: (v) => zodErrors(shipmentWatcherAddRequest, t, v),
  });
  const add = useWatcherChange(shipmentId, () => form.reset());
  const list: WatcherColleague[] = colleagues.data ?? [];

  if (colleagues.error) return <ErrorAlert error={colleagues.error} />;
  if (colleagues.data && !list.length) return <Text size="sm">{t('watchers.no_colleagues')}</Text>;
  return (
    <form
      aria-label={t('watchers.add_title')}
      noValidate
      onSubmit={form.onSubmit((v) => {
        const name = list.find((c) => c.user_id === v.user_id)?.name ?? '';
        add.mutate({ kind: 'add', userId: v.user_id, name }, { onError: (error) => setServerErrors(form, error) });
      })}
    >
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('watchers.add_label')}
            style={{ flex: '1 1 14rem', minWidth: 0 }}
            disabled={!colleagues.data}
            data={[{ value: '', label: t('watchers.choose'), disabled: true }, ...list.map((c) => ({ value: c.user_id, label: c.name }))]}
            {...form.getInputProps('user_id')}
          />
          <Button type="submit" variant="default" loading={add.isPending}>
            {t('watchers.add')}
          </Button>
        </Group>
        <FormAlert error={add.error} fields={form} />
      </Stack>
    </form>
  );
}
