import type {
  DisputeRequest,
  DisputeView,
  InvoiceListItem,
  InvoicePaymentRequest,
  InvoicePaymentResult,
  InvoiceSort,
  InvoiceSummary,
  InvoiceView,
  Paginated,
} from '@freight/contracts';
import type { InvoiceFilter } from '@freight/domain';
import { api } from '../../../lib/api';

/** The invoice screens' calls (docs/api.md, Invoices). Every list, summary and invoice lives under INVOICES_KEY. */
export const INVOICES_KEY = ['invoices'] as const;
export const invoiceKey = (id: string) => [...INVOICES_KEY, 'one', id] as const;

export interface OpenInvoicesParams {
  filter: InvoiceFilter;
  q?: string;
  sort?: InvoiceSort;
  dir?: 'asc' | 'desc';
  page: number;
  per_page: number;
}

export const listOpenInvoices = (query: OpenInvoicesParams) =>
  api.get<Paginated<InvoiceListItem>>('/api/invoices', { query: { ...query } });

export type HistoryPage = Paginated<InvoiceListItem> & { meta: { from: string; to: string } };
export const listInvoiceHistory = (query: { from?: string; to?: string; q?: string; page: number; per_page: number }) =>
  api.get<HistoryPage>('/api/invoices/history', { query: { ...query } });

export const getInvoiceSummary = () => api.get<{ data: InvoiceSummary }>('/api/invoices/summary').then((r) => r.data);

export const getInvoice = (id: string) => api.get<{ data: InvoiceView }>(`/api/invoices/${encodeURIComponent(id)}`).then((r) => r.data);

export const invoicePdfPath = (id: string) => `/api/invoices/${encodeURIComponent(id)}/pdf`;

/** POST /api/invoice-payments with the dialog's Idempotency-Key (one per dialog, reused on a retry). */
export const payInvoices = (body: InvoicePaymentRequest, key: string) =>
  api.post<{ data: InvoicePaymentResult }>('/api/invoice-payments', body, { headers: { 'Idempotency-Key': key } }).then((r) => r.data);

/** POST /api/invoice-payments/confirm: the payer is back from the challenge of this intent; the server asks the processor. */
export const confirmInvoicePayment = (paymentIntent: string) =>
  api.post<{ data: InvoicePaymentResult }>('/api/invoice-payments/confirm', { payment_intent: paymentIntent }).then((r) => r.data);

export const openDispute = (invoiceId: string, body: DisputeRequest) =>
  api.post<{ data: DisputeView }>(`/api/invoices/${encodeURIComponent(invoiceId)}/disputes`, body).then((r) => r.data);

export const replyToDispute = (invoiceId: string, disputeId: string, body: string) =>
  api
    .post<{ data: DisputeView }>(`/api/invoices/${encodeURIComponent(invoiceId)}/disputes/${encodeURIComponent(disputeId)}/messages`, {
      body,
    })
    .then((r) => r.data);
