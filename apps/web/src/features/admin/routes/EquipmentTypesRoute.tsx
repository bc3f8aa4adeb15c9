import type { EquipmentTypeView } from '@freight/contracts';
import { Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ActionsTh } from '../../../components/list/ActionsTh';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { WHOLE_LABEL } from '../../../components/tracking/StatusBadge';
import { useFormat } from '../../../lib/useFormat';
import { afterEquipmentChange, equipmentTypesAdminQuery, restoreEquipmentType, retireEquipmentType } from '../api/equipmentTypesApi';
import { EquipmentTypeDialog } from '../components/equipment/EquipmentTypeDialog';

/**
 * Truckload Equipment (super_admin): the equipment types of the Truckload page, retired ones
 * included (marked); add, edit, retire and restore. Types are never deleted: quotes and
 * shipments keep their code.
 */
export function EquipmentTypesRoute() {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const query = useQuery(equipmentTypesAdminQuery());
  const [editing, setEditing] = useState<EquipmentTypeView | 'new' | null>(null);
  const toggle = useMutation({
    mutationFn: (e: EquipmentTypeView) => (e.retired_at ? restoreEquipmentType(e.id) : retireEquipmentType(e.id)),
    onSuccess: () => afterEquipmentChange(client),
  });
  const types = query.data ?? [];
  /** Both names, the one in the page's language first. */
  const names = (e: EquipmentTypeView) => (i18n.language === 'es' ? [e.name_es, e.name_en] : [e.name_en, e.name_es]);
  const adjustment = (cents: number | null) =>
    cents === null
      ? t('admin.equipment.by_phone_short')
      : t('admin.equipment.per_mile', { amount: `${cents > 0 ? '+' : ''}${fmt.money(cents / 100, 'USD')}` });
  const orDash = (v: number | null, key: 'lb' | 'ft') =>
    v === null
      ? t('admin.equipment.no')
      : t(`admin.equipment.${key}`, key === 'lb' ? { weight: fmt.number(v) } : { length: fmt.number(v) });
  const confirmRetire = (e: EquipmentTypeView) =>
    modals.openConfirmModal({
      title: t('admin.equipment.retire_title', { name: names(e)[0] }),
      children: <Text size="sm">{t('admin.equipment.retire_confirm', { name: names(e)[0] })}</Text>,
      labels: { confirm: t('admin.equipment.retire'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => toggle.mutate(e),
    });

  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.truckloadEquipment')} />
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" maw={720}>
          {t('admin.equipment.intro')}
        </Text>
        <Button onClick={() => setEditing('new')} style={{ flexShrink: 0 }}>
          {t('admin.equipment.add')}
        </Button>
      </Group>
      {toggle.error && <ErrorAlert error={toggle.error} />}
      <QueryStatus query={query} />
      {query.data && types.length === 0 && <Text>{t('admin.equipment.none')}</Text>}
      {types.length > 0 && (
        <Table.ScrollContainer minWidth={960}>
          <Table striped verticalSpacing="sm">
            <Table.Caption>{t('admin.equipment.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.equipment.name')}</Table.Th>
                <Table.Th ta="right">{t('admin.equipment.max_weight')}</Table.Th>
                <Table.Th ta="right">{t('admin.equipment.length')}</Table.Th>
                <Table.Th ta="right">{t('admin.equipment.pallet_positions')}</Table.Th>
                <Table.Th>{t('admin.equipment.temperature')}</Table.Th>
                <Table.Th ta="right">{t('admin.equipment.adjustment')}</Table.Th>
                <Table.Th>{t('admin.equipment.state')}</Table.Th>
                <ActionsTh />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.map((e) => (
                <Table.Tr key={e.id} data-retired={e.retired_at ? 'true' : undefined} c={e.retired_at ? 'dimmed' : undefined}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {names(e)[0]}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {names(e)[1]} · <Code>{e.code}</Code>
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{orDash(e.max_weight_lb, 'lb')}</Table.Td>
                  <Table.Td ta="right">{orDash(e.length_ft, 'ft')}</Table.Td>
                  <Table.Td ta="right">{e.pallet_positions ?? t('admin.equipment.no')}</Table.Td>
                  <Table.Td>{e.temperature_controlled ? t('admin.equipment.yes') : t('admin.equipment.no')}</Table.Td>
                  <Table.Td ta="right">{adjustment(e.per_mile_adjustment_cents)}</Table.Td>
                  <Table.Td>
                    {e.retired_at ? (
                      <Badge
                        color="gray"
                        variant="light"
                        styles={WHOLE_LABEL}
                        title={t('admin.equipment.retired_on', { date: fmt.date(e.retired_at) })}
                      >
                        {t('admin.equipment.retired')}
                      </Badge>
                    ) : (
                      <Badge color="green" variant="light" styles={WHOLE_LABEL}>
                        {t('admin.equipment.active')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => setEditing(e)}
                        aria-label={t('admin.equipment.edit_title', { name: names(e)[0] })}
                      >
                        {t('admin.equipment.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color={e.retired_at ? undefined : 'red'}
                        loading={toggle.isPending && toggle.variables?.id === e.id}
                        onClick={() => (e.retired_at ? toggle.mutate(e) : confirmRetire(e))}
                        aria-label={`${e.retired_at ? t('admin.equipment.restore') : t('admin.equipment.retire')} ${names(e)[0]}`}
                      >
                        {e.retired_at ? t('admin.equipment.restore') : t('admin.equipment.retire')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <EquipmentTypeDialog
          type={editing === 'new' ? null : editing}
          nextSortOrder={Math.max(0, ...types.map((e) => e.sort_order)) + 10}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
