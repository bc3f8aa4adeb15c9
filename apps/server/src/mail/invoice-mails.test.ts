import { describe, expect, it } from 'vitest';
import { achReturnedMail, disputeResolvedMail, invoiceIssuedMail, invoicePaymentMail, invoiceReminderMail } from './invoice-mails';

const url = 'http://127.0.0.1:3000/invoice-detail/1';

describe('invoice mails', () => {
  it('an invoice issued, with its amount, due date and, after a reweigh, why it differs', () => {
    const d = {
      name: 'Dana',
      number: 'INV-0100001',
      type: 'freight' as const,
      total_cents: 123_456,
      currency: 'USD',
      due_date: '2026-12-22',
      bol_number: '06141410090000015',
      corrected: true,
      url,
    };
    const en = invoiceIssuedMail('en', 'd@x.test', d);
    expect(en.subject).toBe('Freight invoice INV-0100001');
    expect(en.text).toContain('Freight invoice INV-0100001 for $1,234.56 is ready. It is due on December 22, 2026.');
    expect(en.text).toContain('The carrier corrected the weight or class');
    expect(en.text).toContain(url);
    const es = invoiceIssuedMail('es', 'd@x.test', d);
    expect(es.subject).toBe('Factura de flete INV-0100001');
    expect(es.text).toMatch(/USD\s1,234\.56/);
    expect(es.text).toContain('22 de diciembre de 2026');
    expect(es.text).toContain('El transportista corrigió');
  });

  it('a payment received, by card or by a bank that takes days', () => {
    const d = {
      name: 'Dana',
      total_cents: 91_317,
      currency: 'USD',
      method: 'ach' as const,
      last4: '6789',
      numbers: ['INV-1', 'INV-2'],
      pending: true,
      url,
    };
    expect(invoicePaymentMail('en', 'd@x.test', d).text).toContain('$913.17 by bank account ending in 6789 for INV-1, INV-2');
    expect(invoicePaymentMail('en', 'd@x.test', d).text).toContain('a few business days to settle');
    expect(invoicePaymentMail('es', 'd@x.test', { ...d, method: 'card', last4: '4242', pending: false }).text).toContain(
      'con tarjeta terminada en 4242',
    );
  });

  it('reminders before the due date and past due (one day, several days)', () => {
    const d = { name: 'Dana', number: 'INV-1', balance_cents: 50_000, currency: 'USD', due_date: '2026-12-01', days_past_due: 0, url };
    expect(invoiceReminderMail('en', 'd@x.test', { ...d, kind: 'before_due' }).subject).toBe('Invoice INV-1 is due on December 1, 2026');
    expect(invoiceReminderMail('en', 'd@x.test', { ...d, kind: 'past_due', days_past_due: 1 }).text).toContain('is 1 day past due');
    const es = invoiceReminderMail('es', 'd@x.test', { ...d, kind: 'past_due', days_past_due: 12 });
    expect(es.subject).toBe('La factura INV-1 está vencida');
    expect(es.text).toContain('12 días de atraso');
    expect(es.text).toContain('bloqueo de crédito');
  });

  it('a returned bank payment, and a dispute resolved, with what staff and users typed escaped', () => {
    expect(
      achReturnedMail('en', 'd@x.test', { name: 'Dana', total_cents: 100, currency: 'USD', last4: '1113', numbers: ['INV-1'], url }).text,
    ).toContain('Invoices INV-1 are open again');
    const m = disputeResolvedMail('en', 'd@x.test', {
      name: '<b>Dana</b>',
      number: 'INV-1',
      outcome: 'accepted',
      accepted_cents: 7_531,
      currency: 'USD',
      note: '<script>alert(1)</script>',
      url,
    });
    expect(m.text).toContain('a credit of $75.31 was applied');
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;');
    expect(m.html).not.toContain('<b>Dana</b>');
    expect(
      disputeResolvedMail('es', 'd@x.test', {
        name: 'Ana',
        number: 'INV-1',
        outcome: 'rejected',
        accepted_cents: null,
        currency: 'USD',
        note: '',
        url,
      }).subject,
    ).toBe('Su disputa de la factura INV-1 está resuelta');
  });
});
