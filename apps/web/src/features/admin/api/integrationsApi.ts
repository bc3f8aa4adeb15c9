import type {
  ApiCallView,
  CredentialView,
  IntegrationView,
  IssuedCredential,
  PartnerListItem,
  PartnerRequestInput,
  PartnerView,
} from '@freight/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Integration Partners, OAuth Credentials and Integrations. */

const PARTNERS = '/api/admin/integration-partners';
const CREDENTIALS = '/api/admin/oauth-clients';
const enc = encodeURIComponent;

export const partnerPath = (id: string) => `/admin/integration-partners/${enc(id)}`;

const KEYS = {
  partners: ['admin', 'integration-partners'] as const,
  credentials: ['admin', 'oauth-clients'] as const,
  integrations: ['admin', 'integrations'] as const,
};

export const partnersQuery = () =>
  queryOptions({
    queryKey: KEYS.partners,
    queryFn: ({ signal }) => api.get<{ data: PartnerListItem[] }>(PARTNERS, { signal }).then((r) => r.data),
  });

export const partnerQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEYS.partners, 'detail', id],
    queryFn: ({ signal }) => api.get<{ data: PartnerView }>(`${PARTNERS}/${enc(id)}`, { signal }).then((r) => r.data),
  });

/** The partner's newest 100 calls of the public API. */
export const partnerCallsQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEYS.partners, 'calls', id],
    queryFn: ({ signal }) => api.get<{ data: ApiCallView[] }>(`${PARTNERS}/${enc(id)}/calls`, { signal }).then((r) => r.data),
  });

/** A credential's newest 100 calls (an account's own credential has no partner page). */
export const credentialCallsQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEYS.credentials, 'calls', id],
    queryFn: ({ signal }) => api.get<{ data: ApiCallView[] }>(`/api/admin/oauth-clients/${enc(id)}/calls`, { signal }).then((r) => r.data),
  });

/** Adds (no id) or updates a partner; answers it. */
export const savePartner = (id: string | null, body: PartnerRequestInput) =>
  (id ? api.put<{ data: PartnerView }>(`${PARTNERS}/${enc(id)}`, body) : api.post<{ data: PartnerView }>(PARTNERS, body)).then(
    (r) => r.data,
  );

/** Staff let the partner act for an account, or stop it; both answer the partner. */
export const grantAccount = (partnerId: string, accountId: string) =>
  api.post<{ data: PartnerView }>(`${PARTNERS}/${enc(partnerId)}/accounts`, { account_id: accountId }).then((r) => r.data);
export const removeAccount = (partnerId: string, accountId: string) =>
  api.delete<{ data: PartnerView }>(`${PARTNERS}/${enc(partnerId)}/accounts/${enc(accountId)}`).then((r) => r.data);

/** After a partner changes: its detail from the answer, and the lists that count it. */
export async function afterPartnerChange(client: QueryClient, partner?: PartnerView) {
  if (partner) client.setQueryData(partnerQuery(partner.id).queryKey, partner);
  await Promise.all([
    client.invalidateQueries({ queryKey: KEYS.partners, predicate: (q) => !partner || q.queryKey[2] !== 'detail' }),
    client.invalidateQueries({ queryKey: KEYS.integrations }),
  ]);
}

export const credentialsQuery = () =>
  queryOptions({
    queryKey: KEYS.credentials,
    queryFn: ({ signal }) => api.get<{ data: CredentialView[] }>(CREDENTIALS, { signal }).then((r) => r.data),
  });

export const credentialActions = {
  create: (body: unknown) => api.post<{ data: IssuedCredential }>(CREDENTIALS, body).then((r) => r.data),
  rotate: (id: string, overlapHours: number) =>
    api.post<{ data: IssuedCredential }>(`${CREDENTIALS}/${enc(id)}/rotate`, { overlap_hours: overlapHours }).then((r) => r.data),
  revoke: (id: string) => api.post<{ data: CredentialView }>(`${CREDENTIALS}/${enc(id)}/revoke`).then((r) => r.data),
};

/**
 * A credential or a switched connection shows on the OAuth page, its partner's page (credentials,
 * webhooks) and Integrations: all are read again.
 */
export const afterIntegrationChange = (client: QueryClient) =>
  Promise.all(
    [KEYS.credentials, KEYS.partners, KEYS.integrations, ['admin', 'partner-webhooks']].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );

/** Every connection of every account, filtered by `kind` and the words of `q`. */
export const integrationsQuery = (search: { kind: string; q: string }) =>
  queryOptions({
    queryKey: [...KEYS.integrations, search],
    queryFn: async ({ signal }): Promise<IntegrationView[]> =>
      (await api.get<{ data: IntegrationView[] }>('/api/admin/integrations', { signal, query: search })).data,
    placeholderData: keepPreviousData,
  });

export const switchIntegration = (i: Pick<IntegrationView, 'kind' | 'id'>, enabled: boolean) =>
  api.put<{ data: IntegrationView }>(`/api/admin/integrations/${enc(i.kind)}/${enc(i.id)}`, { enabled }).then((r) => r.data);
