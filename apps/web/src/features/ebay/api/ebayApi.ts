import type { BatchView, EBAY_BATCH_RULES, EbayConsentView, EbayOrderView, EbayStoreView, Paginated } from '@freight/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The eBay orders page's calls; everything under EBAY_KEY. */
export const EBAY_KEY = ['ebay'] as const;

export const storesQuery = () =>
  queryOptions({
    queryKey: [...EBAY_KEY, 'stores'],
    queryFn: ({ signal }) => api.get<{ data: EbayStoreView[] }>('/api/ebay/stores', { signal }).then((r) => r.data),
  });

export const ordersQuery = (search: Record<string, string>) =>
  queryOptions({
    queryKey: [...EBAY_KEY, 'orders', search],
    queryFn: ({ signal }) => api.get<Paginated<EbayOrderView>>('/api/ebay/orders', { signal, query: search }),
    placeholderData: keepPreviousData,
  });

export const connectStore = () => api.post<{ data: EbayConsentView }>('/api/ebay/connect').then((r) => r.data.url);
export const syncStore = (id: string) =>
  api.post<{ data: EbayStoreView }>(`/api/ebay/stores/${encodeURIComponent(id)}/sync`).then((r) => r.data);
export const disconnectStore = (id: string) => api.delete(`/api/ebay/stores/${encodeURIComponent(id)}`);
export const retryFulfillment = (id: string) => api.post(`/api/ebay/orders/${encodeURIComponent(id)}/retry-fulfillment`);

/** The picked orders as a new batch, one row each, rated later by `rule` on the batch's page. */
export const batchOfOrders = (orderIds: string[], rule: EbayBatchRule) =>
  api.post<{ data: BatchView }>('/api/batches/ebay', { order_ids: orderIds, rule }).then((r) => r.data);
export type EbayBatchRule = (typeof EBAY_BATCH_RULES)[number];
