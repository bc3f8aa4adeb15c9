import type { Language } from '@freight/domain';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';
import { oneLine, paragraphMail } from './templates';

/**
 * The mails of an account's saved payment methods, in the recipient's language: autopay's notice
 * before an invoice is charged and a charge that failed (tried again on the next business day, or
 * given up; a paid invoice gets the usual payment mail of the invoice payment it became), and a
 * new bank account's micro-deposit on its way.
 */

/** What was charged, as the mails name it: never more than its brand and last four digits. */
export interface AutopayMethod {
  type: 'card' | 'us_bank_account';
  brand: string | null;
  last4: string;
}

function words(language: Language, group: 'autopay' | 'bank_deposit' = 'autopay') {
  const t = translator(language);
  const locale = language === 'es' ? 'es-MX' : 'en-US';
  const k = (key: string, params: Record<string, unknown> = {}) => t(`mail.${group}.${key}`, params);
  const money = (cents: number, currency: string) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
  const date = (isoDate: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(
      new Date(`${isoDate.slice(0, 10)}T00:00:00Z`),
    );
  const method = (m: AutopayMethod) =>
    m.type === 'card' ? k('card', { brand: brandName(m.brand), last4: m.last4 }) : k('bank', { last4: m.last4 });
  const greeting = (name: string) => (name ? t('mail.greeting', { name: oneLine(name) }) : '');
  const outro = [t('mail.invoice.unsubscribe'), t('mail.signature')];
  return { k, money, date, method, greeting, outro };
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};
const brandName = (brand: string | null) => BRANDS[brand ?? ''] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : '');

interface Charge {
  name: string;
  number: string;
  amount_cents: number;
  currency: string;
  method: AutopayMethod;
  invoice_url: string;
  methods_url: string;
}

/** Three business days ahead: this invoice will be charged on its due date to this method. */
export function autopayNoticeMail(language: Language, to: string, d: Charge & { date: string }): MailMessage {
  const w = words(language);
  const params = { number: d.number, amount: w.money(d.amount_cents, d.currency), method: w.method(d.method), date: w.date(d.date) };
  return paragraphMail(
    to,
    w.k('notice_subject', params),
    [w.greeting(d.name), w.k('notice_intro', params), w.k('notice_change')],
    [
      { label: w.k('view_invoice'), url: d.invoice_url },
      { label: w.k('manage'), url: d.methods_url },
    ],
    w.outro,
  );
}

/** A charge declined or failed: `retry_on` when autopay tries once more, none when it gave the invoice up. */
export function autopayFailedMail(
  language: Language,
  to: string,
  d: Charge & { reason: 'declined' | 'failed'; retry_on: string | null },
): MailMessage {
  const w = words(language);
  const params = {
    number: d.number,
    amount: w.money(d.amount_cents, d.currency),
    method: w.method(d.method),
    reason: w.k(`reason_${d.reason}`),
    date: d.retry_on ? w.date(d.retry_on) : '',
  };
  return paragraphMail(
    to,
    w.k('failed_subject', params),
    [w.greeting(d.name), w.k(d.retry_on ? 'failed_retry' : 'failed_final', params)],
    [
      { label: w.k('view_invoice'), url: d.invoice_url },
      { label: w.k('manage'), url: d.methods_url },
    ],
    w.outro,
  );
}

/**
 * A bank account just saved: the processor is sending it a small deposit whose statement line
 * holds the code that verifies it; until then it cannot pay. `arrives_on`: the processor's
 * expected day (a business day, ISO), when it named one.
 */
export function bankDepositSentMail(
  language: Language,
  to: string,
  d: { name: string; last4: string; arrives_on: string | null; methods_url: string },
): MailMessage {
  const w = words(language, 'bank_deposit');
  const params = { last4: d.last4, date: d.arrives_on ? w.date(d.arrives_on) : '' };
  return paragraphMail(
    to,
    w.k('subject', params),
    [w.greeting(d.name), w.k(d.arrives_on ? 'intro_by' : 'intro', params), w.k('how')],
    [{ label: w.k('verify'), url: d.methods_url }],
    w.outro,
  );
}
