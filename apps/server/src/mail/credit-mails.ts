import type { Language } from '@freight/domain';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';
import { oneLine, paragraphMail } from './templates';

export type CreditDecisionMailData = {
  name: string;
  account: string;
  url: string;
} & (
  | { outcome: 'approved'; net_days: number; credit_limit_cents: number; grace_days: number }
  /** A decline tells its reason; an approval's reason is staff's note for the credit record. */
  | { outcome: 'declined'; reason: string }
);

/** The applicant hears the decision on a credit application, in their own language. */
export function creditDecisionMail(language: Language, to: string, d: CreditDecisionMailData): MailMessage {
  const t = translator(language);
  const k = (key: string, params: Record<string, unknown> = {}) => t(`mail.credit_decision.${key}`, params);
  const account = oneLine(d.account);
  const money = (cents: number) =>
    new Intl.NumberFormat(language === 'es' ? 'es-MX' : 'en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
  const lines =
    d.outcome === 'approved'
      ? [
          k('approved_intro', { account }),
          k('approved_terms', { net_days: d.net_days, limit: money(d.credit_limit_cents), grace_days: d.grace_days }),
        ]
      : [k('declined_intro', { account }), k('note', { reason: oneLine(d.reason) })];
  return paragraphMail(
    to,
    k(d.outcome === 'approved' ? 'approved_subject' : 'declined_subject'),
    [t('mail.greeting', { name: oneLine(d.name) }), ...lines],
    { label: k('action'), url: d.url },
    [t('mail.signature')],
  );
}
