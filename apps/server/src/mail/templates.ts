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

/** What the sales desk is told of a shipper's request. */
export interface SalesRequestMailData {
  request: { id: string; name: string; email: string; phone: string; notes: string | null };
  account: { name: string };
  user: { name: string; email: string };
  quote: {
    id: string;
    mode: string;
    created_at: Date;
    pickup_date: string;
    origin: SalesPlace;
    destination: SalesPlace;
    /** Truckload: the extra pickups and drops between origin and destination, in route order. */
    stops?: (Omit<SalesPlace, 'site_type'> & { kind: 'pickup' | 'drop' })[];
    unit_system: string;
    currency: string;
    insured_value: number;
    equipment_type?: string;
    signature?: string;
    client_ref?: string | null;
    accessorials: string[];
    items: {
      quantity: number;
      package_type: string;
      length: number;
      width: number;
      height: number;
      weight: number;
      freight_class?: number;
      nmfc?: string;
      stackable: boolean;
      hazardous: boolean;
      description?: string;
    }[];
    /** The online answer: no-rate reasons and warnings as message keys. */
    messages: { key: string; params?: Record<string, unknown> }[];
  };
}

interface SalesPlace {
  postal_code: string;
  country: string;
  site_type: string;
  city: string;
  state: string;
}

/** User-typed text on one line: control characters (CR, LF, tabs...) become spaces. */
export const oneLine = (s: string | null | undefined) => (s ?? '').replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
/** Outside text set inside a sentence of ours, which ends it: its own closing stops go, so no '..' or '?.'. */
const inSentence = (s: string | null | undefined) => oneLine(s).replace(/[\s.!?;:]+$/u, '');
/** User-typed text over several lines: line breaks kept, other control characters dropped. */
const multiLine = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/(?!\n)\p{Cc}/gu, '')
    .trim();

/**
 * The mail to the sales desk: the shipper's contact and notes, then the quote (lanes, pickup
 * date, mode, items, services, the online answer). Plain text; the HTML part is the same text,
 * escaped, so nothing a user typed becomes markup, and the subject carries no user text but
 * postal codes put on one line. In English (the desk's language). Answers go to the shipper.
 */
export function salesRequestMail(to: string, data: SalesRequestMailData): MailMessage {
  const t = translator('en');
  const k = (key: string, params: Record<string, unknown> = {}) => t(`mail.sales_request.${key}`, params);
  const { request, quote } = data;
  const lengthUnit = quote.unit_system === 'metric' ? 'cm' : 'in';
  const weightUnit = quote.unit_system === 'metric' ? 'kg' : 'lb';
  const mode = k(`modes.${quote.mode}`);
  const lane = (p: Omit<SalesPlace, 'site_type'> & { site_type?: string }) =>
    [oneLine(p.postal_code), p.country, [oneLine(p.city), p.state].filter(Boolean).join(', '), p.site_type && `(${p.site_type})`]
      .filter(Boolean)
      .join(' ');
  const item = (i: SalesRequestMailData['quote']['items'][number], n: number) => {
    const parts = [
      k('item', {
        quantity: i.quantity,
        package_type: i.package_type,
        length: i.length,
        width: i.width,
        height: i.height,
        weight: i.weight,
        length_unit: lengthUnit,
        weight_unit: weightUnit,
      }),
    ];
    if (i.freight_class !== undefined) parts.push(k('item_class', { class: i.freight_class }));
    if (i.nmfc) parts.push(k('item_nmfc', { nmfc: oneLine(i.nmfc) }));
    if (!i.stackable) parts.push(k('item_not_stackable'));
    if (i.hazardous) parts.push(k('item_hazardous'));
    if (i.description) parts.push(`"${oneLine(i.description)}"`);
    return `  ${n + 1}. ${parts.join(', ')}`;
  };
  const none = k('none');
  const field = (label: string, value: string) => `${k(label)}: ${value}`;
  const lines = [
    k('intro'),
    '',
    `== ${k('contact')} ==`,
    field('name', oneLine(request.name)),
    field('email', oneLine(request.email)),
    field('phone', oneLine(request.phone)),
    field('account', oneLine(data.account.name)),
    field('user', `${oneLine(data.user.name)} <${oneLine(data.user.email)}>`),
    '',
    `${k('notes')}:`,
    multiLine(request.notes) || none,
    '',
    `== ${k('quote')} ${quote.id} ==`,
    field('created', quote.created_at.toISOString()),
    field('mode', mode),
    field('pickup_date', quote.pickup_date),
    field('origin', lane(quote.origin)),
    ...(quote.stops ?? []).map((stop, n) => `${k(`stops.${stop.kind}`, { n: n + 1 })}: ${lane(stop)}`),
    field('destination', lane(quote.destination)),
    `${k('items')}:`,
    ...quote.items.map(item),
    field('accessorials', quote.accessorials.length ? quote.accessorials.join(', ') : none),
    ...(quote.mode === 'parcel' ? [field('signature', quote.signature ?? 'none')] : []),
    ...(quote.equipment_type ? [field('equipment', quote.equipment_type)] : []),
    field('insured_value', `${quote.insured_value} ${quote.currency}`),
    field('client_ref', oneLine(quote.client_ref) || none),
    `${k('online_answer')}:`,
    ...(quote.messages.length ? quote.messages.map((m) => `  - ${t(m.key, m.params ?? {})}`) : [`  ${none}`]),
    '',
    k('request_id', { id: request.id }),
  ];
  const text = lines.join('\n');
  return {
    to,
    replyTo: request.email,
    subject: oneLine(
      k('subject', {
        mode,
        origin: `${oneLine(quote.origin.postal_code)} ${quote.origin.country}`,
        destination: `${oneLine(quote.destination.postal_code)} ${quote.destination.country}`,
      }),
    ),
    text,
    html: `<pre style="font-family: inherit; white-space: pre-wrap">${escapeHtml(text)}</pre>`,
  };
}

/** What a status-change mail says of a shipment. */
export interface StatusChangeMailData {
  /** The recipient's first name, or '' (the consignee: no greeting by name). */
  name: string;
  /**
   * The booker's mail; a colleague's who watches the shipment, or the consignee's (neither
   * booked it: a line on why they get it).
   */
  recipient: 'user' | 'watcher' | 'consignee';
  /** The shipment's page in the portal, where a watcher stops watching (watchers only). */
  portal_url?: string;
  bol_number: string;
  pro_number: string | null;
  carrier_name: string;
  origin: string;
  destination: string;
  status: string;
  action_required: boolean;
  /** The event's words in the recipient's language (a carrier's own text as it came; '' when none). */
  carrier_text: string;
  /** 'City, ST' of the event ('' when the carrier gave none). */
  place: string;
  /** 'YYYY-MM-DDTHH:MM' at the event's place. */
  local_time: string;
  /** The public tracking page of the shipment. */
  url: string;
}

/**
 * A shipment's status changed: the new status (and Action Required), what the carrier said,
 * where and when (the place's local time), the numbers and a link to the public tracking page.
 * The recipient's language; carrier and user text on one line and escaped in the HTML part.
 */
export function statusChangeMail(language: Language, to: string, d: StatusChangeMailData): MailMessage {
  const t = translator(language);
  const k = (key: string, params: Record<string, unknown> = {}) => t(`tracking.mail.${key}`, params);
  const status = oneLine(d.status);
  const time = d.local_time.replace('T', ' ');
  const lines = [
    d.name ? t('mail.greeting', { name: oneLine(d.name) }) : '',
    d.recipient === 'consignee' ? k('consignee_intro') : '',
    d.recipient === 'watcher' ? k('watcher_intro') : '',
    k('intro', { number: d.bol_number, origin: oneLine(d.origin), destination: oneLine(d.destination), status }),
    d.action_required ? k('action_required') : '',
    d.carrier_text ? k('carrier_said', { text: oneLine(d.carrier_text) }) : '',
    d.place ? k('where', { place: oneLine(d.place), time }) : k('when', { time }),
    d.pro_number
      ? k('numbers', { bol: d.bol_number, pro: oneLine(d.pro_number), carrier: oneLine(d.carrier_name) })
      : k('numbers_no_pro', { bol: d.bol_number, carrier: oneLine(d.carrier_name) }),
  ].filter(Boolean);
  const outro = [d.recipient === 'consignee' ? '' : k('unsubscribe'), t('mail.signature')];
  const actions = [{ label: k('action'), url: d.url }];
  if (d.recipient === 'watcher' && d.portal_url) actions.push({ label: k('watcher_action'), url: d.portal_url });
  return paragraphMail(to, k('subject', { number: d.bol_number, status }), lines, actions, outro);
}

/**
 * A mail of plain paragraphs, one link and closing lines (empty ones left out), as text and as
 * HTML with every paragraph escaped: whatever a user typed into them stays text.
 */
/** A link a mail asks the reader to follow. */
export interface MailAction {
  label: string;
  url: string;
}

/** Amounts in a mail, written as the reader's language writes them. */
export const mailMoney = (language: Language) => {
  const format = (currency: string) => new Intl.NumberFormat(language === 'es' ? 'es-MX' : 'en-US', { style: 'currency', currency });
  return (cents: number, currency: string) => format(currency).format(cents / 100);
};

export function paragraphMail(
  to: string,
  subject: string,
  lines: string[],
  action: MailAction | MailAction[],
  outro: string[],
): MailMessage {
  const body = lines.filter(Boolean);
  const closing = outro.filter(Boolean);
  const actions = Array.isArray(action) ? action : [action];
  const text = [
    ...body.flatMap((l) => [l, '']),
    ...actions.flatMap((a) => [`${a.label}: ${a.url}`, '']),
    ...closing.flatMap((l, i) => (i ? ['', l] : [l])),
  ].join('\n');
  const html = [
    ...body.map((l) => `<p>${escapeHtml(l)}</p>`),
    ...actions.map((a) => `<p><a href="${escapeHtml(a.url)}">${escapeHtml(a.label)}</a></p>`),
    ...closing.map((l) => `<p>${escapeHtml(l)}</p>`),
  ].join('');
  return { to, subject: oneLine(subject), text, html };
}

/** A new staff user's invitation: who invited them, their roles, and the link that sets their first password. */
export function staffInviteMail(language: Language, to: string, d: { name: string; inviter: string; roles: string[]; url: string }) {
  const t = translator(language);
  return paragraphMail(
    to,
    t('mail.invite_subject'),
    [t('mail.greeting', { name: d.name }), t('mail.invite_intro', { inviter: d.inviter, roles: d.roles.join(', ') })],
    { label: t('mail.invite_action'), url: d.url },
    [t('mail.invite_outro'), t('mail.signature')],
  );
}

/**
 * A webhook was switched off after 72 hours of failed deliveries: which one (its
 * address without the query, which may hold a receiver's token), since when, the last error, and
 * where to switch it on again. The owner's language; a partner's contacts read English.
 */
export function webhookDisabledMail(
  language: Language,
  to: string,
  d: { url: string; since: string; error: string | null; action: { url: string; partner: boolean } },
) {
  const t = translator(language);
  const k = (key: string, params: Record<string, unknown> = {}) => t(`mail.webhook_disabled.${key}`, params);
  const url = oneLine(d.url);
  return paragraphMail(
    to,
    k('subject', { url }),
    [k('intro', { url, since: d.since }), d.error ? k('last_error', { error: inSentence(d.error) }) : '', k('kept')],
    { label: k(d.action.partner ? 'partner_action' : 'action'), url: d.action.url },
    [t('mail.signature')],
  );
}
