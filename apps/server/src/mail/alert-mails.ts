import type { AlertDetails, AlertKind } from '@freight/contracts';
import type { Language } from '@freight/domain';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';
import { paragraphMail } from './templates';

/** What an alert's mail and text say: the shipment, its lane and carrier, and what the rule saw. */
export interface AlertMailData {
  kind: AlertKind;
  name: string;
  bol_number: string;
  pro_number: string | null;
  carrier_name: string;
  origin: string;
  destination: string;
  details: AlertDetails;
  /** The shipment's page in the portal. */
  shipment_url: string;
  /** Where the reader chooses which alerts reach them and how. */
  settings_url: string;
}

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** The alert's own sentence, with what the rule saw (the promised date, the exceptions noted); consignees' mails say it too. */
export function whatHappened(language: Language, d: Pick<AlertMailData, 'kind' | 'bol_number' | 'origin' | 'destination' | 'details'>) {
  const t = translator(language);
  const common = { number: d.bol_number, origin: oneLine(d.origin), destination: oneLine(d.destination) };
  switch (d.kind) {
    case 'window_slipping':
      return t('alerts.mail.body.window_slipping', { ...common, promised: d.details.promised_on ?? '' });
    case 'delivered_with_exceptions': {
      const kinds = (d.details.exceptions ?? []).map((k) => t(`alerts.exception.${k}`, { defaultValue: k }));
      return t('alerts.mail.body.delivered_with_exceptions', { ...common, exceptions: kinds.join(', ') });
    }
    default:
      return t(`alerts.mail.body.${d.kind}`, common);
  }
}

/** An alert's mail in the reader's language: what happened, the numbers, a link to the shipment and one to the settings. */
export function alertMail(language: Language, to: string, d: AlertMailData): MailMessage {
  const t = translator(language);
  const title = t(`alerts.kind.${d.kind}`);
  const message = d.kind === 'action_required' && d.details.message ? oneLine(d.details.message) : '';
  const lines = [
    d.name ? t('mail.greeting', { name: oneLine(d.name) }) : '',
    whatHappened(language, d),
    message ? t('alerts.mail.message', { message }) : '',
    d.pro_number
      ? t('alerts.mail.numbers', { bol: d.bol_number, pro: oneLine(d.pro_number), carrier: oneLine(d.carrier_name) })
      : t('alerts.mail.numbers_no_pro', { bol: d.bol_number, carrier: oneLine(d.carrier_name) }),
  ];
  return paragraphMail(
    to,
    t('alerts.mail.subject', { title, number: d.bol_number }),
    lines,
    [
      { label: t('alerts.mail.action'), url: d.shipment_url },
      { label: t('alerts.mail.settings_action'), url: d.settings_url },
    ],
    [t('alerts.mail.why'), t('mail.signature')],
  );
}

/** An alert as a text message: short, the title, the BOL and the link. */
export function alertText(language: Language, d: AlertMailData): string {
  const t = translator(language);
  return t('alerts.sms', { title: t(`alerts.kind.${d.kind}`), number: d.bol_number, url: d.shipment_url });
}
