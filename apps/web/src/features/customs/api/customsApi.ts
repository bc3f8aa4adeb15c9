import type {
  CustomsCorrectionRequest,
  CustomsDocumentKind,
  CustomsEntryRequest,
  CustomsQueueItem,
  CustomsQueueResponse,
  CustomsStage,
} from '@freight/contracts';
import { api } from '../../../lib/api';

/** react-query key of the customs queue's pages. */
export const CUSTOMS_KEY = ['admin', 'customs'] as const;

export const listCustoms = ({ stage, page }: { stage?: CustomsStage; page: number }, signal?: AbortSignal) =>
  api.get<CustomsQueueResponse>('/api/admin/customs', { query: { stage, page: page > 1 ? page : undefined }, signal });

export const recordCustomsEntry = (id: string, body: CustomsEntryRequest) =>
  api.put<{ data: CustomsQueueItem }>(`/api/admin/customs/${encodeURIComponent(id)}/entry`, body).then((r) => r.data);

export const sendCustomsCorrection = (id: string, body: CustomsCorrectionRequest) =>
  api.post<{ data: CustomsQueueItem }>(`/api/admin/customs/${encodeURIComponent(id)}/correction`, body).then((r) => r.data);

/** A border document of any account's shipment, as staff open it. */
export const staffDocumentPath = (id: string, kind: CustomsDocumentKind) =>
  `/api/admin/shipments/${encodeURIComponent(id)}/documents/${encodeURIComponent(kind)}`;
