import type { Language } from '@freight/domain';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';
import { oneLine, paragraphMail } from './templates';

/**
 * The answer to a password reset asked for a user whose company signs in through its identity
 * provider only: no link (they have no password to reset), but where to sign in instead.
 */
export function ssoPasswordResetMail(language: Language, to: string, name: string, loginUrl: string): MailMessage {
  const t = translator(language);
  const k = (key: string) => t(`mail.sso_password_reset.${key}`);
  return paragraphMail(
    to,
    k('subject'),
    [t('mail.greeting', { name: oneLine(name) }), k('intro'), k('next')],
    { label: k('action'), url: loginUrl },
    [k('check'), t('mail.signature')],
  );
}
