import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { useListParams } from '../../../components/list/useListParams';
import { carrierOptionsQuery } from '../api/carrierMessagesApi';
import { carrierOptionsQuery as shipmentCarriersQuery } from '../api/shipmentsApi';

type ListParams = ReturnType<typeof useListParams>;

/**
 * A staff list's filters kept in the URL (so a filtered list can be linked to): the search its
 * query asks with, whether any is set, and the props of each filter's field (a change goes back
 * to page 1).
 */
export function useUrlFilters<F extends string>(list: ListParams, names: readonly F[]) {
  const p = list.params;
  const filters = Object.fromEntries(names.flatMap((f) => (p.get(f) ? [[f, p.get(f) as string]] : [])));
  const search: Record<string, string> = { ...filters, ...(list.q ? { q: list.q } : {}), page: String(list.page) };
  const input = (name: F) => ({
    value: p.get(name) ?? '',
    onChange: (e: { currentTarget: { value: string } }) => list.update({ [name]: e.currentTarget.value, page: null }),
  });
  return { search, input, filtered: Boolean(list.q) || Object.keys(filters).length > 0 };
}

/**
 * The carrier filter of a staff list: any carrier, or one by its name and SCAC. The carriers come
 * from the SCAC aliases' picker, or the shipment list's (`from="shipments"`) on a page whose roles
 * may not open the SCAC aliases (accounting).
 */
export function CarrierFilter({
  label,
  w,
  from = 'aliases',
  ...field
}: {
  label: string;
  w: number;
  from?: 'aliases' | 'shipments';
  value: string;
  onChange: ReturnType<ReturnType<typeof useUrlFilters>['input']>['onChange'];
}) {
  const { t } = useTranslation();
  const aliases = useQuery({ ...carrierOptionsQuery(), enabled: from === 'aliases' });
  const shipments = useQuery({ ...shipmentCarriersQuery(), enabled: from === 'shipments' });
  const carriers = from === 'aliases' ? aliases : shipments;
  const data = [
    { value: '', label: t('admin.incidents.any') },
    ...(carriers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.scac})` })),
  ];
  return <NativeSelect label={label} data={data} w={w} {...field} />;
}
