import type { InvoiceType, Language } from '@freight/domain';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';
import { oneLine, paragraphMail } from './templates';

/**
 * The invoice mails, in the recipient's language: an invoice issued, a payment
 * received, a reminder before and after the due date, a returned bank payment, a dispute
 * resolved. Amounts in the invoice's currency, dates as the language writes them.
 */

function words(language: Language) {
  const t = translator(language);
  const locale = language === 'es' ? 'es-MX' : 'en-US';
  const k = (key: string, params: Record<string, unknown> = {}) => t(`mail.invoice.${key}`, params);
  const money = (cents: number, currency: string) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
  const date = (isoDate: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(
      new Date(`${isoDate.slice(0, 10)}T00:00:00Z`),
    );
  const greeting = (name: string) => (name ? t('mail.greeting', { name: oneLine(name) }) : '');
  const outro = [k('unsubscribe'), t('mail.signature')];
  return { t, k, money, date, greeting, outro };
}

export function invoiceIssuedMail(
  language: Language,
  to: string,
  d: {
    name: string;
    number: string;
    type: InvoiceType;
    total_cents: number;
    currency: string;
    due_date: string;
    bol_number: string | null;
    corrected: boolean;
    url: string;
  },
): MailMessage {
  const w = words(language);
  const type = w.k(`type.${d.type}`);
  const lines = [
    w.greeting(d.name),
    w.k('issued_intro', { type, number: d.number, total: w.money(d.total_cents, d.currency), due: w.date(d.due_date) }),
    d.bol_number ? w.k('issued_bol', { bol: d.bol_number }) : '',
    d.corrected ? w.k('issued_corrected') : '',
  ];
  return paragraphMail(to, w.k('issued_subject', { type, number: d.number }), lines, { label: w.k('view_invoice'), url: d.url }, w.outro);
}

export function invoicePaymentMail(
  language: Language,
  to: string,
  d: {
    name: string;
    total_cents: number;
    currency: string;
    method: 'card' | 'ach';
    last4: string | null;
    numbers: string[];
    pending: boolean;
    url: string;
  },
): MailMessage {
  const w = words(language);
  const method = w.k(`method.${d.method}`, { last4: d.last4 ?? '' });
  const lines = [
    w.greeting(d.name),
    w.k('payment_intro', { total: w.money(d.total_cents, d.currency), method, numbers: d.numbers.join(', ') }),
    d.pending ? w.k('payment_pending') : '',
  ];
  return paragraphMail(
    to,
    w.k('payment_subject', { total: w.money(d.total_cents, d.currency) }),
    lines,
    { label: w.k('view_history'), url: d.url },
    w.outro,
  );
}

export function invoiceReminderMail(
  language: Language,
  to: string,
  d: {
    name: string;
    number: string;
    balance_cents: number;
    currency: string;
    due_date: string;
    days_past_due: number;
    kind: 'before_due' | 'past_due';
    url: string;
  },
): MailMessage {
  const w = words(language);
  const params = { number: d.number, balance: w.money(d.balance_cents, d.currency), due: w.date(d.due_date), count: d.days_past_due };
  const lines = [w.greeting(d.name), w.k(`${d.kind}_intro`, params), d.kind === 'past_due' ? w.k('past_due_hold') : ''];
  return paragraphMail(to, w.k(`${d.kind}_subject`, params), lines, { label: w.k('pay_now'), url: d.url }, w.outro);
}

export function achReturnedMail(
  language: Language,
  to: string,
  d: { name: string; total_cents: number; currency: string; last4: string | null; numbers: string[]; url: string },
): MailMessage {
  const w = words(language);
  const lines = [
    w.greeting(d.name),
    w.k('returned_intro', { total: w.money(d.total_cents, d.currency), last4: d.last4 ?? '', numbers: d.numbers.join(', ') }),
    w.k('returned_next'),
  ];
  return paragraphMail(to, w.k('returned_subject'), lines, { label: w.k('pay_now'), url: d.url }, w.outro);
}

export function disputeResolvedMail(
  language: Language,
  to: string,
  d: {
    name: string;
    number: string;
    outcome: 'accepted' | 'rejected';
    accepted_cents: number | null;
    currency: string;
    note: string;
    url: string;
  },
): MailMessage {
  const w = words(language);
  const lines = [
    w.greeting(d.name),
    d.outcome === 'accepted'
      ? w.k('dispute_accepted', { number: d.number, amount: w.money(d.accepted_cents ?? 0, d.currency) })
      : w.k('dispute_rejected', { number: d.number }),
    d.note ? w.k('dispute_note', { note: oneLine(d.note) }) : '',
  ];
  return paragraphMail(to, w.k('dispute_subject', { number: d.number }), lines, { label: w.k('view_invoice'), url: d.url }, w.outro);
}

/**
 * A canceled prepaid booking: the card's hold released (nothing charged) or what was captured
 * refunded, and the credit memo that credits its receipt.
 */
export function bookingCreditedMail(
  language: Language,
  to: string,
  d: {
    name: string;
    bol_number: string;
    outcome: 'released' | 'refunded';
    /** Released: the authorization's amount; refunded: the amount given back. */
    amount_cents: number;
    currency: string;
    last4: string | null;
    memo_number: string;
    memo_total_cents: number;
    receipt_number: string;
    url: string;
    /** The credit memo's page for those who see invoices, the shipment's for the booker otherwise. */
    view: 'memo' | 'shipment';
  },
): MailMessage {
  const w = words(language);
  const amount = w.money(d.amount_cents, d.currency);
  const card = d.last4 ? w.k('canceled_card', { last4: d.last4 }) : w.k('canceled_card_plain');
  const lines = [
    w.greeting(d.name),
    w.k('canceled_intro', { bol: d.bol_number }),
    w.k(`canceled_${d.outcome}`, { amount, card }),
    w.k('canceled_memo', { memo: d.memo_number, receipt: d.receipt_number, total: w.money(Math.abs(d.memo_total_cents), d.currency) }),
  ];
  const action = { label: w.k(d.view === 'memo' ? 'view_memo' : 'view_shipment'), url: d.url };
  return paragraphMail(to, w.k('canceled_subject', { bol: d.bol_number, memo: d.memo_number }), lines, action, w.outro);
}
