import type { CarrierPauseReason } from '@freight/contracts';
import type { Language } from '@freight/domain';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';
import { oneLine, paragraphMail } from './templates';

/**
 * A super_admin is told a carrier was paused from quoting (the circuit breaker): which, since
 * when (UTC, as the language writes it), why, what it means for quotes and how it ends.
 */
export function carrierPausedMail(
  language: Language,
  to: string,
  d: { name: string; carrier: string; scac: string; paused_at: Date; reason: CarrierPauseReason | null; url: string },
): MailMessage {
  const t = translator(language);
  const k = (key: string, params: Record<string, unknown> = {}) => t(`mail.carrier_paused.${key}`, params);
  const locale = language === 'es' ? 'es-MX' : 'en-US';
  const at = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'long', timeStyle: 'short' }).format(d.paused_at);
  const carrier = `${oneLine(d.carrier)} (${oneLine(d.scac)})`;
  const reason = d.reason
    ? k(`reason_${d.reason.kind}`, {
        failures: d.reason.failures,
        calls: d.reason.calls,
        minutes: Math.round(d.reason.window_seconds / 60),
      })
    : '';
  return paragraphMail(
    to,
    k('subject', { carrier }),
    [d.name ? t('mail.greeting', { name: oneLine(d.name) }) : '', k('intro', { carrier, at }), reason, k('meaning'), k('resume')],
    { label: k('action'), url: d.url },
    [t('mail.signature')],
  );
}
