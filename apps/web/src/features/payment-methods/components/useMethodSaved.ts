import type { PaymentMethodView } from '@freight/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../components/notices/showNotice';
import { PAYMENT_METHODS_KEY } from '../../../components/payment/api';
import { methodLabel } from '../../../components/payment/methodLabel';

/**
 * What follows a method saved, at once or after the card issuer's challenge: it says so (a bank
 * account, that it awaits its deposit's code), and the list is asked again.
 */
export function useMethodSaved() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return async (saved: PaymentMethodView) => {
    const key = saved.verification === 'awaiting' ? 'payment_methods.added_awaiting' : 'payment_methods.added';
    showNotice({ color: 'green', message: { key, params: { method: methodLabel(t, saved) } } });
    await qc.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY });
  };
}
