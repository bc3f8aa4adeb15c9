import type { Language } from '@freight/domain';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A plain action mail: greeting, a sentence, one button-like link, a closing line. */
function actionMail(language: Language, kind: 'verify' | 'reset', to: string, name: string, url: string): MailMessage {
  const t = translator(language);
  const greeting = t('mail.greeting', { name });
  const intro = t(`mail.${kind}_intro`);
  const action = t(`mail.${kind}_action`);
  const outro = t(`mail.${kind}_outro`);
  const signature = t('mail.signature');
  return {
    to,
    subject: t(`mail.${kind}_subject`),
    text: [greeting, '', intro, '', `${action}: ${url}`, '', outro, '', signature].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p><p>${escapeHtml(signature)}</p>`,
  };
}

export const verifyEmailMail = (language: Language, to: string, name: string, url: string) => actionMail(language, 'verify', to, name, url);
export const resetPasswordMail = (language: Language, to: string, name: string, url: string) =>
  actionMail(language, 'reset', to, name, url);
