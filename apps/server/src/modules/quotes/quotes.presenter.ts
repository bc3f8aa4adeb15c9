import type { Paginated, QuoteListItem, QuoteView } from '@freight/contracts';
import type { Currency, Language } from '@freight/domain';
import { crossingView, holidayName, lookupPlace, type RateMessage } from '@freight/domain/rating';
import { plainText, translator } from '../../i18n';
import { pageMeta } from '../../paging';
import { type People, personOf } from '../../people';
import type { QuoteInput, QuoteResult } from './quote-rows';
import type { QuoteRow } from './quotes.repository';

/** Message parameters that are dates ('YYYY-MM-DD'): the text says them in words ("Monday, November 30"). */
const DATE_PARAMS = ['pickup_date', 'quoted_date', 'first_date'];
const longDates = new Map<Language, Intl.DateTimeFormat>();
function longDate(language: Language, iso: string) {
  let format = longDates.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
    longDates.set(language, format);
  }
  const at = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(at) ? iso : format.format(at);
}

/** The parameters as the text shows them; the wire keeps them as they are. */
function textParams(language: Language, params: Record<string, unknown>) {
  if (!DATE_PARAMS.some((name) => typeof params[name] === 'string')) return params;
  const shown = { ...params };
  for (const name of DATE_PARAMS) if (typeof params[name] === 'string') shown[name] = longDate(language, params[name]);
  return shown;
}

/**
 * A holiday is stored with its name in the country's own language: the reader's name for it comes
 * from the quote's pickup date and origin country, as the pickup-date endpoint names it.
 */
function readersParams(m: RateMessage, input: QuoteInput, language: Language) {
  const params = m.params ?? {};
  if (m.key !== 'quote.no_rate.pickup_holiday') return params;
  const holiday = holidayName(input.pickup_date, input.origin.country, language);
  return holiday === undefined ? params : { ...params, holiday };
}

function presentMessage(t: ReturnType<typeof translator>, language: Language, input: QuoteInput, m: RateMessage) {
  const params = readersParams(m, input, language);
  return { level: m.level, key: m.key, params, text: t(m.key, textParams(language, params)) };
}

/**
 * A rate's charge on the wire: `{ code, label, detail, amount_cents }`, as JSON alike to the object
 * literal it replaces. A class so that these objects have a V8 hidden class of their own: object
 * literals with the same keys share one across the process, the rating engine's charge lines
 * included (ltl.ts), and an amount that reaches here as a double (the demo seed's charges hold a
 * -0, which makes every 3-field charge amount a boxed double) would deprecate it, leaving rateLtl
 * making objects that are migrated each time they are read (about 4 inline-cache misses a quote).
 */
class WireCharge {
  declare code: string;
  declare label: string;
  declare detail: string | null;
  declare amount_cents: number;
  constructor(code: string, label: string, detail: string | null, amount_cents: number) {
    this.code = code;
    this.label = label;
    this.detail = detail;
    this.amount_cents = amount_cents;
  }
}

/** What the detail and the list both say of a quote. */
function quoteHeader(row: QuoteRow) {
  return {
    id: row.id,
    mode: row.mode,
    client_ref: row.clientRef,
    saved: row.saved,
    // Written from the account's settings, one of the currencies the portal prices in.
    currency: row.currency as Currency,
    lowest_total_cents: row.lowestTotalCents,
    created_at: row.createdAt.toISOString(),
    /** 'Q' and eight digits: what the shipper quotes by. */
    number: row.number,
    /** When the rates stop holding (the cut-off for the pickup date); null on quotes from before expiry. */
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

/** A truckload's equipment name by code, in the reader's language (retired types too); null when unknown. */
export type EquipmentNames = (code: string) => string | null;

/**
 * What was asked and what it rated: the computed items, rates (in the given order) and messages.
 * A truckload rate's service is its equipment code; `service_name` names it (staff keep the names).
 */
export function presentRating(input: QuoteInput, result: QuoteResult, currency: string, language: Language, names?: EquipmentNames) {
  const t = translator(language);
  const truckload = input.mode === 'truckload';
  return {
    inputs: input,
    items: result.items,
    road_miles: result.road_miles,
    diesel_usd_per_gal: result.diesel_usd_per_gal,
    rates: result.rates.map((r) => ({
      id: r.id,
      carrier_name: r.carrier_name,
      scac: r.scac,
      service: r.service,
      service_name: truckload ? (names?.(r.service) ?? null) : null,
      transit_days: r.transit_days,
      estimated_delivery: r.estimated_delivery,
      // The lane's learned window (docs/delivery-windows.md); null on quotes rated before windows.
      delivery_window: r.delivery_window ?? null,
      crossing: r.crossing ? crossingView(r.crossing) : null,
      // Every rate is in the quote's currency; quotes stored before this kept it per rate as well.
      currency,
      total_cents: r.total_cents,
      charges: r.charges.map((c) => new WireCharge(c.code, plainText(language, c.label), c.detail ?? null, c.amount_cents)),
    })),
    insurance_options: result.insurance_options,
    messages: result.messages.map((m) => presentMessage(t, language, input, m)),
  };
}

/**
 * A quote on the wire: its header and rating (the user's preferred carriers first, each group cheapest first).
 * Put together with Object.assign, not as `{ ...header, ...rating, more }`: on Node 20 (V8 11.3) an
 * object made that way gets new hidden classes every time (~15 us a quote, and slow reads after).
 */
export function presentQuote(row: QuoteRow, language: Language, names?: EquipmentNames) {
  return Object.assign(quoteHeader(row), presentRating(row.input as QuoteInput, row.result as QuoteResult, row.currency, language, names), {
    /** A reship's, a return's or an eBay order's places, stored as the contracts say (written by the services that prefill a booking). */
    booking_prefill: (row.bookingPrefill ?? null) as QuoteView['booking_prefill'],
    booked_at: row.bookedAt?.toISOString() ?? null,
  });
}

/** A quoted end with the city and state its postal code names (from the reference data, no query). */
function namedPlace(p: QuoteInput['origin']) {
  const place = lookupPlace(p.postal_code, p.country);
  return Object.assign({}, p, { city: place?.city ?? '', state: place?.state ?? '' });
}

/** The load in brief: pieces, total weight and the freight classes (LTL) the quote was rated with. */
function loadOf(mode: QuoteRow['mode'], result: QuoteResult) {
  return {
    pieces: result.items.reduce((n, i) => n + i.quantity, 0),
    weight_lb: Math.round(result.items.reduce((n, i) => n + i.weight_lb, 0)),
    classes: mode === 'ltl' ? [...new Set(result.items.map((i) => i.freight_class))].sort((a, b) => a - b) : [],
  };
}

/** What was asked, in brief: the pickup date, both ends with their city and state, and the load. */
export function quoteBrief(row: Pick<QuoteRow, 'mode' | 'input' | 'result'>) {
  const input = row.input as QuoteInput;
  return {
    pickup_date: input.pickup_date,
    origin: namedPlace(input.origin),
    destination: namedPlace(input.destination),
    load: loadOf(row.mode, row.result as QuoteResult),
  };
}

/** The list: one line per quote (no charges), naming who ran it. */
export function presentQuotesPage(
  { rows, people, total }: { rows: QuoteRow[]; people: People; total: number },
  page: number,
  perPage: number,
): Paginated<QuoteListItem> {
  return {
    data: rows.map(
      (row): QuoteListItem =>
        Object.assign(quoteHeader(row), quoteBrief(row), {
          rates_count: (row.result as QuoteResult).rates.length,
          created_by: personOf(people, row.userId, row.accountId),
        }),
    ),
    meta: pageMeta(total, page, perPage),
  };
}
