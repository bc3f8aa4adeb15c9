import type { ApiError } from '../../lib/api';

/** What went wrong with a payment, in words (the server's translated message first). */
export function paymentFailureText(t: (k: string, o?: Record<string, unknown>) => string, e: ApiError): string {
  if (e.status === 0) return t('common.network_error');
  if (e.code === 'payment_declined') return e.message || t('errors.payment_declined');
  if (e.code === 'payment_failed' || e.status === 502) return e.body.message ? e.message : t('errors.payment_failed');
  if (e.status >= 500) return t('shipment.payment.failed');
  return e.message || t('shipment.payment.failed');
}
