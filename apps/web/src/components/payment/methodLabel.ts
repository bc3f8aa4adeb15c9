import type { PaymentMethodView } from '@freight/contracts';
import type { TFunction } from 'i18next';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** A method in words: 'Visa ending in 4242', 'STRIPE TEST BANK account ending in 6789'. */
export function methodLabel(t: TFunction, m: Pick<PaymentMethodView, 'type' | 'brand' | 'bank_name' | 'last4'>) {
  if (m.type === 'card') {
    const brand = BRANDS[m.brand ?? ''] ?? (m.brand ? m.brand[0]!.toUpperCase() + m.brand.slice(1) : '');
    return t('payment.method.card', { brand, last4: m.last4 });
  }
  return m.bank_name ? t('payment.method.bank', { bank: m.bank_name, last4: m.last4 }) : t('payment.method.bank_plain', { last4: m.last4 });
}
