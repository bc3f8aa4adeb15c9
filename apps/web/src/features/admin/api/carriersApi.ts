import type {
  DieselPriceView,
  StaffCarrierDetail,
  StaffCarrierRow,
  TariffDraftRequest,
  TariffPreview,
  TariffStartingPoint,
  TariffVersionDetail,
} from '@freight/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const KEY = ['admin', 'carriers'] as const;
const carrierPath = (id: string) => `/api/admin/carriers/${encodeURIComponent(id)}`;
const data = <T>(r: { data: T }) => r.data;

export const carriersQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => api.get<{ data: StaffCarrierRow[] }>('/api/admin/carriers', { signal }).then(data),
  });

export const carrierQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<{ data: StaffCarrierDetail }>(carrierPath(id), { signal }).then(data),
  });

export const versionQuery = (id: string, number: number) =>
  queryOptions({
    queryKey: [...KEY, 'version', id, number],
    queryFn: ({ signal }) => api.get<{ data: TariffVersionDetail }>(`${carrierPath(id)}/versions/${number}`, { signal }).then(data),
  });

/** What a new draft starts from: the tariff in force today. */
export const draftStartQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'draft-start', id],
    queryFn: ({ signal }) => api.get<{ data: TariffStartingPoint }>(`${carrierPath(id)}/draft/new`, { signal }).then(data),
  });

export const saveDraft = (id: string, body: TariffDraftRequest) =>
  api.put<{ data: StaffCarrierDetail }>(`${carrierPath(id)}/draft`, body).then(data);
export const discardDraft = (id: string) => api.delete<{ data: StaffCarrierDetail }>(`${carrierPath(id)}/draft`).then(data);
export const previewDraft = (id: string) => api.post<{ data: TariffPreview }>(`${carrierPath(id)}/draft/preview`).then(data);
export const publishDraft = (id: string, effective_date: string) =>
  api.post<{ data: StaffCarrierDetail }>(`${carrierPath(id)}/draft/publish`, { effective_date }).then(data);
export const restoreVersion = (id: string, number: number) =>
  api.post<{ data: StaffCarrierDetail }>(`${carrierPath(id)}/versions/${number}/restore`).then(data);
export const setCarrierActive = (id: string, active: boolean) =>
  api.patch<{ data: StaffCarrierDetail }>(carrierPath(id), { active }).then(data);
/** Ends the circuit breaker's pause by hand. */
export const resumeQuoting = (id: string) => api.post<{ data: StaffCarrierDetail }>(`${carrierPath(id)}/resume-quoting`).then(data);

/** After a change: the carrier's page from the answer, the list and its versions read again. */
export async function afterCarrierChange(client: QueryClient, carrier: StaffCarrierDetail) {
  client.setQueryData(carrierQuery(carrier.id).queryKey, carrier);
  await Promise.all([
    client.invalidateQueries({ queryKey: [...KEY, 'list'] }),
    client.invalidateQueries({ queryKey: [...KEY, 'version', carrier.id] }),
    client.invalidateQueries({ queryKey: [...KEY, 'draft-start', carrier.id] }),
  ]);
}

export const dieselPricesQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'diesel'],
    queryFn: ({ signal }) => api.get<{ data: DieselPriceView[] }>('/api/admin/diesel-prices', { signal }).then(data),
  });
export const saveDieselPrice = (week: string, usd_per_gallon: number) =>
  api.put<{ data: DieselPriceView[] }>(`/api/admin/diesel-prices/${encodeURIComponent(week)}`, { usd_per_gallon }).then(data);
export const deleteDieselPrice = (week: string) =>
  api.delete<{ data: DieselPriceView[] }>(`/api/admin/diesel-prices/${encodeURIComponent(week)}`).then(data);
