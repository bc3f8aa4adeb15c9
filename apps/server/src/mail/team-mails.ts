import type { CustomerRole, Language } from '@freight/domain';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';
import { oneLine, paragraphMail } from './templates';

/**
 * An invitation to join an account's team: who invited whom, to which account, with which role
 * (and booking limit, when one is set), and the link that sets the password, which works once
 * until it expires.
 */
export function teamInvitationMail(
  language: Language,
  to: string,
  d: { name: string; inviter: string; account: string; role: CustomerRole; limit: string | null; expiresAt: Date; url: string },
): MailMessage {
  const t = translator(language);
  const k = (key: string, params: Record<string, unknown> = {}) => t(`mail.team_invite.${key}`, params);
  const names = { inviter: oneLine(d.inviter), account: oneLine(d.account) };
  const when = `${d.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return paragraphMail(
    to,
    k('subject', names),
    [
      t('mail.greeting', { name: oneLine(d.name) }),
      k('intro', { ...names, role: t(`team.roles.${d.role}`) }),
      d.limit ? k('limit', { limit: d.limit }) : '',
      k('expires', { when }),
    ],
    { label: k('action'), url: d.url },
    [k('outro'), t('mail.signature')],
  );
}

export interface TeamAdminGrantedMailData {
  /** The recipient's first name. */
  name: string;
  /** Who made the change and who became an account admin, as the audit log names them. */
  actor: string;
  grantee: string;
  account: string;
  /** A role change, the role handed over, or an invitation as account admin. */
  via: 'role' | 'transfer' | 'invite';
  at: Date;
  url: string;
}

/**
 * Tells an account's other admins that someone became an account admin (a change of role, the
 * role handed over, or an invitation with it): the strongest role of a customer account, so a grant
 * nobody expected is noticed by the people who can undo it.
 */
export function teamAdminGrantedMail(language: Language, to: string, d: TeamAdminGrantedMailData): MailMessage {
  const t = translator(language);
  const k = (key: string, params: Record<string, unknown> = {}) => t(`mail.team_admin_granted.${key}`, params);
  const names = { actor: oneLine(d.actor), grantee: oneLine(d.grantee), account: oneLine(d.account) };
  const when = `${d.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const intro = { role: 'intro', transfer: 'intro_transfer', invite: 'intro_invite' }[d.via];
  return paragraphMail(
    to,
    k('subject', names),
    [t('mail.greeting', { name: oneLine(d.name) }), k(intro, { ...names, when }), k('power')],
    { label: k('action'), url: d.url },
    [k('check', names), t('mail.signature')],
  );
}
