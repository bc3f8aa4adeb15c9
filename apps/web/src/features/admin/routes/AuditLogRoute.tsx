import type { AuditEntryView, Paginated } from '@freight/contracts';
import { Box, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../../components/export/ExportMenu';
import { ListTable } from '../../../components/list/ListTable';
import { useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import { api } from '../../../lib/api';
import { AuditHead, AuditRow } from '../components/AuditTrail';
import { useAuditKinds } from '../components/useAuditKinds';

const FILTERS = ['entity_type', 'from', 'to'] as const;

/**
 * The audit log (super_admin): every staff write, newest first, each naming its record and linking
 * to its page; searchable by action, staff email or the record's name, filtered by the kind of
 * record and the days; the entries found can be exported as CSV or Excel. Nothing here edits the log.
 */
export function AuditLogRoute() {
  const { t } = useTranslation();
  const list = useListParams();
  const kinds = useAuditKinds();
  const p = list.params;
  const filters = Object.fromEntries(FILTERS.flatMap((f) => (p.get(f) ? [[f, p.get(f) as string]] : [])));
  const found = { ...filters, ...(list.q ? { q: list.q } : {}) };
  const search = { ...found, page: String(list.page) };
  const query = useQuery({
    queryKey: ['admin', 'audit', search],
    queryFn: ({ signal }) => api.get<Paginated<AuditEntryView>>('/api/admin/audit', { signal, query: search }),
    placeholderData: keepPreviousData,
  });
  const input = (name: string) => ({
    value: p.get(name) ?? '',
    onChange: (e: { currentTarget: { value: string } }) => list.update({ [name]: e.currentTarget.value, page: null }),
  });
  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.auditLog')} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t('admin.audit.search')}
          placeholder={t('admin.audit.search_hint')}
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
          maxLength={100}
          w={340}
        />
        <NativeSelect
          label={t('admin.audit.record')}
          data={[{ value: '', label: t('admin.audit.any_type') }, ...kinds]}
          w={220}
          {...input('entity_type')}
        />
        <TextInput type="date" label={t('admin.audit.from')} w={160} {...input('from')} />
        <TextInput type="date" label={t('admin.audit.to')} w={160} {...input('to')} />
        <Box ml="auto">
          <ExportMenu path="/api/admin/audit/export" query={found} fileName="audit-log" />
        </Box>
      </Group>
      <ListTable
        list={list}
        query={query}
        minWidth={1060}
        caption={t('admin.audit.caption')}
        dense
        head={<AuditHead withRecord />}
        row={(e: AuditEntryView) => <AuditRow key={e.id} entry={e} withRecord />}
        total={(count, formatted) => t('admin.audit.total', { count, formatted })}
        empty={<Text>{t('admin.audit.none')}</Text>}
        emptyFiltered={t('admin.audit.empty_filtered')}
        clearLabel={t('admin.shipments.filters.clear')}
        filtered={!!list.q || Object.keys(filters).length > 0}
        clears={[...FILTERS]}
      />
    </Stack>
  );
}
