import type {
  CarrierInvoiceApproveRequest,
  CarrierInvoiceDisputeRequest,
  CarrierInvoiceListResponse,
  CarrierInvoiceMatchRequest,
  CarrierInvoiceMessageRequest,
  CarrierInvoiceResolveRequest,
  CarrierInvoiceShortPayRequest,
  CarrierInvoiceSummaryView,
  CarrierInvoiceView,
  PayablesBatchView,
  PayablesPaidRequest,
  PayablesView,
} from '@freight/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/** Accounting's carrier invoice calls (docs/brokerage.md, "Carrier invoices and payables"). */
export const CARRIER_INVOICES_PATH = '/api/admin/carrier-invoices';
export const PAYABLES_PATH = '/api/admin/carrier-payables';
const one = (id: string) => `${CARRIER_INVOICES_PATH}/${encodeURIComponent(id)}`;

/** Every carrier invoice query (the queue, each invoice, a shipment's, payables) sits under this key: an action refreshes them all. */
export const CARRIER_INVOICES_KEY = ['admin', 'carrier-invoices'] as const;

export const carrierInvoicesQuery = (search: Record<string, string>) =>
  queryOptions({
    queryKey: [...CARRIER_INVOICES_KEY, 'list', search],
    queryFn: ({ signal }) => api.get<CarrierInvoiceListResponse>(CARRIER_INVOICES_PATH, { signal, query: search }),
    placeholderData: keepPreviousData,
  });

export const carrierInvoiceQuery = (id: string) =>
  queryOptions({
    queryKey: [...CARRIER_INVOICES_KEY, 'one', id],
    queryFn: ({ signal }) => api.get<{ data: CarrierInvoiceView }>(one(id), { signal }).then((r) => r.data),
  });

/** The carrier invoices matched to a shipment, newest first. */
export const shipmentCarrierInvoicesQuery = (shipmentId: string) =>
  queryOptions({
    queryKey: [...CARRIER_INVOICES_KEY, 'shipment', shipmentId],
    queryFn: ({ signal }) =>
      api
        .get<{ data: CarrierInvoiceSummaryView[] }>(`/api/admin/shipments/${encodeURIComponent(shipmentId)}/carrier-invoices`, { signal })
        .then((r) => r.data),
  });

export const payablesQuery = () =>
  queryOptions({
    queryKey: [...CARRIER_INVOICES_KEY, 'payables'],
    queryFn: ({ signal }) => api.get<{ data: PayablesView }>(PAYABLES_PATH, { signal }).then((r) => r.data),
  });

export interface CarrierInvoiceActions {
  approve: CarrierInvoiceApproveRequest;
  'short-pay': CarrierInvoiceShortPayRequest;
  dispute: CarrierInvoiceDisputeRequest;
  resolve: CarrierInvoiceResolveRequest;
  match: CarrierInvoiceMatchRequest;
  messages: CarrierInvoiceMessageRequest;
}
export type CarrierInvoiceAction = keyof CarrierInvoiceActions;

/** One of an invoice's actions; answers the invoice as it now stands. */
export const carrierInvoiceAction = <A extends CarrierInvoiceAction>(id: string, action: A, body: CarrierInvoiceActions[A]) =>
  api.post<{ data: CarrierInvoiceView }>(`${one(id)}/${action}`, body).then((r) => r.data);

/** After an action: the invoice's page shows the answer at once, and the lists refetch. */
export async function afterCarrierInvoiceAction(client: QueryClient, invoice: CarrierInvoiceView) {
  client.setQueryData(carrierInvoiceQuery(invoice.id).queryKey, invoice);
  await client.invalidateQueries({ queryKey: CARRIER_INVOICES_KEY, predicate: (q) => q.queryKey[2] !== 'one' });
}

/** Exports what is payable now as a batch (its CSV is downloaded next). */
export const exportPayables = () => api.post<{ data: PayablesBatchView }>(`${PAYABLES_PATH}/batches`, {}).then((r) => r.data);

export const payablesCsvPath = (batchId: string) => `${PAYABLES_PATH}/batches/${encodeURIComponent(batchId)}/payables.csv`;

export const markPayablesPaid = (body: PayablesPaidRequest) => api.post<{ data: unknown }>(`${PAYABLES_PATH}/paid`, body);
