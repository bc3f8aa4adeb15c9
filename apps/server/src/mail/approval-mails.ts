import type { ApprovalReason, Language } from '@freight/domain';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';
import { mailMoney, oneLine, paragraphMail } from './templates';

/** What both approval mails say of the booking. */
export interface HeldBookingWords {
  mode: string;
  origin: string;
  destination: string;
  carrier: string;
  total_cents: number;
  currency: string;
}

function words(language: Language, b: HeldBookingWords) {
  const t = translator(language);
  const modeWord = t(`mail.modes.${b.mode}`);
  return {
    t,
    params: {
      mode: modeWord,
      origin: oneLine(b.origin),
      destination: oneLine(b.destination),
      carrier: oneLine(b.carrier),
      total: mailMoney(language)(b.total_cents, b.currency),
    },
  };
}

/**
 * To each account admin: a booking waits for them. The Approve and Decline links are the admin's
 * own, work once and only open the booking in the portal, where the decision is confirmed.
 */
export function approvalRequestMail(
  language: Language,
  to: string,
  d: HeldBookingWords & {
    name: string;
    booker: string;
    reasons: ApprovalReason[];
    rateExpiresAt: Date | null;
    linkDays: number;
    approveUrl: string;
    declineUrl: string;
  },
): MailMessage {
  const { t, params } = words(language, d);
  const k = (key: string, more: Record<string, unknown> = {}) => t(`mail.approval_request.${key}`, { ...params, ...more });
  const reasons = d.reasons.map((r) => t(`mail.approval_reasons.${r}`)).join('; ');
  const until = d.rateExpiresAt ? `${d.rateExpiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
  return paragraphMail(
    to,
    k('subject'),
    [
      t('mail.greeting', { name: oneLine(d.name) }),
      k('intro', { name: oneLine(d.booker), reasons }),
      until ? k('hold', { until }) : '',
      k('links', { days: d.linkDays }),
    ],
    [
      { label: k('approve'), url: d.approveUrl },
      { label: k('decline'), url: d.declineUrl },
    ],
    [t('mail.signature')],
  );
}

/** To the booker: the decision, with the approver's name and, for a decline, the reason. */
export function approvalDecidedMail(
  language: Language,
  to: string,
  d: HeldBookingWords & { name: string; approver: string; outcome: 'approved' | 'declined'; reason?: string; bol?: string; url: string },
): MailMessage {
  const { t, params } = words(language, d);
  const k = (key: string, more: Record<string, unknown> = {}) => t(`mail.approval_decided.${key}`, { ...params, ...more });
  const approver = oneLine(d.approver);
  const lines =
    d.outcome === 'approved'
      ? [k('approved_intro', { approver, bol: d.bol ?? '' })]
      : [k('declined_intro', { approver }), k('reason', { reason: oneLine(d.reason) })];
  return paragraphMail(
    to,
    k(d.outcome === 'approved' ? 'approved_subject' : 'declined_subject'),
    [t('mail.greeting', { name: oneLine(d.name) }), ...lines],
    { label: k('action'), url: d.url },
    [t('mail.signature')],
  );
}
