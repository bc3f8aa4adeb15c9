import { CUSTOMS_STAGES, type CustomsQueueItem, type CustomsStage, documentFileName } from '@freight/contracts';
import { Anchor, Badge, Button, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFileDownload } from '../../../components/csv/useFileDownload';
import { Pager } from '../../../components/list/Pager';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { useListParams } from '../../../components/list/useListParams';
import { QueryStatus } from '../../../components/QueryStatus';
import { WRAPPING_COMPACT_BUTTON_STYLES } from '../../../components/wrappingButton';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { ageWords } from '../../alerts';
import { CUSTOMS_KEY, listCustoms, staffDocumentPath } from '../api/customsApi';
import { CorrectionDialog } from './CorrectionDialog';
import { EntryDialog } from './CustomsDialogs';

const isStage = (v: string | null): v is CustomsStage => !!v && (CUSTOMS_STAGES as readonly string[]).includes(v);

const STAGE_COLOURS: Record<CustomsStage, string> = {
  documents_missing: 'red',
  waiting_for_broker: 'yellow',
  ready: 'blue',
  at_border: 'indigo',
  held: 'red',
  released: 'green',
};

type Dialog = { kind: 'entry' | 'correction'; row: CustomsQueueItem } | null;

/**
 * Operations' customs queue: every shipment across a border still on its way, by the stage
 * customs have it, the longest waiting first (stage in the URL). A row names the crossing, the
 * entered side's broker and how to reach it, the entry reference once given, and opens the border
 * documents; staff record the broker's reference, and send a corrected document for freight held.
 */
export function CustomsQueue() {
  const { t } = useTranslation();
  const list = useListParams();
  const stageParam = list.params.get('stage');
  const stage = isStage(stageParam) ? stageParam : undefined;
  const query = useQuery({
    queryKey: [...CUSTOMS_KEY, { stage, page: list.page }],
    queryFn: ({ signal }) => listCustoms({ stage, page: list.page }, signal),
    placeholderData: keepPreviousData,
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const rows = query.data?.data ?? [];
  const counts = query.data?.counts;
  const stageLabel = (s: CustomsStage) =>
    counts
      ? t('customs.queue.stage_count', { stage: t(`shipment.customs.stages.${s}`), count: counts[s] ?? 0 })
      : t(`shipment.customs.stages.${s}`);

  return (
    <Stack gap="md">
      <NativeSelect
        label={t('customs.queue.stage_filter')}
        value={stage ?? ''}
        onChange={(e) => list.update({ stage: e.currentTarget.value || null, page: null })}
        data={[{ value: '', label: t('customs.queue.all_stages') }, ...CUSTOMS_STAGES.map((s) => ({ value: s, label: stageLabel(s) }))]}
        w={320}
        maw="100%"
      />
      <QueryStatus query={query} />
      {query.data && rows.length === 0 && <Text>{t(stage ? 'customs.queue.empty_stage' : 'customs.queue.empty')}</Text>}
      {rows.length > 0 && (
        <ResponsiveTable minWidth={960}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Caption>{t('customs.queue.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customs.queue.columns.waiting')}</Table.Th>
                <Table.Th>{t('customs.queue.columns.stage')}</Table.Th>
                <Table.Th>{t('customs.queue.columns.shipment')}</Table.Th>
                <Table.Th>{t('customs.queue.columns.broker')}</Table.Th>
                <Table.Th>{t('customs.queue.columns.entry')}</Table.Th>
                <Table.Th>{t('customs.queue.columns.documents')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <QueueRow key={r.id} row={r} onOpen={(kind) => setDialog({ kind, row: r })} />
              ))}
            </Table.Tbody>
          </Table>
        </ResponsiveTable>
      )}
      <Pager page={list.page} hasMore={query.data?.has_more ?? false} onPage={(p) => list.setPage(p)} />
      {dialog?.kind === 'entry' && <EntryDialog row={dialog.row} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'correction' && <CorrectionDialog row={dialog.row} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

function QueueRow({ row: r, onOpen }: { row: CustomsQueueItem; onOpen: (kind: 'entry' | 'correction') => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { download, downloading } = useFileDownload();
  const place = (p: CustomsQueueItem['origin']) => `${p.city}, ${p.state}`;
  return (
    <Table.Tr data-testid="customs-row">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={600}>
          {ageWords(t, r.since, Date.now())}
        </Text>
        <Text size="xs" c="dimmed">
          <time dateTime={r.since}>{t('customs.queue.since', { time: fmt.dateTime(r.since) })}</time>
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STAGE_COLOURS[r.stage]} variant="light">
          {t(`shipment.customs.stages.${r.stage}`)}
        </Badge>
        {r.hold_reason && (
          <Text size="xs" mt={4}>
            {r.hold_reason}
          </Text>
        )}
        {r.corrected_at && (
          <Text size="xs" c="dimmed" mt={4}>
            {t('customs.queue.corrected', { time: fmt.dateTime(r.corrected_at) })}
          </Text>
        )}
        {r.customs_version > 1 && (
          <Text size="xs" c="dimmed">
            {t('customs.queue.version', { n: r.customs_version })}
          </Text>
        )}
        {r.stage === 'held' && (
          <Button size="compact-sm" variant="light" mt={6} styles={WRAPPING_COMPACT_BUTTON_STYLES} onClick={() => onOpen('correction')}>
            {t('customs.correction.open')}
          </Button>
        )}
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={paths.admin.shipment(r.id)} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {r.bol_number}
        </Anchor>
        <Text size="xs">{t('customs.queue.lane', { origin: place(r.origin), destination: place(r.destination) })}</Text>
        <Text size="xs" c="dimmed">
          {t('customs.queue.port', { port: r.port_name })}
        </Text>
        <Anchor component={Link} to={paths.admin.account(r.account.id)} size="xs">
          {r.account.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <BrokerContact row={r} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'pre' }}>
          {r.entry_number ?? t('customs.queue.no_entry')}
        </Text>
        <Button size="compact-sm" variant="subtle" mt={4} onClick={() => onOpen('entry')}>
          {t(r.entry_number ? 'shipment.customs_entry.change' : 'shipment.customs_entry.open')}
        </Button>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          {r.documents.map((kind) => {
            const path = staffDocumentPath(r.id, kind);
            const name = t(`shipment.documents.${kind}`);
            return (
              <Button
                key={kind}
                size="compact-sm"
                variant="default"
                styles={WRAPPING_COMPACT_BUTTON_STYLES}
                loading={downloading === path}
                aria-label={t('customs.queue.download', { document: name, number: r.bol_number })}
                onClick={() => void download(path, { fileName: documentFileName(kind, r.bol_number) })}
              >
                {name}
              </Button>
            );
          })}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

function BrokerContact({ row: r }: { row: CustomsQueueItem }) {
  const { t } = useTranslation();
  const b = r.broker;
  if (!b) return <Text size="sm">{t('customs.queue.no_declaration')}</Text>;
  if (b.ours) return <Text size="sm">{t('customs.queue.our_broker', { country: t(`countries.${b.country}`) })}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {b.company}
      </Text>
      {b.contact_name && <Text size="xs">{b.contact_name}</Text>}
      <Anchor href={`tel:${b.phone.replace(/[^\d+]/g, '')}`} size="xs">
        {b.phone}
      </Anchor>
      <Anchor href={`mailto:${b.email}`} size="xs">
        {b.email}
      </Anchor>
    </Stack>
  );
}
