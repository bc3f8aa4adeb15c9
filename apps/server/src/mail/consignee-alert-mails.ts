import type { AlertDetails, AlertKind } from '@freight/contracts';
import type { Language } from '@freight/domain';
import { translator } from '../i18n';
import { whatHappened } from './alert-mails';
import type { MailMessage } from './mailer';
import { oneLine, paragraphMail } from './templates';

/** What a consignee's mails name: only what the public tracking page shows for the number they used. */
export interface ConsigneeShipmentData {
  /** The number the subscriber looked the shipment up by. */
  number: string;
  carrier_name: string;
  origin: string;
  destination: string;
}

/** The double opt-in's mail: what was asked for, and the link that starts the alerts (48 hours). */
export function consigneeConfirmMail(language: Language, to: string, d: ConsigneeShipmentData & { confirm_url: string }): MailMessage {
  const t = translator(language);
  const common = { number: oneLine(d.number), origin: oneLine(d.origin), destination: oneLine(d.destination) };
  return paragraphMail(
    to,
    t('consignee_alerts.confirm_mail.subject', { number: common.number }),
    [t('consignee_alerts.confirm_mail.intro', { ...common, carrier: oneLine(d.carrier_name) }), t('consignee_alerts.confirm_mail.expiry')],
    { label: t('consignee_alerts.confirm_mail.action'), url: d.confirm_url },
    [t('consignee_alerts.confirm_mail.ignore'), t('mail.signature')],
  );
}

/** An alert told to a consignee: what happened, the tracking page, and the one-click unsubscribe link. */
export function consigneeAlertMail(
  language: Language,
  to: string,
  d: ConsigneeShipmentData & { kind: AlertKind; details: AlertDetails; tracking_url: string; unsubscribe_url: string },
): MailMessage {
  const t = translator(language);
  const title = t(`alerts.kind.${d.kind}`);
  return paragraphMail(
    to,
    t('consignee_alerts.alert_mail.subject', { title, number: oneLine(d.number) }),
    [
      whatHappened(language, {
        kind: d.kind,
        bol_number: oneLine(d.number),
        origin: d.origin,
        destination: d.destination,
        details: d.details,
      }),
      t('consignee_alerts.alert_mail.carrier', { carrier: oneLine(d.carrier_name) }),
    ],
    [
      { label: t('consignee_alerts.alert_mail.action'), url: d.tracking_url },
      { label: t('consignee_alerts.alert_mail.unsubscribe'), url: d.unsubscribe_url },
    ],
    [t('consignee_alerts.alert_mail.why'), t('mail.signature')],
  );
}
