import { ALERT_KINDS, type AlertKind, type ExceptionQueueItem } from '@freight/contracts';
import { Anchor, Button, Checkbox, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Pager } from '../../../components/list/Pager';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { useListParams } from '../../../components/list/useListParams';
import { showNotice } from '../../../components/notices/showNotice';
import { QueryStatus } from '../../../components/QueryStatus';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { acknowledgeExceptions, EXCEPTIONS_KEY, listExceptions } from '../api/alertsApi';
import { KindBadge } from './KindBadge';
import { ageWords, useAlertDetail } from './words';

const isKind = (v: string | null): v is AlertKind => !!v && (ALERT_KINDS as readonly string[]).includes(v);

/**
 * Staff's exceptions queue: the shipments that need a call, oldest first (age, kind, account,
 * shipment, carrier, last event), by kind in the URL. Rows are picked (or the whole page), and
 * Acknowledge takes them out of the queue once confirmed, saying how many it took.
 */
export function ExceptionsQueue() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useListParams();
  const kindParam = list.params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const query = useQuery({
    queryKey: [...EXCEPTIONS_KEY, 'queue', { kind, page: list.page }],
    queryFn: ({ signal }) => listExceptions({ kind, page: list.page }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A pick is of the rows on screen: another filter or page starts a new one.
  const shown = rows.map((r) => r.id).join(' ');
  useEffect(() => {
    const onScreen = new Set(shown.split(' '));
    setSelected((s) => new Set([...s].filter((id) => onScreen.has(id))));
  }, [shown]);
  const picked = rows.filter((r) => selected.has(r.id)).map((r) => r.id);
  const all = rows.length > 0 && picked.length === rows.length;
  const some = picked.length > 0 && !all;
  const pick = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const acknowledge = useMutation({
    mutationFn: acknowledgeExceptions,
    onSuccess: async ({ acknowledged }, ids) => {
      setSelected(new Set());
      await client.invalidateQueries({ queryKey: EXCEPTIONS_KEY });
      const skipped = ids.length - acknowledged;
      showNotice({
        color: 'green',
        message:
          skipped > 0
            ? { key: 'alerts.queue.acknowledged_some', params: { count: acknowledged, skipped } }
            : { key: 'alerts.queue.acknowledged', params: { count: acknowledged } },
      });
    },
  });
  const confirm = () => {
    const ids = picked;
    modals.openConfirmModal({
      title: t('alerts.queue.confirm_title', { count: ids.length }),
      children: <Text size="sm">{t('alerts.queue.confirm_body', { count: ids.length })}</Text>,
      labels: { confirm: t('alerts.queue.confirm', { count: ids.length }), cancel: t('alerts.queue.cancel') },
      onConfirm: () => acknowledge.mutate(ids),
    });
  };

  const counts = query.data?.counts;
  const kindLabel = (k: AlertKind) =>
    counts ? t('alerts.queue.kind_count', { kind: t(`alerts.kinds.${k}`), count: counts[k] ?? 0 }) : t(`alerts.kinds.${k}`);
  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" justify="space-between" wrap="wrap">
        <NativeSelect
          label={t('alerts.queue.kind_filter')}
          value={kind ?? ''}
          onChange={(e) => list.update({ kind: e.currentTarget.value || null, page: null })}
          data={[{ value: '', label: t('alerts.queue.all_kinds') }, ...ALERT_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))]}
          w={300}
          maw="100%"
        />
        <Group gap="sm" align="center" wrap="wrap">
          <Text size="sm" aria-live="polite" data-testid="selected-count">
            {t('alerts.queue.selected', { count: picked.length })}
          </Text>
          <Button disabled={picked.length === 0} onClick={confirm} loading={acknowledge.isPending}>
            {t('alerts.queue.acknowledge')}
          </Button>
        </Group>
      </Group>
      {acknowledge.error && <ErrorAlert error={acknowledge.error} />}
      <QueryStatus query={query} />
      {query.data && rows.length === 0 && <Text>{t(kind ? 'alerts.queue.empty_kind' : 'alerts.queue.empty')}</Text>}
      {rows.length > 0 && (
        <ResponsiveTable minWidth={960}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Caption>{t('alerts.queue.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>
                  <Checkbox
                    aria-label={t('alerts.queue.select_all')}
                    checked={all}
                    indeterminate={some}
                    onChange={(e) => setSelected(new Set(e.currentTarget.checked ? rows.map((r) => r.id) : []))}
                  />
                </Table.Th>
                <Table.Th>{t('alerts.queue.columns.age')}</Table.Th>
                <Table.Th>{t('alerts.queue.columns.kind')}</Table.Th>
                <Table.Th>{t('alerts.queue.columns.account')}</Table.Th>
                <Table.Th>{t('alerts.queue.columns.shipment')}</Table.Th>
                <Table.Th>{t('alerts.queue.columns.carrier')}</Table.Th>
                <Table.Th>{t('alerts.queue.columns.last_event')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <QueueRow key={r.id} row={r} selected={selected.has(r.id)} onSelect={(on) => pick(r.id, on)} />
              ))}
            </Table.Tbody>
          </Table>
        </ResponsiveTable>
      )}
      <Pager page={list.page} hasMore={query.data?.has_more ?? false} onPage={(p) => list.setPage(p)} />
    </Stack>
  );
}

function QueueRow({ row: r, selected, onSelect }: { row: ExceptionQueueItem; selected: boolean; onSelect: (on: boolean) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const detail = useAlertDetail()(r.kind, r.details);
  const event = r.last_event;
  return (
    <Table.Tr data-testid="exception-row" bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td>
        <Checkbox
          aria-label={t('alerts.queue.select_row', { number: r.shipment.number, kind: t(`alerts.kinds.${r.kind}`) })}
          checked={selected}
          onChange={(e) => onSelect(e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={600}>
          {ageWords(t, r.raised_at, Date.now())}
        </Text>
        <Text size="xs" c="dimmed">
          <time dateTime={r.raised_at}>{t('alerts.queue.raised', { time: fmt.dateTime(r.raised_at) })}</time>
        </Text>
      </Table.Td>
      <Table.Td>
        <KindBadge kind={r.kind} />
        {detail && (
          <Text size="xs" mt={4}>
            {detail}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={paths.admin.account(r.account_id)} size="sm">
          {r.account_name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={paths.admin.shipment(r.shipment.id)} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {r.shipment.number}
        </Anchor>
        <Text size="xs" c="dimmed">
          {t('alerts.queue.lane', { origin: r.shipment.origin, destination: r.shipment.destination })}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{r.shipment.carrier_name}</Text>
        {r.shipment.pro_number && (
          <Text size="xs" c="dimmed">
            {t('alerts.queue.pro', { number: r.shipment.pro_number })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {event ? (
          <>
            <Text size="sm">{event.description}</Text>
            <Text size="xs" c="dimmed">
              {[event.location, fmt.dateTime(event.occurred_at)].filter(Boolean).join(' · ')}
            </Text>
          </>
        ) : (
          <Text size="sm">{t('alerts.queue.no_event')}</Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
