import type { AlertUnreadResponse, AlertView } from '@freight/contracts';
import { Badge, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Pager } from '../../../components/list/Pager';
import { useListParams } from '../../../components/list/useListParams';
import { showNotice } from '../../../components/notices/showNotice';
import { QueryStatus } from '../../../components/QueryStatus';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { ALERTS_KEY, ALERTS_UNREAD_KEY, type AlertFilter, listAlerts, markAllRead, markRead } from '../api/alertsApi';
import { KindBadge } from './KindBadge';
import { AlertSentence } from './words';

/**
 * The account's alerts, newest first: each in plain words with its shipment's number leading to
 * the shipment's tracking page, when it was raised and where it stands; the open ones or all of
 * them (in the URL), and the unread ones marked as read one by one or all at once.
 */
export function AlertsList() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useListParams();
  const status: AlertFilter = list.params.get('status') === 'all' ? 'all' : 'open';
  const query = useQuery({
    queryKey: [...ALERTS_KEY, 'list', { status, page: list.page }],
    queryFn: ({ signal }) => listAlerts({ status, page: list.page }, signal),
    placeholderData: keepPreviousData,
  });
  const unread = query.data?.unread_count;
  // The list's count is the freshest there is: the navigation's badge follows it.
  useEffect(() => {
    if (unread !== undefined) client.setQueryData<AlertUnreadResponse>(ALERTS_UNREAD_KEY, { unread_count: unread });
  }, [unread, client]);
  const items = useRef(new Map<string, HTMLElement>());
  const afterRead = async (answer: AlertUnreadResponse) => {
    client.setQueryData<AlertUnreadResponse>(ALERTS_UNREAD_KEY, answer);
    await client.invalidateQueries({ queryKey: [...ALERTS_KEY, 'list'] });
  };
  const read = useMutation({
    mutationFn: markRead,
    onSuccess: async (answer, id) => {
      await afterRead(answer);
      // Its button is gone with the unread mark: the keyboard stays on the alert it was on.
      items.current.get(id)?.focus();
    },
  });
  const readAll = useMutation({
    mutationFn: markAllRead,
    onSuccess: async (answer) => {
      await afterRead(answer);
      showNotice({ color: 'green', message: { key: 'alerts.marked_all' } });
    },
  });
  const rows = query.data?.data ?? [];
  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" justify="space-between" wrap="wrap">
        <NativeSelect
          label={t('alerts.filter.label')}
          value={status}
          onChange={(e) => list.update({ status: e.currentTarget.value === 'all' ? 'all' : null, page: null })}
          data={[
            { value: 'open', label: t('alerts.filter.open') },
            { value: 'all', label: t('alerts.filter.all') },
          ]}
          w={240}
          maw="100%"
        />
        {(unread ?? 0) > 0 && (
          <Button variant="default" onClick={() => readAll.mutate()} loading={readAll.isPending}>
            {t('alerts.mark_all_read')}
          </Button>
        )}
      </Group>
      {read.error && <ErrorAlert error={read.error} />}
      {readAll.error && <ErrorAlert error={readAll.error} />}
      <QueryStatus query={query} />
      {query.data && rows.length === 0 && <Text>{t(status === 'all' ? 'alerts.empty_all' : 'alerts.empty_open')}</Text>}
      {rows.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('alerts.caption')}>
          {rows.map((a) => (
            <AlertItem
              key={a.id}
              alert={a}
              reading={read.isPending && read.variables === a.id}
              onRead={() => read.mutate(a.id)}
              itemRef={(el) => {
                if (el) items.current.set(a.id, el);
                else items.current.delete(a.id);
              }}
            />
          ))}
        </Stack>
      )}
      <Pager page={list.page} hasMore={query.data?.has_more ?? false} onPage={(p) => list.setPage(p)} />
    </Stack>
  );
}

function AlertItem({
  alert: a,
  reading,
  onRead,
  itemRef,
}: {
  alert: AlertView;
  reading: boolean;
  onRead: () => void;
  itemRef: (el: HTMLElement | null) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const when =
    a.state === 'closed' && a.closed_at
      ? t('alerts.closed_on', { time: fmt.dateTime(a.closed_at) })
      : a.state === 'acknowledged' && a.acknowledged_at
        ? t('alerts.acknowledged_on', { time: fmt.dateTime(a.acknowledged_at) })
        : null;
  return (
    <Paper
      component="li"
      withBorder
      p="md"
      ref={itemRef}
      tabIndex={-1}
      data-testid="alert-item"
      bg={a.unread ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <KindBadge kind={a.kind} />
          {a.unread && (
            <Badge color="blue" variant="filled" style={{ textTransform: 'none' }}>
              {t('alerts.new')}
            </Badge>
          )}
          <Text size="sm" fw={500}>
            {t(`alerts.states.${a.state}`)}
          </Text>
        </Group>
        <Text>
          <AlertSentence kind={a.kind} details={a.details} number={a.shipment.number} to={paths.trackDetail(a.shipment.id)} />
        </Text>
        {a.kind === 'action_required' && a.details.message && <Text size="sm">{t('alerts.message', { message: a.details.message })}</Text>}
        <Text size="sm" c="dimmed">
          {t('alerts.shipment_line', {
            carrier: a.shipment.carrier_name,
            origin: a.shipment.origin,
            destination: a.shipment.destination,
          })}
        </Text>
        <Text size="sm" c="dimmed">
          <time dateTime={a.raised_at}>{t('alerts.raised_on', { time: fmt.dateTime(a.raised_at) })}</time>
          {when && ` · ${when}`}
        </Text>
        {a.unread && (
          <div>
            <Button
              variant="light"
              size="xs"
              onClick={onRead}
              loading={reading}
              aria-label={t('alerts.mark_read_name', { number: a.shipment.number, kind: t(`alerts.kinds.${a.kind}`) })}
            >
              {t('alerts.mark_read')}
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
