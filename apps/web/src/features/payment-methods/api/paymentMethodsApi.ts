import type { PaymentMethodsView, PaymentMethodView } from '@freight/contracts';
import { api } from '../../../lib/api';

/** POST /api/payment-methods: the method's id alone; a card's 3-D Secure page sends the payer back to this page (the server's default). */
export const addPaymentMethod = (paymentMethod: string) =>
  api.post<{ data: PaymentMethodView }>('/api/payment-methods', { payment_method: paymentMethod }).then((r) => r.data);

/** POST /api/payment-methods/confirm: the payer is back from the challenge of this set-up; the server asks the processor. */
export const confirmPaymentMethod = (setupIntent: string) =>
  api.post<{ data: PaymentMethodView }>('/api/payment-methods/confirm', { setup_intent: setupIntent }).then((r) => r.data);

/** POST /api/payment-methods/:id/verify: the code of the micro-deposit on a bank account's statement. */
export const verifyBankAccount = (id: string, code: string) =>
  api.post<{ data: PaymentMethodView }>(`/api/payment-methods/${encodeURIComponent(id)}/verify`, { code }).then((r) => r.data);

export const removePaymentMethod = (id: string) => api.delete(`/api/payment-methods/${encodeURIComponent(id)}`);

export const makeDefaultPaymentMethod = (id: string) =>
  api.put<{ data: PaymentMethodView }>(`/api/payment-methods/${encodeURIComponent(id)}/default`, {}).then((r) => r.data);

export const saveAutopay = (enabled: boolean) =>
  api.put<{ data: PaymentMethodsView }>('/api/payment-methods/autopay', { enabled }).then((r) => r.data);
