import { QUOTE_MODES } from '@freight/contracts';
import { SHIPMENT_STATUSES } from '@freight/domain';
import { Button, Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../../../components/list/useListParams';
import { salesRepsQuery } from '../../api/salesRepsApi';
import { carrierOptionsQuery } from '../../api/shipmentsApi';

/** The search's filters besides the number box, as URL params (`account_id` comes from an account's page). */
export const SHIPMENT_FILTERS = [
  'account',
  'account_id',
  'carrier_id',
  'sales_rep_id',
  'status',
  'mode',
  'action_required',
  'pickup_from',
  'pickup_to',
  'created_from',
  'created_to',
  'exclude_canceled',
  'origin_state',
  'destination_state',
  // A carrier scorecard's figure (with the carrier and the pickup window): its own rules pick the shipments.
  'figure',
] as const;

/** A typed filter that reaches the URL when the field is left or Enter is pressed, not on every key. */
export function TextFilter({
  list,
  name,
  label,
  ...props
}: {
  list: ListParams;
  name: string;
  label: string;
  type?: string;
  w?: number;
  maxLength?: number;
}) {
  const current = list.params.get(name) ?? '';
  const [value, setValue] = useState(current);
  const [seen, setSeen] = useState(current);
  if (current !== seen) {
    setSeen(current);
    setValue(current);
  }
  const commit = () => {
    if (value.trim() !== current) list.update({ [name]: value.trim(), page: null });
  };
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      {...props}
    />
  );
}

/** Filters of the staff's shipment search: account, carrier, the accounts' sales rep, status, mode, 'Action Required', dates and lane. */
export function ShipmentFilters({ list }: { list: ListParams }) {
  const { t } = useTranslation();
  const carriers = useQuery(carrierOptionsQuery());
  const reps = useQuery(salesRepsQuery());
  const p = list.params;
  const select = (name: string) => ({
    value: p.get(name) ?? '',
    onChange: (e: { currentTarget: { value: string } }) => list.update({ [name]: e.currentTarget.value, page: null }),
  });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextFilter list={list} name="account" label={t('admin.shipments.filters.account')} w={200} maxLength={100} />
      <NativeSelect
        label={t('admin.shipments.filters.carrier')}
        data={[
          { value: '', label: t('admin.shipments.filters.any') },
          ...(carriers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.scac})` })),
        ]}
        w={220}
        {...select('carrier_id')}
      />
      <NativeSelect
        label={t('admin.shipments.filters.sales_rep')}
        data={[
          { value: '', label: t('admin.shipments.filters.any') },
          { value: 'none', label: t('admin.shipments.filters.no_sales_rep') },
          ...(reps.data ?? []).map((r) => ({ value: r.id, label: r.name })),
        ]}
        w={200}
        {...select('sales_rep_id')}
      />
      <NativeSelect
        label={t('admin.shipments.filters.status')}
        data={[
          { value: '', label: t('admin.shipments.filters.any') },
          ...SHIPMENT_STATUSES.map((s) => ({ value: s, label: t(`tracking.status.${s}`) })),
        ]}
        w={150}
        {...select('status')}
      />
      <NativeSelect
        label={t('admin.shipments.filters.mode')}
        data={[
          { value: '', label: t('admin.shipments.filters.any') },
          ...QUOTE_MODES.map((m) => ({ value: m, label: t(`shipping_modes.${m}`) })),
        ]}
        w={140}
        {...select('mode')}
      />
      <TextFilter list={list} name="pickup_from" type="date" label={t('admin.shipments.filters.pickup_from')} w={150} />
      <TextFilter list={list} name="pickup_to" type="date" label={t('admin.shipments.filters.pickup_to')} w={150} />
      <TextFilter list={list} name="created_from" type="date" label={t('admin.shipments.filters.created_from')} w={150} />
      <TextFilter list={list} name="created_to" type="date" label={t('admin.shipments.filters.created_to')} w={150} />
      <TextFilter list={list} name="origin_state" label={t('admin.shipments.filters.origin_state')} w={90} maxLength={3} />
      <TextFilter list={list} name="destination_state" label={t('admin.shipments.filters.destination_state')} w={90} maxLength={3} />
      <Checkbox
        mb={8}
        label={t('admin.shipments.filters.action_required')}
        checked={p.get('action_required') === '1'}
        onChange={(e) => list.update({ action_required: e.currentTarget.checked ? '1' : null, page: null })}
      />
      <Checkbox
        mb={8}
        label={t('admin.shipments.filters.exclude_canceled')}
        checked={p.get('exclude_canceled') === '1'}
        onChange={(e) => list.update({ exclude_canceled: e.currentTarget.checked ? '1' : null, page: null })}
      />
      <Button variant="subtle" mb={2} onClick={() => list.clearFilters(...SHIPMENT_FILTERS)}>
        {t('admin.shipments.filters.clear')}
      </Button>
    </Group>
  );
}
