import type {
  AccountCredentialRequest,
  AccountPartners,
  CredentialView,
  IssuedCredential,
  WebhookDeliveryView,
  WebhookRequest,
  WebhookView,
} from '@freight/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Settings > API & webhooks: an account admin's credentials, partners and webhooks; all under API_ACCESS_KEY. */
export const API_ACCESS_KEY = ['settings', 'api-access'] as const;

const id = (value: string | number) => encodeURIComponent(String(value));

export const credentialsQuery = () =>
  queryOptions({
    queryKey: [...API_ACCESS_KEY, 'credentials'],
    queryFn: ({ signal }) => api.get<{ data: CredentialView[] }>('/api/settings/api-credentials', { signal }).then((r) => r.data),
  });

export const createCredential = (body: AccountCredentialRequest) =>
  api.post<{ data: IssuedCredential }>('/api/settings/api-credentials', body).then((r) => r.data);
export const rotateCredential = (credentialId: string, overlapHours: number) =>
  api
    .post<{ data: IssuedCredential }>(`/api/settings/api-credentials/${id(credentialId)}/rotate`, { overlap_hours: overlapHours })
    .then((r) => r.data);
export const revokeCredential = (credentialId: string) =>
  api.post<{ data: CredentialView }>(`/api/settings/api-credentials/${id(credentialId)}/revoke`).then((r) => r.data);

export const partnersQuery = () =>
  queryOptions({
    queryKey: [...API_ACCESS_KEY, 'partners'],
    queryFn: ({ signal }) => api.get<{ data: AccountPartners }>('/api/settings/partners', { signal }).then((r) => r.data),
  });

export const grantPartner = (partnerId: string) =>
  api.post<{ data: AccountPartners }>(`/api/settings/partners/${id(partnerId)}`).then((r) => r.data);
export const withdrawPartner = (partnerId: string) =>
  api.delete<{ data: AccountPartners }>(`/api/settings/partners/${id(partnerId)}`).then((r) => r.data);

export const webhooksQuery = () =>
  queryOptions({
    queryKey: [...API_ACCESS_KEY, 'webhooks'],
    queryFn: ({ signal }) => api.get<{ data: WebhookView[] }>('/api/webhooks', { signal }).then((r) => r.data),
  });

export const createWebhook = (body: WebhookRequest) => api.post<{ data: WebhookView }>('/api/webhooks', body).then((r) => r.data);
export const updateWebhook = (webhookId: string, body: WebhookRequest) =>
  api.put<{ data: WebhookView }>(`/api/webhooks/${id(webhookId)}`, body).then((r) => r.data);
export const deleteWebhook = (webhookId: string) => api.delete(`/api/webhooks/${id(webhookId)}`);
export const rotateWebhookSecret = (webhookId: string) =>
  api.post<{ data: WebhookView }>(`/api/webhooks/${id(webhookId)}/rotate-secret`).then((r) => r.data);

export const deliveriesQuery = (webhookId: string) =>
  queryOptions({
    queryKey: [...API_ACCESS_KEY, 'webhooks', webhookId, 'deliveries'],
    queryFn: ({ signal }) =>
      api.get<{ data: WebhookDeliveryView[] }>(`/api/webhooks/${id(webhookId)}/deliveries`, { signal }).then((r) => r.data),
  });

export const replayDelivery = (webhookId: string, deliveryId: number) =>
  api.post<{ data: WebhookDeliveryView }>(`/api/webhooks/${id(webhookId)}/deliveries/${id(deliveryId)}/replay`).then((r) => r.data);
