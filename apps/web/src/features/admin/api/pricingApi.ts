import type {
  PricingPreview,
  PricingProgramDetail,
  PricingProgramDraftRequest,
  PricingProgramRow,
  PricingProgramStartingPoint,
  PricingProgramVersionDetail,
} from '@freight/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The customer pricing programs: `key` is 'default' or the account's id. */
const KEY = ['admin', 'pricing'] as const;
const programPath = (key: string) => `/api/admin/pricing-programs/${encodeURIComponent(key)}`;
const data = <T>(r: { data: T }) => r.data;

export const programsQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => api.get<{ data: PricingProgramRow[] }>('/api/admin/pricing-programs', { signal }).then(data),
  });

export const programQuery = (key: string) =>
  queryOptions({
    queryKey: [...KEY, 'detail', key],
    queryFn: ({ signal }) => api.get<{ data: PricingProgramDetail }>(programPath(key), { signal }).then(data),
  });

export const programVersionQuery = (key: string, number: number) =>
  queryOptions({
    queryKey: [...KEY, 'version', key, number],
    queryFn: ({ signal }) =>
      api.get<{ data: PricingProgramVersionDetail }>(`${programPath(key)}/versions/${number}`, { signal }).then(data),
  });

/** What a new draft starts from: the version in force today, or an empty program. */
export const programDraftStartQuery = (key: string) =>
  queryOptions({
    queryKey: [...KEY, 'draft-start', key],
    queryFn: ({ signal }) => api.get<{ data: PricingProgramStartingPoint }>(`${programPath(key)}/draft/new`, { signal }).then(data),
  });

export const saveProgramDraft = (key: string, body: PricingProgramDraftRequest) =>
  api.put<{ data: PricingProgramDetail }>(`${programPath(key)}/draft`, body).then(data);
export const discardProgramDraft = (key: string) => api.delete<{ data: PricingProgramDetail }>(`${programPath(key)}/draft`).then(data);
/** Prices the newest `quotes` quotes again with the draft (the account's, or every account's for the default program). */
export const previewProgramDraft = (key: string, quotes: number) =>
  api.post<{ data: PricingPreview }>(`${programPath(key)}/draft/preview`, undefined, { query: { quotes: String(quotes) } }).then(data);
export const publishProgramDraft = (key: string, effective_date: string) =>
  api.post<{ data: PricingProgramDetail }>(`${programPath(key)}/draft/publish`, { effective_date }).then(data);
export const restoreProgramVersion = (key: string, number: number) =>
  api.post<{ data: PricingProgramDetail }>(`${programPath(key)}/versions/${number}/restore`).then(data);

/** After a change: the program's page from the answer, the list and its versions read again. */
export async function afterProgramChange(client: QueryClient, key: string, program: PricingProgramDetail) {
  client.setQueryData(programQuery(key).queryKey, program);
  await Promise.all([
    client.invalidateQueries({ queryKey: [...KEY, 'list'] }),
    client.invalidateQueries({ queryKey: [...KEY, 'version', key] }),
    client.invalidateQueries({ queryKey: [...KEY, 'draft-start', key] }),
  ]);
}
