import type { ScacAliasView } from '@freight/contracts';
import { SCAC_ALIAS_KINDS } from '@freight/domain';
import { Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { ActionsTh } from '../../../../components/list/ActionsTh';
import { ListTable } from '../../../../components/list/ListTable';
import { useListParams } from '../../../../components/list/useListParams';
import { PageHeader } from '../../../../components/PageHeader';
import { aliasesKey, aliasesQuery, deleteAlias } from '../../api/carrierMessagesApi';
import { AliasDialog } from '../../components/scac-aliases/AliasDialog';
import { CarrierFilter, useUrlFilters } from '../../components/UrlFilters';

const FILTERS = ['carrier_id', 'kind'] as const;

/**
 * Carrier SCAC Aliases (every staff role but accounting): the other SCACs and names carriers use
 * in their tracking events and invoices, each mapped to the carrier it means.
 */
export function ScacAliasesRoute() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useListParams();
  const { search, input, filtered } = useUrlFilters(list, FILTERS);
  const query = useQuery(aliasesQuery(search));
  const [editing, setEditing] = useState<ScacAliasView | 'new' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: [...aliasesKey, 'list'] });
  const remove = useMutation({
    mutationFn: (a: ScacAliasView) => deleteAlias(a.id),
    onSuccess: async (_, a) => {
      notifications.show({ color: 'green', message: t('admin.scac_aliases.deleted', { alias: a.alias }) });
      await refresh();
    },
  });
  const any = { value: '', label: t('admin.incidents.any') };
  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.scacAliases')} />
      <Text size="sm" c="dimmed" maw={760}>
        {t('admin.scac_aliases.intro')}
      </Text>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="search"
            label={t('admin.scac_aliases.search')}
            placeholder={t('admin.scac_aliases.search_hint')}
            value={list.search}
            onChange={(e) => list.setSearch(e.currentTarget.value)}
            maxLength={100}
            w={260}
          />
          <CarrierFilter label={t('admin.scac_aliases.carrier')} w={240} {...input('carrier_id')} />
          <NativeSelect
            label={t('admin.scac_aliases.kind')}
            data={[any, ...SCAC_ALIAS_KINDS.map((k) => ({ value: k, label: t(`admin.scac_aliases.kinds.${k}`) }))]}
            w={160}
            {...input('kind')}
          />
        </Group>
        <Button onClick={() => setEditing('new')}>{t('admin.scac_aliases.add')}</Button>
      </Group>
      {remove.error && <ErrorAlert error={remove.error} />}
      <ListTable
        list={list}
        query={query}
        minWidth={820}
        caption={t('admin.scac_aliases.caption')}
        head={
          <>
            <Table.Th>{t('admin.scac_aliases.alias')}</Table.Th>
            <Table.Th>{t('admin.scac_aliases.kind')}</Table.Th>
            <Table.Th>{t('admin.scac_aliases.carrier')}</Table.Th>
            <Table.Th>{t('admin.scac_aliases.note')}</Table.Th>
            <ActionsTh />
          </>
        }
        row={(a: ScacAliasView) => (
          <Table.Tr key={a.id}>
            <Table.Td fw={600} ff={a.kind === 'scac' ? 'monospace' : undefined}>
              {a.alias}
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={a.kind === 'scac' ? 'blue' : 'gray'} size="sm">
                {t(`admin.scac_aliases.kinds.${a.kind}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              {a.carrier.name} ({a.carrier.scac}, {t(`shipping_modes.${a.carrier.mode}`)})
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{a.note || '—'}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => setEditing(a)}
                  aria-label={t('admin.scac_aliases.edit_named', { alias: a.alias })}
                >
                  {t('admin.scac_aliases.edit_short')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  aria-label={t('admin.scac_aliases.delete_named', { alias: a.alias })}
                  loading={remove.isPending && remove.variables?.id === a.id}
                  onClick={() =>
                    modals.openConfirmModal({
                      title: t('admin.scac_aliases.delete'),
                      children: (
                        <Text size="sm">{t('admin.scac_aliases.delete_confirm', { alias: a.alias, carrier: a.carrier.name })}</Text>
                      ),
                      labels: { confirm: t('admin.scac_aliases.delete'), cancel: t('common.cancel') },
                      confirmProps: { color: 'red' },
                      onConfirm: () => remove.mutate(a),
                    })
                  }
                >
                  {t('admin.scac_aliases.delete')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
        total={(count, formatted) => t('admin.scac_aliases.total', { count, formatted })}
        empty={<Text>{t('admin.scac_aliases.none')}</Text>}
        emptyFiltered={t('admin.scac_aliases.none_filtered')}
        clearLabel={t('admin.incidents.clear')}
        filtered={filtered}
        clears={[...FILTERS]}
      />
      {editing && (
        <AliasDialog
          alias={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(a) => {
            notifications.show({ color: 'green', message: t('admin.scac_aliases.saved', { alias: a.alias, carrier: a.carrier.name }) });
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}
