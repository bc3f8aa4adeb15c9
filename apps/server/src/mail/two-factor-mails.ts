import type { Language } from '@freight/domain';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';
import { oneLine, paragraphMail } from './templates';

/**
 * Tells a user that a super_admin reset their second factor: when, why (the reason given), and
 * that they set one up again at their next sign-in. The staff member is named by role only, as
 * staff are not personal contacts of the customers; the audit log keeps who it was.
 */
export function twoFactorResetMail(
  language: Language,
  to: string,
  d: { name: string; reason: string; at: Date; url: string },
): MailMessage {
  const t = translator(language);
  const k = (key: string, params: Record<string, unknown> = {}) => t(`mail.two_factor_reset.${key}`, params);
  const when = `${d.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return paragraphMail(
    to,
    k('subject'),
    [
      t('mail.greeting', { name: oneLine(d.name) }),
      k('intro', { role: k('role'), when }),
      k('reason', { reason: oneLine(d.reason) }),
      k('next'),
    ],
    { label: k('action'), url: d.url },
    [k('check'), t('mail.signature')],
  );
}
