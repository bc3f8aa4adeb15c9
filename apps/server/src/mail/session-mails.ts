import type { Language } from '@freight/domain';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';
import { oneLine, paragraphMail } from './templates';

export interface NewDeviceMailData {
  name: string;
  browser: string | null;
  device: string | null;
  ip: string | null;
  /** Already worded ("Chicago, Illinois, United States"); left out when unknown. */
  place: string | null;
  at: Date;
  /** The Security page, where the user ends a session. */
  url: string;
}

/** "Chrome 131 on macOS", in the reader's language; "Unknown browser" when the agent said nothing we know. */
export function deviceWords(language: Language, browser: string | null, device: string | null) {
  const t = translator(language);
  if (browser && device) return t('mail.new_device.browser_on', { browser: oneLine(browser), device: oneLine(device) });
  if (browser) return oneLine(browser);
  if (device) return t('mail.new_device.unknown_browser_on', { device: oneLine(device) });
  return t('mail.new_device.unknown_browser');
}

/**
 * Tells a user their account was signed in to from a browser it had never been used from: which
 * browser, from which address (and place, when known) and when, and what to do if it was not them.
 */
export function newDeviceMail(language: Language, to: string, d: NewDeviceMailData): MailMessage {
  const t = translator(language);
  const k = (key: string, params: Record<string, unknown> = {}) => t(`mail.new_device.${key}`, params);
  const when = `${d.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return paragraphMail(
    to,
    k('subject'),
    [
      t('mail.greeting', { name: oneLine(d.name) }),
      k('intro'),
      k('device', { device: deviceWords(language, d.browser, d.device) }),
      k('address', { ip: d.ip ?? k('unknown_address') }),
      d.place ? k('place', { place: oneLine(d.place) }) : '',
      k('time', { when }),
      k('was_you'),
      k('not_you'),
    ],
    { label: k('action'), url: d.url },
    [t('mail.signature')],
  );
}
