import type { BookingPlace, PlaceView, ShipmentItemView } from '@freight/contracts';
import type { Country, Currency } from '@freight/domain';
import { type AccessorialCode, fromCents } from '@freight/domain/rating';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { QuoteRow } from '../quotes/quotes.service';
import { type QuoteInput, type QuoteOwner, quotesService } from '../quotes/quotes.service';
import { type ShipmentRow, shipmentsRepository } from './shipments.repository';
import { deliveryPlaceOf, quotedStops, stopsOf } from './truckload-stops';

/** The pickup-end accessorial's delivery-end twin and back (a return ships the other way). */
function swappedAccessorial(code: AccessorialCode): AccessorialCode {
  if (code.endsWith('_pickup')) return code.replace(/_pickup$/, '_delivery') as AccessorialCode;
  if (code.endsWith('_delivery')) return code.replace(/_delivery$/, '_pickup') as AccessorialCode;
  return code;
}

/** The quote input a reship or return starts from: the original quote's, else the shipment's own facts. */
function quoteInputOf(row: ShipmentRow, quote: QuoteRow | undefined): QuoteInput {
  if (quote) return quote.input as QuoteInput;
  const accessorials = row.accessorials as AccessorialCode[];
  const siteType = (end: 'pickup' | 'delivery') =>
    accessorials.includes(`residential_${end}`)
      ? 'residential'
      : accessorials.includes(`limited_access_${end}`)
        ? 'limited_access'
        : 'business';
  const siteCodes = new Set([
    'residential_pickup',
    'residential_delivery',
    'limited_access_pickup',
    'limited_access_delivery',
    'nyc_metro',
    'hazmat',
  ]);
  return {
    mode: row.mode,
    pickup_date: row.pickupDate,
    origin: { postal_code: row.originPostalCode, country: row.originCountry as Country, site_type: siteType('pickup') },
    destination: { postal_code: row.destinationPostalCode, country: row.destinationCountry as Country, site_type: siteType('delivery') },
    items: (row.items as ShipmentItemView[]).map((i) => ({
      description: i.description || undefined,
      package_type: i.package_type as QuoteInput['items'][number]['package_type'],
      quantity: i.quantity,
      length: i.length_in,
      width: i.width_in,
      height: i.height_in,
      weight: i.weight_lb,
      freight_class: (i.freight_class ?? undefined) as QuoteInput['items'][number]['freight_class'],
      nmfc: i.nmfc || undefined,
      stackable: i.stackable,
      hazardous: i.hazardous,
    })),
    accessorials: accessorials.filter((a) => !siteCodes.has(a)) as QuoteInput['accessorials'],
    insured_value: fromCents(row.declaredValueCents),
    currency: row.currency as Currency,
    unit_system: 'imperial',
    equipment_type: row.mode === 'truckload' ? (row.service as QuoteInput['equipment_type']) : undefined,
    signature: 'none',
    stops: stopsOf(row).map((s) => ({ kind: s.kind, postal_code: s.place.postal_code, country: s.place.country })),
  };
}

/** Shipping a booked shipment again: the same way (reship) or back (return-ship). */
export function reshipService(ctx: AppContext) {
  const quotes = quotesService(ctx);

  /**
   * Reship (same way) or return (swapped): a new quote of the account rated by the quote engine
   * for the first quotable day, prefilled with the shipment's places; the given email and phone go
   * on the pickup contact. Another account's shipment is not found.
   */
  async function reship(owner: QuoteOwner, id: string, request: { kind: 'reship' | 'return'; email: string; phone: string }) {
    const row = await shipmentsRepository(ctx.db).find(owner.accountId, id);
    if (!row) throw AppError.notFound();
    const original = row.quoteId ? await quotes.find(owner.accountId, row.quoteId).catch(() => undefined) : undefined;
    const base = quoteInputOf(row, original);
    const swap = request.kind === 'return';
    const origin = swap ? base.destination : base.origin;
    const destination = swap ? base.origin : base.destination;
    // A return drives the route backwards: the stops in reverse, an extra pickup becoming a drop.
    const stops = swap
      ? [...quotedStops(base)].reverse().map((s) => ({ ...s, kind: s.kind === 'pickup' ? ('drop' as const) : ('pickup' as const) }))
      : quotedStops(base);
    const input: QuoteInput = {
      ...base,
      origin,
      destination,
      stops,
      accessorials: swap ? (base.accessorials.map((a) => swappedAccessorial(a)) as QuoteInput['accessorials']) : base.accessorials,
      pickup_date: quotes.firstPickupDate(origin),
    };
    const fresh = await quotes.create(owner, input);
    const [from, to] = swap ? [deliveryPlaceOf(row), row.pickup as PlaceView] : [row.pickup as PlaceView, deliveryPlaceOf(row)];
    const place = (p: PlaceView): BookingPlace => ({ ...p, save_to_address_book: false });
    const bookedStopPlaces = stopsOf(row).map((s) => place(s.place));
    const prefill = {
      pickup: { ...place(from), email: request.email, phone: request.phone },
      delivery: place(to),
      stops: swap ? bookedStopPlaces.reverse() : bookedStopPlaces,
    };
    await quotes.setBookingPrefill(owner.accountId, fresh.id, prefill);
    return { ...fresh, bookingPrefill: prefill };
  }

  return { reship };
}
