import type { PlaceView } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { AppContext } from '../../context';
import { plainText } from '../../i18n';
import { statusChangeMail } from '../../mail/templates';
import { localTime } from '../../zones';
import { trackingMailRecipients } from '../shipment-watchers/shipment-watchers.service';
import { eventText } from './event-words';
import type { EventRow, NotifyFacts } from './tracking.repository';

/** 'City, ST', either part possibly missing. */
const place = (city: string, state: string) => [city, state].filter(Boolean).join(', ');

/** The mails of a shipment's status change, as the tracking service sends them in the background. */
export function statusChangeNotifier(ctx: Pick<AppContext, 'db' | 'config' | 'mailer'>) {
  /**
   * Mails the booker and the colleagues watching the shipment, each by their own settings and in
   * their own language (shipment-watchers decides who), and, when the shipper asked for it, the
   * consignee (the delivery contact) in the booker's language.
   */
  return async function notify(facts: NotifyFacts, event: EventRow, actionRequired: boolean) {
    const { bookerLanguage, people, addresses } = await trackingMailRecipients(ctx.db, {
      id: facts.id,
      accountId: facts.accountId,
      bookerId: facts.userId,
    });
    const base = (language: Language) => ({
      bol_number: facts.bolNumber,
      pro_number: facts.proNumber ?? facts.trackingNumber,
      carrier_name: facts.carrierName,
      origin: place(facts.originCity, facts.originState),
      destination: place(facts.destinationCity, facts.destinationState),
      status: plainText(language, `tracking.status.${event.status}`),
      action_required: actionRequired,
      carrier_text: eventText(language, event),
      place: place(event.city, event.state),
      local_time: localTime(event.occurredAt, event.utcOffsetMinutes),
      url: `${ctx.config.appUrl}/track-shipment?number=${encodeURIComponent(facts.bolNumber)}`,
    });
    const mails = people.map((p) =>
      p.kind === 'booker'
        ? statusChangeMail(p.language, p.email, { ...base(p.language), name: p.firstName, recipient: 'user' })
        : statusChangeMail(p.language, p.email, {
            ...base(p.language),
            name: p.firstName,
            recipient: 'watcher',
            // Where a watcher stops watching.
            portal_url: `${ctx.config.appUrl}/track/detail/${facts.id}`,
          }),
    );
    // A consignee who is also the booker or a watcher is mailed as such, or not at all by their own choice.
    const consignee = (facts.delivery as Partial<PlaceView> | null)?.email?.trim().toLowerCase();
    if (facts.notifyConsignee && consignee && !addresses.has(consignee)) {
      mails.push(statusChangeMail(bookerLanguage, consignee, { ...base(bookerLanguage), name: '', recipient: 'consignee' }));
    }
    // One failed delivery (kept in the outbox with its error) does not stop the others.
    const results = await Promise.allSettled(mails.map((m) => ctx.mailer.send(m)));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  };
}
