/**
 * The words of a tracking event in the reader's language.
 *
 * An event's stored `description` is free text: a carrier's own words, or words the portal wrote
 * itself (the demo movement, a cancellation, an expired payment, the seed). The portal's own are
 * the English values of `tracking.event.<key>` in the shared catalogs, so a reader sees them in
 * their language while a carrier's text is shown as it came. An event without text reads as its
 * 214 status code (`tracking.code.<code>`), with its reason (`tracking.reason.<code>`) when the
 * carrier gave one other than normal.
 */

/** The portal's own event texts, by the 214 status code they are written with. */
export const PORTAL_EVENT_TEXTS: Readonly<Record<string, readonly string[]>> = {
  XB: ['tender_accepted'],
  X3: ['arrived_pickup'],
  AF: ['departed_pickup', 'picked_up'],
  X4: ['arrived_origin_terminal', 'arrived_hub_terminal', 'arrived_destination_terminal', 'arrived_terminal', 'arrived_border'],
  P1: ['departed_origin_terminal', 'departed_hub_terminal'],
  RH: ['released_us_customs', 'released_ca_customs', 'released_mx_customs'],
  J1: ['transferred_mx_carrier', 'transferred_us_carrier'],
  X6: ['out_for_delivery'],
  X1: ['arrived_delivery'],
  SD: ['weather_delay', 'delayed_by_weather', 'held_missing_document'],
  AH: ['attempted_consignee_closed'],
  D1: ['delivered'],
  CA: ['canceled_by_shipper', 'canceled_by_staff', 'payment_expired'],
};

/** The catalog key of a portal text, for the code it is stored with. */
export const portalEventKey = (key: string) => `tracking.event.${key}`;

const comparable = (text: string) =>
  text
    .trim()
    .replace(/[.\s]+$/, '')
    .toLowerCase();

/** What to look words up with: i18next's `t` (the reader's language) and the English values. */
export interface EventWords {
  t: (key: string, params?: Record<string, string>) => string;
  english: (key: string) => string;
  has: (key: string) => boolean;
}

/**
 * The text to show for an event: the portal's own text in the reader's language, a carrier's
 * text as it came, or, without text, its status code's words (and its reason's).
 */
export function eventDescription(
  event: { status_code: string; reason_code?: string | null; description: string },
  words: EventWords,
): string {
  const code = event.status_code.trim().toUpperCase();
  const text = event.description.trim();
  if (text) {
    const own = (PORTAL_EVENT_TEXTS[code] ?? []).find((key) => comparable(words.english(portalEventKey(key))) === comparable(text));
    return own ? words.t(portalEventKey(own)) : text;
  }
  const codeKey = `tracking.code.${code}`;
  if (!words.has(codeKey)) return '';
  const described = words.t(codeKey);
  const reason = event.reason_code?.trim().toUpperCase();
  const reasonKey = `tracking.reason.${reason}`;
  if (!reason || !words.has(reasonKey)) return described;
  return words.t('tracking.event_with_reason', { event: described, reason: words.t(reasonKey) });
}
