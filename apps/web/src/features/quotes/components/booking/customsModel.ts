import {
  type BookingCustomsInput,
  customsLaneErrors,
  type DutyEstimateRequest,
  type Incoterm,
  type OriginCriterion,
} from '@freight/contracts';
import type { Country, Currency } from '@freight/domain';
import type { SatUnit } from '@freight/domain/customs';
import type { Quote, QuoteRate } from '../../api/quotesApi';

/** The customs broker on one side as chosen: ours, or the shipper's own with a way to reach it. */
export interface BrokerValues {
  country: Country;
  ours: boolean;
  company: string;
  contact_name: string;
  phone: string;
  email: string;
}

/** A quoted item's customs facts as typed; the unit value in the declaration's currency (Mantine's NumberInput). */
export interface CustomsItemValues {
  hs_code: string;
  origin_country: string;
  unit_value: number | '';
  usmca: boolean;
  /** Asked only with a USMCA claim: it goes on the certification of origin. */
  origin_criterion: OriginCriterion | '';
  /** Asked only on a Mexican lane: the Carta Porte's SAT goods key and unit. */
  sat_key: string;
  sat_unit: SatUnit | '';
}

/** A cross-border booking's declaration as the form holds it. */
export interface CustomsValues {
  incoterm: Incoterm | '';
  currency: Currency;
  items: CustomsItemValues[];
  /** The lane's two sides, the origin's first. */
  brokers: BrokerValues[];
  /** The Mexican party's RFC; asked only on a Mexican lane. */
  tax_id: string;
}

/** The quote's two countries when they differ (the lane crosses a border), else null. */
export function laneSides(quote: Quote): [Country, Country] | null {
  const origin = quote.inputs.origin.country as Country;
  const destination = quote.inputs.destination.country as Country;
  return origin === destination ? null : [origin, destination];
}

const ourBroker = (country: Country): BrokerValues => ({ country, ours: true, company: '', contact_name: '', phone: '', email: '' });

/**
 * The declaration a cross-border quote starts from: our broker on both sides, the quote's currency,
 * an empty line per quoted item (its origin the shipper's country, the likeliest); null within one country.
 */
export function initialCustoms(quote: Quote): CustomsValues | null {
  const sides = laneSides(quote);
  if (!sides) return null;
  return {
    incoterm: '',
    currency: (quote.currency ?? 'USD') as Currency,
    items: (quote.inputs.items ?? []).map(() => ({
      hs_code: '',
      origin_country: sides[0],
      unit_value: '',
      usmca: false,
      origin_criterion: '',
      sat_key: '',
      sat_unit: '',
    })),
    brokers: sides.map(ourBroker),
    tax_id: '',
  };
}

/** Whether the lane has an end in Mexico: only then are the RFC and the Carta Porte's SAT keys asked. */
export const asksRfc = (customs: CustomsValues) => customs.brokers.some((b) => b.country === 'MX');

/**
 * The declaration as the contract's bookingCustoms takes it: values in cents, a broker's contact
 * only when it is the shipper's own. What is left blank is left out, so the contract says it is required.
 */
export function customsRequest(c: CustomsValues): BookingCustomsInput {
  const mexican = asksRfc(c);
  return {
    ...(c.incoterm ? { incoterm: c.incoterm } : {}),
    currency: c.currency,
    items: c.items.map((i) => ({
      hs_code: i.hs_code,
      origin_country: i.origin_country,
      ...(i.unit_value === '' ? {} : { unit_value_cents: Math.round(Number(i.unit_value) * 100) }),
      usmca: i.usmca,
      ...(i.usmca && i.origin_criterion ? { origin_criterion: i.origin_criterion } : {}),
      ...(mexican ? { sat_key: i.sat_key.trim(), ...(i.sat_unit ? { sat_unit: i.sat_unit } : {}) } : {}),
    })),
    brokers: c.brokers.map((b) => (b.ours ? { country: b.country, ours: true } : b)),
    tax_id: mexican ? c.tax_id : '',
  } as BookingCustomsInput;
}

/** What our broker charges on `side` in this rate (its line), 0 when the rate has none. */
export const ourBrokerCents = (rate: QuoteRate, side: Country) =>
  rate.charges.find((l) => l.code === 'accessorial' && l.detail === `customs_broker_${side.toLowerCase()}`)?.amount_cents ?? 0;

/** What the shipper's own brokers take off the rate's total: our broker's line on each side it brings its own. */
export const ownBrokersSaving = (customs: CustomsValues | null, rate: QuoteRate) =>
  (customs?.brokers ?? []).filter((b) => !b.ours).reduce((sum, b) => sum + ourBrokerCents(rate, b.country), 0);

const ITEM_FIELDS = ['hs_code', 'origin_country', 'unit_value', 'usmca', 'origin_criterion', 'sat_key', 'sat_unit'];
const BROKER_FIELDS = ['ours', 'company', 'contact_name', 'phone', 'email'];

/** The declaration's fields top to bottom, as form paths. */
export function customsFieldOrder(customs: CustomsValues | null): string[] {
  if (!customs) return [];
  return [
    'customs',
    'customs.incoterm',
    'customs.currency',
    'customs.items',
    ...customs.items.flatMap((_, n) => ITEM_FIELDS.map((f) => `customs.items.${n}.${f}`)),
    'customs.brokers',
    ...customs.brokers.flatMap((_, n) => BROKER_FIELDS.map((f) => `customs.brokers.${n}.${f}`)),
    'customs.tax_id',
  ];
}

/**
 * The declaration after a re-rate: what was typed stays while the lane's sides are the same (an
 * item keeps its line by position, a new item starts empty); a new lane starts afresh.
 */
export function customsOnRerate(was: CustomsValues | null, fresh: CustomsValues | null): CustomsValues | null {
  if (!was || !fresh) return fresh;
  const sameSides = was.brokers.map((b) => b.country).join() === fresh.brokers.map((b) => b.country).join();
  if (!sameSides) return fresh;
  return { ...was, items: fresh.items.map((item, n) => was.items[n] ?? item) };
}

/** The lane's rules said before sending (the server's, from the contract): the RFC on a Mexican lane, by form path. */
export function customsExtraErrors(quote: Quote, customs: CustomsValues | null): Record<string, string> {
  const sides = laneSides(quote);
  if (!sides || !customs) return {};
  return customsLaneErrors(sides, quote.inputs.items?.length ?? 0, {
    ...customs,
    items: customs.items.map((i) => ({ ...i, sat_key: i.sat_key.trim() })),
    tax_id: customs.tax_id.trim(),
  });
}

/**
 * What the duties and taxes estimate is asked for the declaration as typed: once the incoterm and
 * every item's value are there (an HS code not finished yet is a line the estimate says it could
 * not estimate); null before that or within one country.
 */
export function dutyEstimateRequest(quote: Quote, customs: CustomsValues | null, deliveryState: string): DutyEstimateRequest | null {
  const sides = laneSides(quote);
  if (!sides || !customs?.incoterm || customs.items.some((i) => i.unit_value === '' || Number(i.unit_value) < 0)) return null;
  return {
    origin_country: sides[0],
    destination_country: sides[1],
    destination_state: deliveryState.trim().toUpperCase().slice(0, 8),
    mode: quote.inputs.mode ?? 'ltl',
    incoterm: customs.incoterm,
    currency: customs.currency,
    items: customs.items.map((item, n) => ({
      hs_code: item.hs_code,
      origin_country: item.origin_country,
      quantity: Math.max(1, quote.inputs.items?.[n]?.quantity ?? 1),
      unit_value_cents: Math.round(Number(item.unit_value) * 100),
      usmca: item.usmca,
    })),
  };
}
