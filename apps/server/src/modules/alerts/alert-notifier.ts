import type { AlertChannel, AlertKind } from '@freight/contracts';
import { customerCan, isLanguage, type Language } from '@freight/domain';
import type { AppContext } from '../../context';
import type { JobOutcome } from '../../jobs/jobs';
import { type AlertMailData, alertMail, alertText } from '../../mail/alert-mails';
import { consigneeAlertMails } from '../consignee-alerts/consignee-alerts.service';
import { shipmentMailPeople } from '../shipment-watchers/shipment-watchers.service';
import { sendAlertSms } from './alert-sms';
import { place } from './alerts.presenter';
import { alertsRepository } from './alerts.repository';

/** Alerts told per round of the notify job; more wait for the next round, at once. */
const NOTIFY_BATCH = 100;

/** A kind's channels when the user chose none: portal and mail on, SMS off. */
export const DEFAULT_CHANNELS: Record<AlertChannel, boolean> = { portal: true, mail: true, sms: false };

type NotifierCtx = Pick<AppContext, 'db' | 'now' | 'mailer' | 'config' | 'appKey'>;
type Pending = Awaited<ReturnType<ReturnType<typeof alertsRepository>['unnotified']>>[number];

/** The channels each of `userIds` takes for `kind`. */
export async function channelsOf(ctx: Pick<AppContext, 'db'>, userIds: string[], kind: AlertKind) {
  const rows = await alertsRepository(ctx.db).preferencesFor(userIds, kind);
  const chosen = new Map(rows.map((r) => [r.userId, { portal: r.portal, mail: r.mail, sms: r.sms }]));
  return (userId: string) => chosen.get(userId) ?? DEFAULT_CHANNELS;
}

/**
 * Tells each raised alert to the shipment's watchers (its booker and the colleagues watching it,
 * active, whose role still sees shipments), each by their own channels for its kind: the portal
 * (the inbox GET /api/alerts reads), a mail in their language, a text. One failing channel, or
 * one failing person, never stops the others: a mail that fails stays in the outbox with its
 * error, a text's outcome is recorded by modules/sms. The consignees who subscribed on the public
 * tracking page get it by mail too (modules/consignee-alerts), side by side with the watchers.
 */
export function alertNotifier(ctx: NotifierCtx, opts: { sendSms?: typeof sendAlertSms } = {}) {
  const repo = alertsRepository(ctx.db);
  const sendSms = opts.sendSms ?? sendAlertSms;
  const consignees = consigneeAlertMails(ctx);

  async function notifyOne(row: Pending) {
    // Settled with the watchers' deliveries: neither side's failure stops the other.
    await Promise.allSettled([tellWatchers(row), consignees.tellAlert(row)]);
  }

  async function tellWatchers(row: Pending) {
    const { alert, shipment } = row;
    const people = (await shipmentMailPeople(ctx.db, { id: shipment.id, accountId: alert.accountId, bookerId: row.bookerId }))
      .filter((p) => !p.deactivatedAt)
      .filter((p) => p.id === row.bookerId || customerCan(p.accountRole, 'shipments.view'));
    if (!people.length) return;
    const channels = await channelsOf(
      ctx,
      people.map((p) => p.id),
      alert.kind,
    );
    const data = (name: string): AlertMailData => ({
      kind: alert.kind,
      name,
      bol_number: shipment.bolNumber,
      pro_number: shipment.proNumber,
      carrier_name: shipment.carrierName,
      origin: place(shipment.originCity, shipment.originState),
      destination: place(shipment.destinationCity, shipment.destinationState),
      details: alert.details,
      shipment_url: `${ctx.config.appUrl}/track/detail/${shipment.id}`,
      settings_url: `${ctx.config.appUrl}/settings/alerts`,
    });
    const language = (value: string): Language => (isLanguage(value) ? value : 'en');
    const on = (channel: AlertChannel) => people.filter((p) => channels(p.id)[channel]);
    // Each delivery is its own promise (a template that throws included), settled side by side.
    const attempt = (task: () => Promise<unknown>) => (async () => task())();
    const work = [
      attempt(() =>
        repo.addToInbox(
          alert.id,
          on('portal').map((p) => p.id),
        ),
      ),
      ...on('mail').map((p) => attempt(() => ctx.mailer.send(alertMail(language(p.language), p.email, data(p.firstName))))),
      ...on('sms').map((p) => attempt(() => sendSms(ctx.db, p.id, alertText(language(p.language), data(p.firstName))))),
    ];
    await Promise.allSettled(work);
  }

  return {
    /** One round of the notify job: the oldest alerts not yet told, each once (an alert already closed is told to no one). */
    async notifyPending(): Promise<JobOutcome> {
      const batch = await repo.unnotified(NOTIFY_BATCH);
      for (const row of batch) {
        if (!row.alert.closedAt) await notifyOne(row);
        await repo.markNotified(row.alert.id, ctx.now());
      }
      return batch.length === NOTIFY_BATCH ? { runAgainAt: ctx.now() } : undefined;
    },
  };
}
