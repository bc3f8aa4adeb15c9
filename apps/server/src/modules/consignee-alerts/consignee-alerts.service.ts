import {
  type AlertDetails,
  type AlertKind,
  CONSIGNEE_ALERT_CONFIRM_HOURS,
  CONSIGNEE_ALERT_SUBSCRIBERS_MAX,
  type ConsigneeAlertLinkResult,
} from '@freight/contracts';
import { FINAL_STATUSES, isLanguage, type Language, type ShipmentStatus } from '@freight/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { consigneeAlertMail, consigneeConfirmMail } from '../../mail/consignee-alert-mails';
import { signedByAppKey } from '../../security/app-keys';
import { hmac, randomToken, sha256 } from '../../security/tokens';
import { consigneeAlertsRepository } from './consignee-alerts.repository';

/** Subscribe requests of one shipment an hour, from anyone: a stranger cannot churn a shipment's list. */
export const SUBSCRIBES_PER_SHIPMENT_HOUR = 20;
/** Confirmation mails one address gets an hour, whoever asks: nobody can flood a mailbox. */
export const CONFIRM_MAILS_PER_ADDRESS_HOUR = 3;
/** Ended subscriptions are forgotten (with their address) after this long. */
const ENDED_KEEP_MS = 30 * 24 * 3600_000;

/** What the public tracking page allows in a number (tracking.service.ts): anything else matches nothing. */
const NUMBER_CHARACTERS = /^[\p{L}\p{N}\s./#_-]*$/u;

type Ctx = Pick<AppContext, 'config' | 'db' | 'now' | 'mailer' | 'throttle' | 'background' | 'appKey'>;

/** The facts of an alert and its shipment the notifier hands over (alerts.repository.ts's `unnotified`). */
export interface AlertToTell {
  alert: { id: string; kind: AlertKind; details: AlertDetails };
  shipment: {
    id: string;
    status: ShipmentStatus;
    carrierName: string;
    originCity: string;
    originState: string;
    destinationCity: string;
    destinationState: string;
  };
}

const place = (city: string, state: string) => [city, state].filter(Boolean).join(', ');
const UNSUBSCRIBE_PURPOSE = 'consignee-alerts:unsubscribe:';

/** The public tracking page of a number, with more of its query (the links' tokens). */
const trackingPageUrl =
  (ctx: Pick<AppContext, 'config'>) =>
  (number: string, extra: Record<string, string> = {}) =>
    `${ctx.config.appUrl}/track-shipment?${new URLSearchParams({ number, ...extra })}`;

/** The unsubscribe token of a subscription: its id signed with the app key, so no token is stored and every mail can carry it. */
export const unsubscribeToken = (appKey: string, id: string) => `${id}.${hmac(appKey, `${UNSUBSCRIBE_PURPOSE}${id}`)}`;

/** What the alert notifier (modules/alerts) tells consignees through. */
export function consigneeAlertMails(ctx: Pick<AppContext, 'config' | 'db' | 'now' | 'mailer' | 'appKey'>) {
  const repo = consigneeAlertsRepository(ctx.db);
  const pageUrl = trackingPageUrl(ctx);
  return {
    /**
     * Mails an alert to the shipment's confirmed subscribers, each on its own (one failing address
     * never stops the others), then ends the subscriptions of a delivered or canceled shipment: its
     * last alert was this one. Action Required is the shipper's to act on, and the public page does
     * not show it: consignees are not told of it.
     */
    async tellAlert({ alert, shipment }: AlertToTell) {
      const subscribers = alert.kind === 'action_required' ? [] : await repo.liveOf(shipment.id);
      const origin = place(shipment.originCity, shipment.originState);
      const destination = place(shipment.destinationCity, shipment.destinationState);
      await Promise.allSettled(
        subscribers.map(async (s) =>
          ctx.mailer.send(
            consigneeAlertMail(isLanguage(s.language) ? s.language : 'en', s.email, {
              kind: alert.kind,
              details: alert.details,
              number: s.number,
              carrier_name: shipment.carrierName,
              origin,
              destination,
              tracking_url: pageUrl(s.number),
              unsubscribe_url: pageUrl(s.number, { alerts_unsubscribe: unsubscribeToken(ctx.appKey, s.id) }),
            }),
          ),
        ),
      );
      if (shipment.status === 'delivered' || shipment.status === 'canceled') await repo.endAllOf(shipment.id, shipment.status, ctx.now());
    },
  };
}

/**
 * Consignees' alert mails (docs/consignee-alerts.md): a guest of the public tracking page asks
 * for a shipment's alerts by mail, confirms by the mailed link (double opt-in), and gets each
 * alert the notifier tells, each with a link that ends them. The answer to a subscribe is the same
 * whether or not the address was subscribed, so the form tells nobody who gets a shipment's mail.
 */
export function consigneeAlertsService(ctx: Ctx) {
  const repo = consigneeAlertsRepository(ctx.db);
  const pageUrl = trackingPageUrl(ctx);

  function idOfUnsubscribeToken(token: string) {
    const [id, signature, ...rest] = token.split('.');
    if (!id || !signature || rest.length || !/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    return signedByAppKey(ctx.appKey, `${UNSUBSCRIBE_PURPOSE}${id}`, signature) ? id : undefined;
  }

  return {
    /**
     * Subscribes `email` to the alerts of the shipment the public page finds by `number`: 404 for an
     * unknown number; 422 when it was delivered or canceled, or has CONSIGNEE_ALERT_SUBSCRIBERS_MAX
     * subscribers; 429 past the shipment's limit. Otherwise nothing tells whether the address was
     * subscribed: a new or renewed pending subscription is mailed its link in the background.
     */
    async subscribe(number: string, address: string, language: Language) {
      const email = address.toLowerCase();
      const typed = number.trim().slice(0, 64);
      const valid = NUMBER_CHARACTERS.test(typed) ? typed : '';
      const shipment = await repo.shipmentByNumber(valid, valid.replace(/[\s-]+/g, '').toUpperCase());
      if (!shipment) throw AppError.notFound();
      if (FINAL_STATUSES.includes(shipment.status)) {
        throw AppError.field('email', 'consignee_alerts.errors.finished');
      }
      await ctx.throttle.enforce(`consignee-alerts-shipment:${shipment.id}`, SUBSCRIBES_PER_SHIPMENT_HOUR, 3600);
      const token = randomToken();
      const now = ctx.now();
      const outcome = await repo.subscribe(
        {
          shipmentId: shipment.id,
          email,
          number: shipment.number,
          language,
          tokenHash: sha256(token),
          expiresAt: new Date(now.getTime() + CONSIGNEE_ALERT_CONFIRM_HOURS * 3600_000),
          now,
        },
        CONSIGNEE_ALERT_SUBSCRIBERS_MAX,
      );
      if (outcome === 'full') {
        throw new AppError(422, 'validation', 'validation.invalid', {}, { email: ['consignee_alerts.errors.full'] });
      }
      if (outcome !== 'pending') return;
      ctx.background.run('consignee-alert-confirm-mail', async () => {
        if ((await ctx.throttle.hit(`consignee-alerts-email:${email}`, 3600)).hits > CONFIRM_MAILS_PER_ADDRESS_HOUR) return;
        await ctx.mailer.send(
          consigneeConfirmMail(language, email, {
            number: shipment.number,
            carrier_name: shipment.carrierName,
            origin: place(shipment.originCity, shipment.originState),
            destination: place(shipment.destinationCity, shipment.destinationState),
            confirm_url: pageUrl(shipment.number, { alerts_confirm: token }),
          }),
        );
      });
    },

    /** The confirmation link: starts the alerts while the link is good (48 hours); says what it did; 404 for a token not ours. */
    async confirm(token: string): Promise<ConsigneeAlertLinkResult> {
      const hash = sha256(token);
      const confirmed = await repo.confirm(hash, ctx.now());
      if (confirmed) return { status: 'confirmed', number: confirmed.number };
      const row = await repo.byTokenHash(hash);
      if (!row) throw AppError.notFound();
      if (row.confirmedAt && !row.endedAt) return { status: 'confirmed', number: row.number };
      return { status: 'expired', number: row.number };
    },

    /** The unsubscribe link of every alert mail: ends the alerts (again is fine); no sign-in; 404 for a token not ours. */
    async unsubscribe(token: string): Promise<ConsigneeAlertLinkResult> {
      const id = idOfUnsubscribeToken(token);
      const row = id ? await repo.byId(id) : undefined;
      if (!row) throw AppError.notFound();
      await repo.end(row.id, 'unsubscribed', ctx.now());
      return { status: 'unsubscribed', number: row.number };
    },

    /** Housekeeping: lapsed pending subscriptions and long-ended ones deleted, those of finished shipments ended. */
    purge: () => repo.purge(ctx.now(), new Date(ctx.now().getTime() - ENDED_KEEP_MS)),
  };
}
