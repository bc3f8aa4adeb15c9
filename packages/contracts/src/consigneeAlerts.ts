import { LANGUAGES } from '@freight/domain';
import { z } from 'zod';
import { choice, email } from './fields';

/** The most live subscribers (confirmed, or pending with a link still good) one shipment takes. */
export const CONSIGNEE_ALERT_SUBSCRIBERS_MAX = 10;
/** How long a confirmation link works; an unconfirmed subscription then lapses. */
export const CONSIGNEE_ALERT_CONFIRM_HOURS = 48;

/** POST /api/public/tracking/:number/alert-subscriptions: the address, and the page's language for its mails. */
export const consigneeAlertSubscribeRequest = z.object({
  email: email('validation.email_required'),
  language: choice(LANGUAGES).optional(),
});
export type ConsigneeAlertSubscribeRequest = z.input<typeof consigneeAlertSubscribeRequest>;

/** POST /api/public/alert-subscriptions/confirm and /unsubscribe: the token of the mailed link. */
export const consigneeAlertTokenRequest = z.object({ token: z.string({ error: 'validation.required' }).trim().min(1).max(200) });

/**
 * What a confirmation link did: `confirmed` (now or before), `expired` (the 48 hours passed, or it
 * ended since); an unsubscribe link: `unsubscribed` (now or before). A token not ours is a 404.
 * `number` is the shipment's number the subscriber used.
 */
export const consigneeAlertLinkResult = z.strictObject({
  status: z.enum(['confirmed', 'expired', 'unsubscribed']).meta({ description: 'What the link did' }),
  number: z.string().meta({ description: "The shipment's number the subscriber used" }),
});
export type ConsigneeAlertLinkResult = z.output<typeof consigneeAlertLinkResult>;

/** POST /api/public/tracking/:number/alert-subscriptions: the same answer whether or not the address was subscribed. */
export const consigneeAlertSubscribed = z.strictObject({
  status: z.literal('pending').meta({ description: 'A confirmation link is mailed, if the address may subscribe' }),
});
