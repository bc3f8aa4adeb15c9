import type { BatchRowUpdate, BatchRowView, BatchRule, BatchSummary, BatchView, Paginated } from '@freight/contracts';
import { api, apiUpload } from '../../../lib/api';

type One<T> = { data: T };
const enc = encodeURIComponent;

/** The history's row: a batch without its rows (the file's name is null for a batch uploaded before names were kept). */
export type BatchListItem = BatchSummary;
export type BatchRow = BatchRowView;
export type Batch = BatchView;

/** Every batch query lives under BATCHES_KEY. */
export const BATCHES_KEY = ['batches'] as const;
export const batchKey = (id: string) => [...BATCHES_KEY, 'one', id] as const;

export const TEMPLATE_PATH = '/api/batches/template.csv';

export const listBatches = (page: number) =>
  api.get<Paginated<BatchListItem>>('/api/batches', { query: { page: page > 1 ? page : undefined } });
export const getBatch = (id: string, signal?: AbortSignal) =>
  api.get<One<Batch>>(`/api/batches/${enc(id)}`, { signal }).then((r) => r.data);

/** The rule and its setting, as the upload's querystring. */
export interface RuleChoice {
  rule: BatchRule;
  preferred_carrier?: string;
  max_transit_days?: number;
}

export const uploadBatch = (file: File, rule: RuleChoice, opts: { signal?: AbortSignal; onProgress?: (percent: number) => void } = {}) =>
  apiUpload<One<Batch>>('/api/batches', {
    body: file,
    contentType: 'text/csv',
    // The file's name is kept for the history and the batch's page (the server keeps a safe form of it).
    query: { ...rule, file_name: file.name },
    signal: opts.signal,
    onUploadProgress: (loaded, total) => opts.onProgress?.(total ? Math.round((loaded / total) * 100) : 0),
  }).then((r) => r.data);

/** New text for some of a row's cells and/or all of its further item lines; the row is checked again. */
export const fixRow = (id: string, line: number, change: Pick<BatchRowUpdate, 'cells' | 'more_items'>) =>
  api.put<One<Batch>>(`/api/batches/${enc(id)}/rows/${line}`, change).then((r) => r.data);
export const chooseRate = (id: string, line: number, rateId: string) =>
  api.put<One<Batch>>(`/api/batches/${enc(id)}/rows/${line}`, { rate_id: rateId }).then((r) => r.data);
export const rateBatch = (id: string) => api.post<One<Batch>>(`/api/batches/${enc(id)}/rate`).then((r) => r.data);
// The booker accepts the booking disclaimer once for the rows (batchBookRequest).
export const bookBatch = (id: string) =>
  api.post<One<Batch>>(`/api/batches/${enc(id)}/book`, { disclaimer_accepted: true }).then((r) => r.data);
export const bookRow = (id: string, line: number) =>
  api.post<One<Batch>>(`/api/batches/${enc(id)}/rows/${line}/book`, { disclaimer_accepted: true }).then((r) => r.data);

/** The booked batch's files: every BOL and label as one PDF, and the manifest. */
export const documentsPath = (id: string) => `/api/batches/${enc(id)}/documents.pdf`;
export const manifestPath = (id: string, format: 'csv' | 'pdf') => `/api/batches/${enc(id)}/manifest.${format}`;
