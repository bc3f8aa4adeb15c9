import type { Language } from '@freight/domain';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';
import { oneLine, paragraphMail } from './templates';

/** The roles whose grant every super_admin hears of: they open every admin page between them. */
export const POWER_ROLES = ['super_admin', 'fpg_admin'] as const;
export type PowerRole = (typeof POWER_ROLES)[number];

export interface PowerGrantedMailData {
  /** The staff user who granted, as the audit log names them. */
  actor: string;
  /** Who received the roles: name and email. */
  grantee: string;
  roles: PowerRole[];
  /** The customer account the grantee belongs to, if any (a customer's user made staff). */
  account: string | null;
  /** 'invite' when the roles came with a staff invitation. */
  via: 'roles' | 'invite';
  at: Date;
  url: string;
}

/**
 * Tells a super_admin that super_admin or fpg_admin was granted (by a role change or with an
 * invitation): who gave what to whom and when, in the recipient's language, so a grant nobody
 * expected is noticed by the people who can undo it.
 */
export function powerGrantedMail(language: Language, to: string, d: PowerGrantedMailData): MailMessage {
  const t = translator(language);
  const k = (key: string, params: Record<string, unknown> = {}) => t(`mail.power_granted.${key}`, params);
  const roles = d.roles.map((r) => k(`roles.${r}`)).join(', ');
  const grantee = oneLine(d.grantee);
  const when = `${d.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return paragraphMail(
    to,
    k('subject', { roles, grantee }),
    [
      k(d.via === 'invite' ? 'intro_invite' : 'intro', { actor: oneLine(d.actor), roles, grantee, when }),
      d.account ? k('customer', { grantee, account: oneLine(d.account) }) : '',
      k('check'),
    ],
    { label: k('action'), url: d.url },
    [t('mail.signature')],
  );
}
