import type { BookingPaymentMethodsView, PaymentMethodsView, PaymentProcessorView } from '@freight/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The account's saved methods (Settings > Payment methods, and paying invoices): whoever may pay invoices. */
export const PAYMENT_METHODS_KEY = ['payment-methods'] as const;

export const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: PAYMENT_METHODS_KEY,
    queryFn: ({ signal }) => api.get<{ data: PaymentMethodsView }>('/api/payment-methods', { signal }).then((r) => r.data),
  });

/** Where the browser hands a card to the processor, and with which publishable key (null: payments are off). */
export const processorQuery = () =>
  queryOptions({
    queryKey: [...PAYMENT_METHODS_KEY, 'processor'],
    queryFn: ({ signal }) =>
      api.get<{ data: PaymentProcessorView | null }>('/api/payment-methods/processor', { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** What Pay Now of a prepaid booking offers whoever may book: the processor and the account's saved cards. */
export const bookingPaymentMethodsQuery = () =>
  queryOptions({
    queryKey: [...PAYMENT_METHODS_KEY, 'booking'],
    queryFn: ({ signal }) => api.get<{ data: BookingPaymentMethodsView }>('/api/shipments/payment-methods', { signal }).then((r) => r.data),
  });
