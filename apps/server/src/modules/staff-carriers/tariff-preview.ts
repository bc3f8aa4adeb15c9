import type { TariffPreview, TariffPreviewLine } from '@freight/contracts';
import { type EquipmentSpec, greatCircleMiles, lookupPlace, roadMiles } from '@freight/domain/rating';
import type { CarrierRow, RateRequest } from '../../carrier-adapters/adapter';
import { TariffCarrier } from '../../carrier-adapters/tariff-carrier';
import { type QuoteInput, type QuoteResult, rateItemsOf, ratePlace, siteAccessorials } from '../quotes/quotes.service';

/** A quote as stored: what was asked and what came back. */
export interface StoredQuote {
  id: string;
  input: unknown;
  result: unknown;
  createdAt: Date;
}

/** Quotes a preview re-rates. */
export const PREVIEW_QUOTES = 100;

/**
 * The carrier's request of a stored quote, in USD (the engine's currency) and at the diesel price
 * and miles the quote was rated with, so old and new tariffs meet the same shipment. Undefined
 * when its places are no longer in the postal data.
 */
function storedRequest(input: QuoteInput, result: QuoteResult, equipment: EquipmentSpec | undefined): RateRequest | undefined {
  const origin = lookupPlace(input.origin.postal_code, input.origin.country);
  const destination = lookupPlace(input.destination.postal_code, input.destination.country);
  const stopInputs = input.mode === 'truckload' ? (input.stops ?? []) : [];
  const stopPlaces = stopInputs.map((s) => lookupPlace(s.postal_code, s.country));
  if (!origin || !destination || stopPlaces.some((g) => !g)) return undefined;
  const place = ratePlace;
  const stops = stopInputs.map((s, n) => ({ ...place(s, stopPlaces[n] as NonNullable<typeof origin>), kind: s.kind }));
  return {
    mode: input.mode,
    pickup_date: input.pickup_date,
    origin: place(input.origin, origin),
    destination: place(input.destination, destination),
    stops,
    road_miles: result.road_miles ?? roadMiles(origin, destination),
    direct_miles: greatCircleMiles(origin, destination),
    items: rateItemsOf(input),
    accessorials: [...new Set([...input.accessorials, ...siteAccessorials(input)])],
    // Declared value only prices parcel cover; the preview compares freight, so leave it out.
    declared_value_cents: 0,
    diesel_usd_per_gal: result.diesel_usd_per_gal ?? 3.77,
    equipment,
    signature: input.mode === 'parcel' ? (input.signature ?? 'none') : 'none',
    unit_system: input.unit_system,
    currency: 'USD',
  };
}

const lane = (input: QuoteInput) =>
  `${input.origin.postal_code} ${input.origin.country} → ${input.destination.postal_code} ${input.destination.country}`;
const load = (input: QuoteInput) => {
  const pieces = input.items.reduce((s, i) => s + i.quantity, 0);
  const weight = input.items.reduce((s, i) => s + i.quantity * i.weight, 0);
  return `${pieces} × ${Math.round(weight)} ${input.unit_system === 'metric' ? 'kg' : 'lb'}`;
};

/** Total of a tariff's rate, or null when it gives none (or cannot price the shipment). */
async function totalOf(adapter: TariffCarrier, request: RateRequest): Promise<number | null> {
  const rate = await adapter.rate(request).catch(() => null);
  return rate?.status === 'rated' ? rate.total_cents : null;
}

/**
 * Re-rates stored quotes with the tariff in force and with the draft: the difference per quote
 * and in total (USD cents). Totals add up the quotes both tariffs rate.
 */
export async function previewTariff(
  carrier: CarrierRow,
  current: { tariff: unknown; fuelBp: number },
  draft: { tariff: unknown; fuelBp: number },
  stored: StoredQuote[],
  /** A truckload quote's equipment type by its code (retired types too: old quotes name them). */
  equipmentOf: (code: string) => Promise<EquipmentSpec | undefined>,
): Promise<Omit<TariffPreview, 'impact'>> {
  const before = new TariffCarrier({ ...carrier, ...current });
  const after = new TariffCarrier({ ...carrier, ...draft });
  const lines: TariffPreviewLine[] = [];
  const sums = { old: 0, new: 0, noLonger: 0, newly: 0 };
  for (const quote of stored) {
    const input = quote.input as QuoteInput;
    const equipment = input.mode === 'truckload' && input.equipment_type ? await equipmentOf(input.equipment_type) : undefined;
    const request = storedRequest(input, quote.result as QuoteResult, equipment);
    if (!request) continue;
    const [oldCents, newCents] = [await totalOf(before, request), await totalOf(after, request)];
    if (oldCents !== null && newCents !== null) {
      sums.old += oldCents;
      sums.new += newCents;
    } else if (oldCents !== null) sums.noLonger++;
    else if (newCents !== null) sums.newly++;
    lines.push({
      quote_id: quote.id,
      created_at: quote.createdAt.toISOString(),
      lane: lane(input),
      load: load(input),
      old_cents: oldCents,
      new_cents: newCents,
      difference_cents: oldCents !== null && newCents !== null ? newCents - oldCents : null,
    });
  }
  return {
    quotes: lines.length,
    old_total_cents: sums.old,
    new_total_cents: sums.new,
    difference_cents: sums.new - sums.old,
    no_longer_rated: sums.noLonger,
    newly_rated: sums.newly,
    lines,
  };
}
