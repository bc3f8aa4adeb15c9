import { describe, expect, it } from 'vitest';
import i18n from './i18n';

describe('the words', () => {
  it('keep one full stop when a sentence ends with a Spanish time, which brings its own', () => {
    const t = i18n.getFixedT('es');
    const text = t('shipment.payment.paid_body', { amount: 'USD 147.79', last4: '4242', date: '26 nov 2026, 7:16 a.m.' });
    expect(text).toBe('USD 147.79 pagado con la tarjeta terminada en 4242 el 26 nov 2026, 7:16 a.m.');
  });
});
