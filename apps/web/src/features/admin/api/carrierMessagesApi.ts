import type {
  CarrierOption,
  IncidentDetail,
  IncidentRow,
  Paginated,
  ScacAliasView,
  TrackingKeyRotated,
  TrackingKeyState,
} from '@freight/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** API incidents, SCAC aliases and carriers' tracking keys: the inbound side of carriers. */

const INCIDENTS = ['admin', 'incidents'] as const;
const ALIASES = ['admin', 'scac-aliases'] as const;

export const incidentPath = (id: string) => `/admin/incidents/${encodeURIComponent(id)}`;

export const incidentsQuery = (search: Record<string, string>) =>
  queryOptions({
    queryKey: [...INCIDENTS, 'list', search],
    queryFn: ({ signal }) => api.get<Paginated<IncidentRow>>('/api/admin/incidents', { signal, query: search }),
    placeholderData: keepPreviousData,
  });

export const incidentQuery = (id: string) =>
  queryOptions({
    queryKey: [...INCIDENTS, 'detail', id],
    queryFn: ({ signal }) =>
      api.get<{ data: IncidentDetail }>(`/api/admin/incidents/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
  });

export const setIncidentState = (id: string, body: unknown) =>
  api.put<{ data: IncidentDetail }>(`/api/admin/incidents/${encodeURIComponent(id)}/state`, body).then((r) => r.data);

export const incidentsKey = INCIDENTS;

export const aliasesQuery = (search: Record<string, string>) =>
  queryOptions({
    queryKey: [...ALIASES, 'list', search],
    queryFn: ({ signal }) => api.get<Paginated<ScacAliasView>>('/api/admin/scac-aliases', { signal, query: search }),
    placeholderData: keepPreviousData,
  });

export const aliasesKey = ALIASES;

/** Every carrier (a few dozen), for the alias editor's picker and the incidents' filter. */
export const carrierOptionsQuery = () =>
  queryOptions({
    queryKey: [...ALIASES, 'carriers'],
    queryFn: ({ signal }) => api.get<{ data: CarrierOption[] }>('/api/admin/scac-aliases/carriers', { signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });

export const saveAlias = (id: string | null, body: unknown) =>
  (id
    ? api.put<{ data: ScacAliasView }>(`/api/admin/scac-aliases/${encodeURIComponent(id)}`, body)
    : api.post<{ data: ScacAliasView }>('/api/admin/scac-aliases', body)
  ).then((r) => r.data);

export const deleteAlias = (id: string) => api.delete<void>(`/api/admin/scac-aliases/${encodeURIComponent(id)}`);

export const trackingKeyQuery = (carrierId: string) =>
  queryOptions({
    queryKey: ['admin', 'carriers', carrierId, 'tracking-key'],
    queryFn: ({ signal }) =>
      api
        .get<{ data: TrackingKeyState }>(`/api/admin/carriers/${encodeURIComponent(carrierId)}/tracking-key`, { signal })
        .then((r) => r.data),
  });

export const rotateTrackingKey = (carrierId: string) =>
  api.post<{ data: TrackingKeyRotated }>(`/api/admin/carriers/${encodeURIComponent(carrierId)}/tracking-key`).then((r) => r.data);
