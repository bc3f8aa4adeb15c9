import { randomUUID } from 'node:crypto';
import type { QuoteItemFacts } from '@freight/contracts';
import type { Country } from '@freight/domain';
import {
  convertCents,
  type ExchangeRates,
  greatCircleMiles,
  insuranceOptionsFor,
  lookupPlace,
  pickupDateProblems,
  type RateMessage,
  resolveClass,
  roundTo2,
  routeRoadMiles,
  SEP_2025_DIESEL_CENTS_PER_GAL,
  toCents,
} from '@freight/domain/rating';
import type { CarrierAdapter, CarrierRate, NoRate, RateRequest, RateStop } from '../../carrier-adapters/adapter';
import { TariffCarrier } from '../../carrier-adapters/tariff-carrier';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { traceCall } from '../../telemetry/tracing';
import { withTimeout } from '../../with-timeout';
import type { Admission } from '../carrier-breaker/carrier-breaker.service';
import { type CarrierChoices, carriersRepository } from '../carriers/carriers.service';
import { windowCache } from '../delivery-windows/delivery-windows.service';
import { equipmentCatalog, specOf } from '../equipment-types/equipment-types.service';
import { carrierFailure } from '../incidents/incidents.service';
import { pricingProgramsService } from '../pricing-programs/pricing-programs.service';
import { usersService } from '../users/users.service';
import { pickupCalendar } from './pickup-dates';
import { priceCarrierRate, pricingShipment } from './quote-pricing';
import {
  type QuoteCosts,
  type QuoteInput,
  type QuoteOwner,
  type QuoteResult,
  quoteRowOf,
  type RatedQuote,
  type StoredRate,
} from './quote-rows';
import { type QuotePageOptions, type QuoteRow, quotesRepository, type RatedCarrier } from './quotes.repository';
import { rateItemsOf, ratePlace, siteAccessorials } from './rate-request';

/** Each carrier gets this long to answer; a slower one is an incident, not a failed quote. */
export const CARRIER_TIMEOUT_MS = 2_000;

export { costOfRate } from '@freight/domain/pricing';
export type { RateItem } from '../../carrier-adapters/adapter';
export {
  type QuoteCosts,
  type QuoteInput,
  type QuoteOwner,
  type QuoteResult,
  quoteOwner,
  quoteRowOf,
  type RateCost,
  type RatedQuote,
  type StoredRate,
} from './quote-rows';
export { quoteBrief } from './quotes.presenter';
export { rateItemsOf, ratePlace, siteAccessorials } from './rate-request';

/** Used only when the currency_rates table lacks a currency (units per 1 USD). */
export const FALLBACK_RATES: ExchangeRates = { USD: 1, CAD: 1.38, MXN: 18.3 };

function dedupe(messages: RateMessage[]): RateMessage[] {
  const seen = new Set<string>();
  return messages.filter((m) => {
    const id = `${m.level}:${m.key}:${JSON.stringify(m.params ?? {})}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** A visitor has no carrier visibility of its own: every carrier, none first. */
const NO_CHOICES: CarrierChoices = { hidden: new Set(), preferred: new Set() };

/** The user's preferred carriers' rates first. */
function preferredRank(preferred: ReadonlySet<string>, r: StoredRate) {
  return preferred.has(r.carrier_id) ? 0 : 1;
}

/** A tariff carrier rates with its row; the app can put other adapters in (tests: one that fails or hangs). */
const tariffAdapter = (row: RatedCarrier): CarrierAdapter => new TariffCarrier(row);

/**
 * Quotes. Without a circuit breaker (the demo seed's history, rated at past times) every active
 * carrier is asked; the app's one breaker leaves paused carriers out (modules/carrier-breaker).
 */
export function quotesService(
  ctx: Pick<AppContext, 'db' | 'now'> & Partial<Pick<AppContext, 'carrierBreaker' | 'rateAdapterFor' | 'config'>>,
  opts: { timeoutMs?: number } = {},
) {
  const repo = quotesRepository(ctx.db, ctx.now);
  const calendar = pickupCalendar(ctx.now, ctx.config?.PICKUP_CUTOFF);
  const breaker = ctx.carrierBreaker;
  const adapterFor = ctx.rateAdapterFor ?? tariffAdapter;
  const carrierChoices = carriersRepository(ctx.db);
  const equipment = equipmentCatalog(ctx.db, ctx.now);
  const timeoutMs = opts.timeoutMs ?? CARRIER_TIMEOUT_MS;
  const pricing = pricingProgramsService(ctx);
  const windows = windowCache(ctx);

  async function exchangeRates(): Promise<ExchangeRates> {
    return { ...FALLBACK_RATES, ...(await repo.currencyRates()), USD: 1 } as ExchangeRates;
  }

  /**
   * Ask every adapter the breaker lets through, in parallel; failures and timeouts become
   * incidents and a warning, and count towards pausing the carrier. A paused carrier is neither
   * asked nor waited for (`paused`).
   */
  async function rateAll(adapters: CarrierAdapter[], request: RateRequest) {
    const admissions: Admission[] = breaker ? await breaker.admit(adapters.map((a) => a.carrier.id)) : adapters.map(() => 'call');
    const settled = await Promise.all(
      adapters.map(async (adapter, n) => {
        const admission = admissions[n] ?? 'call';
        if (admission === 'skip') return { adapter, result: undefined, paused: true };
        let result: CarrierRate | NoRate;
        try {
          result = await withTimeout(
            () => traceCall('carrier rate', { 'freight.carrier.id': adapter.carrier.id }, () => adapter.rate(request)),
            timeoutMs,
          );
        } catch (err) {
          const outcome = carrierFailure(err).kind === 'carrier_timeout' ? 'timeout' : 'error';
          await breaker?.record(adapter.carrier.id, outcome, admission);
          await repo.recordIncident({
            carrierId: adapter.carrier.id,
            operation: 'rate',
            request,
            error: err,
            at: ctx.now(),
          });
          return { adapter, result: undefined, paused: false };
        }
        await breaker?.record(adapter.carrier.id, 'ok', admission);
        return { adapter, result, paused: false };
      }),
    );
    return settled;
  }

  /**
   * Rate the input: the items' facts, every active carrier's rate (those `choices` hide left
   * out, the preferred ones first) priced by the programs of `accountId` (null: the default one
   * alone) on the pickup date, each rate's cost apart, and the messages. Nothing is stored.
   */
  async function rate(input: QuoteInput, choices: CarrierChoices, accountId: string | null): Promise<RatedQuote> {
    const origin = lookupPlace(input.origin.postal_code, input.origin.country);
    const destination = lookupPlace(input.destination.postal_code, input.destination.country);
    // Quotes stored before stops existed have none; only a truckload has any (the contract says so).
    const stopInputs = input.mode === 'truckload' ? (input.stops ?? []) : [];
    const stopPlaces = stopInputs.map((s) => lookupPlace(s.postal_code, s.country));
    const unknown: Record<string, string[]> = {};
    if (!origin) unknown['origin.postal_code'] = ['validation.postal_code_unknown'];
    if (!destination) unknown['destination.postal_code'] = ['validation.postal_code_unknown'];
    stopPlaces.forEach((g, n) => {
      if (!g) unknown[`stops.${n}.postal_code`] = ['validation.postal_code_unknown'];
    });
    // A truckload names an active equipment type: a retired or unknown one is refused like a bad choice.
    const equipmentType = input.mode === 'truckload' && input.equipment_type ? await equipment.byCode(input.equipment_type) : undefined;
    if (input.mode === 'truckload' && (!equipmentType || equipmentType.retiredAt)) unknown.equipment_type = ['validation.choice'];
    if (!origin || !destination || Object.keys(unknown).length) throw AppError.validation(unknown);

    const items = rateItemsOf(input);
    const facts: QuoteItemFacts[] = items.map((i) => {
      const r = resolveClass(i);
      return {
        package_type: i.package_type,
        quantity: i.quantity,
        cubic_ft: roundTo2(r.cubic_ft),
        weight_lb: roundTo2(r.weight_lb),
        density_pcf: roundTo2(r.density_pcf),
        freight_class: r.freight_class,
        class_source: r.source,
        density_class: r.density_class,
      };
    });

    // No named closures in here (a `const f = () => ...` per quote): the server runs under tsx, which
    // names each one with Object.defineProperty, about 1 us apiece.
    const rates = await exchangeRates();
    const currency = input.currency;
    const declaredUsd = convertCents(toCents(input.insured_value), currency, 'USD', rates);

    // Shipment-wide reasons first: none of them depends on a carrier. Today is the origin's.
    const first = calendar.first({ country: input.origin.country, state: origin.state });
    const messages: RateMessage[] = pickupDateProblems(input.pickup_date, first.today, input.origin.country);
    if (!messages.length && input.pickup_date < first.date) {
      messages.push({ level: 'no_rate', key: 'quote.no_rate.pickup_cutoff', params: { cutoff: calendar.cutoff, first_date: first.date } });
    }
    // Across a border, each carrier says whether it serves the lane (quotes/carriers/across-border.ts).
    const insurance = insuranceOptionsFor(
      input.mode,
      declaredUsd,
      items.reduce((n, i) => n + i.quantity, 0),
    );
    messages.push(...insurance.messages);

    const place = ratePlace;
    const stops: RateStop[] = stopInputs.map((s, n) =>
      Object.assign(place(s, stopPlaces[n] as NonNullable<typeof origin>), { kind: s.kind }),
    );
    // The truck drives origin -> each stop in order -> destination.
    const road = routeRoadMiles([origin, ...(stopPlaces as NonNullable<typeof origin>[]), destination]);
    const diesel = (await repo.dieselOn(input.pickup_date)) ?? SEP_2025_DIESEL_CENTS_PER_GAL / 100;
    const stored: StoredRate[] = [];
    const costs: QuoteCosts = {};

    if (!messages.some((m) => m.level === 'no_rate')) {
      const request: RateRequest = {
        mode: input.mode,
        pickup_date: input.pickup_date,
        origin: place(input.origin, origin),
        destination: place(input.destination, destination),
        stops,
        road_miles: road,
        direct_miles: greatCircleMiles(origin, destination),
        items,
        accessorials: [...new Set([...input.accessorials, ...siteAccessorials(input)])],
        declared_value_cents: declaredUsd,
        diesel_usd_per_gal: diesel,
        equipment: equipmentType && specOf(equipmentType),
        // Quotes stored before signature options existed have none.
        signature: input.mode === 'parcel' ? (input.signature ?? 'none') : 'none',
        unit_system: input.unit_system,
        currency: input.currency,
        port_of_entry: input.port_of_entry,
      };
      // The user's carrier visibility: hidden carriers are never asked, preferred ones are listed first.
      const priced = (await repo.carriersOn(input.mode, input.pickup_date)).filter((row) => !choices.hidden.has(row.id));
      const adapters = priced.map(adapterFor);
      const programs = await pricing.programsInForce(accountId, input.pickup_date);
      const shipment = pricingShipment(input, { origin: origin.state, destination: destination.state }, items);
      await windows.ready();
      // rateAll answers in the adapters' order, so priced[n] is the carrier of the n-th answer.
      for (const [n, { adapter, result, paused }] of (await rateAll(adapters, request)).entries()) {
        if (!result) {
          const key = paused ? 'quote.warning.carrier_paused' : 'quote.warning.carrier_unavailable';
          messages.push({ level: 'warning', key, params: { carrier: adapter.carrier.name } });
          continue;
        }
        messages.push(...result.messages);
        if (result.status !== 'rated') continue;
        shipment.carrier_scac = adapter.carrier.scac;
        const sold = priceCarrierRate(result.lines, shipment, programs, currency, rates);
        const id = randomUUID();
        costs[id] = sold.cost;
        stored.push({
          id,
          carrier_id: adapter.carrier.id,
          carrier_name: adapter.carrier.name,
          scac: adapter.carrier.scac,
          service: result.service,
          transit_days: result.transit_days,
          estimated_delivery: result.estimated_delivery,
          total_cents: sold.total_cents,
          charges: sold.charges,
          tariff_version: priced[n]?.tariffVersion ?? null,
          delivery_window: windows.windowOf({
            carrierId: adapter.carrier.id,
            originCountry: input.origin.country,
            originState: origin.state,
            destinationCountry: input.destination.country,
            destinationState: destination.state,
            promisedDays: result.transit_days,
            pickupDate: input.pickup_date,
          }),
          ...(result.crossing && { crossing: result.crossing }),
        });
      }
      const preferred = choices.preferred;
      stored.sort(
        (a, b) =>
          preferredRank(preferred, a) - preferredRank(preferred, b) ||
          a.total_cents - b.total_cents ||
          a.carrier_name.localeCompare(b.carrier_name),
      );
      // Carrier-specific reasons only matter when nobody could rate.
      const finalMessages = stored.length > 0 ? messages.filter((m) => m.level !== 'no_rate') : messages;
      if (stored.length === 0 && !finalMessages.some((m) => m.level === 'no_rate')) {
        finalMessages.push({ level: 'no_rate', key: 'quote.no_rate.no_carriers' });
      }
      messages.splice(0, messages.length, ...finalMessages);
    }

    const result: QuoteResult = {
      items: facts,
      road_miles: Math.round(road),
      diesel_usd_per_gal: diesel,
      rates: stored,
      messages: dedupe(messages),
      insurance_options: insurance.options.map((o) => ({
        ...o,
        premium_cents: convertCents(o.premium_cents, 'USD', currency, rates),
        // Full cover is the declared value itself: say it in the shipper's own figure, not one
        // that went to dollars and back (40,000.00 MXN, not 39,999.96).
        coverage_cents:
          o.coverage_cents === declaredUsd ? toCents(input.insured_value) : convertCents(o.coverage_cents, 'USD', currency, rates),
        deductible_cents: convertCents(o.deductible_cents, 'USD', currency, rates),
      })),
    };
    return { result, costs };
  }

  /**
   * Rate the input and store the quote for the account. The user's carrier visibility is read
   * again whenever its version (from the session) moved: a change applies to the very next quote
   * whichever process serves it.
   */
  async function create(owner: QuoteOwner, input: QuoteInput, notes: RateMessage[] = []): Promise<QuoteRow> {
    const rated = await rate(input, await carrierChoices.choicesOf(owner.userId, owner.carrierChoicesVersion), owner.accountId);
    rated.result.messages.unshift(...notes);
    const expiresAt = calendar.expiry(input.pickup_date, calendar.originOf(input.origin));
    return repo.insert(quoteRowOf(owner, input, rated, ctx.now(), false, expiresAt));
  }

  /**
   * A re-run rates today's tariffs for the same shipment: a pickup date that can no longer be
   * quoted (passed, today, or past its cut-off) moves to the first quotable date, and a note says so.
   */
  function rerunInput(quoted: QuoteInput): { input: QuoteInput; notes: RateMessage[] } {
    const first = calendar.first(calendar.originOf(quoted.origin));
    if (quoted.pickup_date >= first.date) return { input: quoted, notes: [] };
    const key = quoted.pickup_date < first.today ? 'quote.warning.pickup_moved_past' : 'quote.warning.pickup_moved';
    return {
      input: Object.assign({}, quoted, { pickup_date: first.date }),
      notes: [{ level: 'warning', key, params: { pickup_date: first.date, quoted_date: quoted.pickup_date } }],
    };
  }

  return {
    create,
    /**
     * Every carrier's rate, nothing stored: a visitor's quote (the public quote page, `accountId`
     * null: the default program prices it) or the demo seed's quotes of an account.
     */
    rateEveryCarrier: (input: QuoteInput, accountId: string | null) => rate(input, NO_CHOICES, accountId),
    /** The owner's prices without storing a quote (an eBay order's two modes compared). */
    rateFor: async (owner: QuoteOwner, input: QuoteInput) =>
      (await rate(input, await carrierChoices.choicesOf(owner.userId, owner.carrierChoicesVersion), owner.accountId)).result,
    async rerun(owner: QuoteOwner, id: string) {
      const quote = await repo.find(id, owner.accountId);
      if (!quote) throw AppError.notFound();
      const { input, notes } = rerunInput(quote.input as QuoteInput);
      const fresh = await create(owner, input, notes);
      // A reship's quote keeps its booking prefill through the rerun the Book Shipment step starts with.
      if (quote.bookingPrefill == null) return fresh;
      await repo.setBookingPrefill(fresh.id, owner.accountId, quote.bookingPrefill);
      return { ...fresh, bookingPrefill: quote.bookingPrefill };
    },
    async find(accountId: string, id: string) {
      const quote = await repo.find(id, accountId);
      if (!quote) throw AppError.notFound();
      return quote;
    },
    /** Saves the quote (Saved Quotes), or takes it out again. */
    async save(accountId: string, id: string, saved = true) {
      const quote = await repo.markSaved(id, accountId, saved);
      if (!quote) throw AppError.notFound();
      return quote;
    },
    /** The first pickup date that can be quoted from a place now: what reship, return-ship and eBay propose. */
    firstPickupDate: (place: { postal_code: string; country: Country }) => calendar.first(calendar.originOf(place)).date,
    /** Reship and return-ship: the booking places the new quote's Book Shipment step starts from. */
    setBookingPrefill: (accountId: string, id: string, prefill: unknown) => repo.setBookingPrefill(id, accountId, prefill),
    /** A page of the account's quotes with the people who ran them. */
    async page(accountId: string, options: QuotePageOptions) {
      const found = await repo.page(accountId, options);
      return { ...found, people: await usersService(ctx.db).people(found.rows.map((r) => r.userId)) };
    },
  };
}

export { pickupCalendar } from './pickup-dates';
export { presentQuote } from './quotes.presenter';
/** A carrier as it was on a day (its tariff then), for the carrier invoices' inspection. */
export { carrierAsOn, type QuoteRow, quotesRepository } from './quotes.repository';
