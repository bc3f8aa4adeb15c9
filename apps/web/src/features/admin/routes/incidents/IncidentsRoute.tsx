import { INCIDENT_KINDS, INCIDENT_STATES, type IncidentRow } from '@freight/contracts';
import { Anchor, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportMenu } from '../../../../components/export/ExportMenu';
import { ListTable } from '../../../../components/list/ListTable';
import { useListParams } from '../../../../components/list/useListParams';
import { PageHeader } from '../../../../components/PageHeader';
import { useFormat } from '../../../../lib/useFormat';
import { incidentPath, incidentsQuery } from '../../api/carrierMessagesApi';
import { IncidentKindBadge, IncidentStateBadge } from '../../components/incidents/IncidentKindBadge';
import { CarrierFilter, useUrlFilters } from '../../components/UrlFilters';

const FILTERS = ['carrier_id', 'kind', 'state', 'from', 'to'] as const;

/**
 * API Incidents (super_admin): every group of failures between the portal and carriers or eBay,
 * the most recently seen first, each counted however often it happened; searchable by words,
 * carrier, kind, state and the days it was last seen.
 */
export function IncidentsRoute() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const list = useListParams();
  const { search, input, filtered } = useUrlFilters(list, FILTERS);
  const query = useQuery(incidentsQuery(search));
  const any = { value: '', label: t('admin.incidents.any') };
  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.incidents')} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t('admin.incidents.search')}
          placeholder={t('admin.incidents.search_hint')}
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
          maxLength={100}
          w={280}
        />
        <CarrierFilter label={t('admin.incidents.carrier')} w={230} {...input('carrier_id')} />
        <NativeSelect
          label={t('admin.incidents.kind')}
          data={[any, ...INCIDENT_KINDS.map((k) => ({ value: k, label: t(`admin.incidents.kinds.${k}`) }))]}
          w={220}
          {...input('kind')}
        />
        <NativeSelect
          label={t('admin.incidents.state')}
          data={[any, ...INCIDENT_STATES.map((s) => ({ value: s, label: t(`admin.incidents.states.${s}`) }))]}
          w={130}
          {...input('state')}
        />
        <TextInput type="date" label={t('admin.incidents.from')} w={150} {...input('from')} />
        <TextInput type="date" label={t('admin.incidents.to')} w={150} {...input('to')} />
        <ExportMenu path="/api/admin/incidents/export" query={search} fileName="admin-incidents" />
      </Group>
      <ListTable
        list={list}
        query={query}
        minWidth={1000}
        caption={t('admin.incidents.caption')}
        head={
          <>
            <Table.Th>{t('admin.incidents.last_seen')}</Table.Th>
            <Table.Th>{t('admin.incidents.kind')}</Table.Th>
            <Table.Th>{t('admin.incidents.carrier')}</Table.Th>
            <Table.Th>{t('admin.incidents.error')}</Table.Th>
            <Table.Th ta="right">{t('admin.incidents.occurrences')}</Table.Th>
            <Table.Th ta="right">{t('admin.incidents.affected_quotes')}</Table.Th>
            <Table.Th>{t('admin.incidents.state')}</Table.Th>
          </>
        }
        row={(i: IncidentRow) => (
          <Table.Tr key={i.id}>
            {/* The date and the time on two lines at most, leaving the width to the message. */}
            <Table.Td style={{ minWidth: '7rem' }}>{fmt.dateTime(i.last_seen_at)}</Table.Td>
            <Table.Td>
              <IncidentKindBadge kind={i.kind} />
              <Text size="xs" c="dimmed" mt={2}>
                {i.operation}
              </Text>
            </Table.Td>
            <Table.Td>{i.carrier ? `${i.carrier.name} (${i.carrier.scac})` : '—'}</Table.Td>
            {/* Long words may break, but the message keeps a readable width beside the wide badges. */}
            <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '12rem' }}>
              <Anchor component={Link} to={incidentPath(i.id)} size="sm">
                {i.error}
              </Anchor>
            </Table.Td>
            <Table.Td ta="right">{fmt.number(i.occurrences)}</Table.Td>
            <Table.Td ta="right">{i.affected_quotes ? fmt.number(i.affected_quotes) : '—'}</Table.Td>
            <Table.Td>
              <IncidentStateBadge state={i.state} />
            </Table.Td>
          </Table.Tr>
        )}
        total={(count, formatted) => t('admin.incidents.total', { count, formatted })}
        empty={<Text>{t('admin.incidents.none')}</Text>}
        emptyFiltered={t('admin.incidents.none_filtered')}
        clearLabel={t('admin.incidents.clear')}
        filtered={filtered}
        clears={[...FILTERS]}
      />
    </Stack>
  );
}
