import type { SsoDomain, SsoProviderRequestInput, SsoSettings } from '@freight/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The account's single sign-on (its admin only: anyone else gets 403). */
export const SSO_KEY = ['security', 'sso'] as const;

export const ssoQuery = () =>
  queryOptions({
    queryKey: SSO_KEY,
    queryFn: ({ signal }) => api.get<{ data: SsoSettings }>('/api/account/sso', { signal }).then((r) => r.data),
    retry: false,
  });

const id = (value: string) => encodeURIComponent(value);

export const saveSsoProvider = (body: SsoProviderRequestInput) =>
  api.put<{ data: SsoSettings }>('/api/account/sso/provider', body).then((r) => r.data);
export const removeSsoProvider = () => api.delete('/api/account/sso/provider');
export const addSsoDomain = (domain: string) => api.post<{ data: SsoDomain }>('/api/account/sso/domains', { domain }).then((r) => r.data);
export const removeSsoDomain = (domainId: string) => api.delete(`/api/account/sso/domains/${id(domainId)}`);
export const verifySsoDomain = (domainId: string) =>
  api.post<{ data: SsoDomain }>(`/api/account/sso/domains/${id(domainId)}/verify`).then((r) => r.data);
