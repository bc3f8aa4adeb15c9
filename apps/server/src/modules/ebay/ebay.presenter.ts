import {
  type AccountAddress,
  type BatchColumn,
  type BatchItemCells,
  EBAY_ORDER_PREFILL,
  type EbayOrderView,
  type EbayQuoteInput,
  type EbayStoreView,
  type PlaceView,
  type QuoteRequestInput,
} from '@freight/contracts';
import type { UnitSystem } from '@freight/domain';
import { fromInches, fromPounds } from '@freight/domain/rating';
import { modeEligibility } from '@freight/domain/rating/mode-eligibility';
import type { products } from '../../db/schema';
import type { OrderWithShipment, StoreRow } from './ebay.repository';

const CONSENT_WARNING_MS = 30 * 86_400_000;
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A store as its owner sees it: never its tokens. */
export function presentStore(s: StoreRow, now: Date): EbayStoreView {
  return {
    id: s.id,
    ebay_user: s.ebayUser,
    status: s.status,
    last_sync_at: iso(s.lastSyncAt),
    last_sync_error: s.lastSyncError,
    next_sync_at: iso(s.nextSyncAt),
    consent_expires_at: iso(s.refreshExpiresAt),
    consent_expiring: Boolean(s.refreshExpiresAt && s.refreshExpiresAt.getTime() - now.getTime() < CONSENT_WARNING_MS),
  };
}

export function presentOrder(r: OrderWithShipment): EbayOrderView {
  const o = r.order;
  return {
    id: o.id,
    store: { id: r.store.id, ebay_user: r.store.ebayUser },
    ebay_order_id: o.ebayOrderId,
    ordered_at: o.orderedAt.toISOString(),
    buyer: o.buyer,
    ship_to: {
      name: o.shipTo.name,
      line1: o.shipTo.line1,
      line2: o.shipTo.line2,
      city: o.shipTo.city,
      state: o.shipTo.state,
      postal_code: o.shipTo.postalCode,
      country: o.shipTo.country,
      phone: o.shipTo.phone,
    },
    items: o.lineItems.map((l) => ({ line_item_id: l.lineItemId, sku: l.sku, title: l.title, quantity: l.quantity })),
    total_cents: o.totalCents,
    currency: o.currency,
    status: o.status,
    quote_id: o.quoteId,
    shipment: o.shipmentId
      ? {
          id: o.shipmentId,
          bol_number: r.bolNumber ?? '',
          tracking_number: r.trackingNumber ?? r.proNumber ?? null,
          carrier: r.carrierName ?? '',
        }
      : null,
    fulfilled_at: iso(o.fulfilledAt),
    fulfillment_error: o.fulfillmentError,
  };
}

type Product = typeof products.$inferSelect;

/**
 * The quote form filled from an order: from the account's own address to the buyer's, the items
 * matched to the catalog by SKU, the mode when they fit only one (when they fit both the seller
 * chooses), picked up on the first date the origin can be quoted for (its business calendar and
 * today's cut-off).
 */
export function quoteInputOf(
  r: OrderWithShipment,
  origin: { postal_code: string; country: string } | null,
  catalog: Product[],
  /** The first quotable pickup date from the origin (YYYY-MM-DD; quotes/pickup-dates.ts). */
  pickupDate: string,
  /** Other orders of the same buyer and address, shipped together with `r`. */
  together: OrderWithShipment[] = [],
): Omit<EbayQuoteInput, 'ship_to_verified'> {
  const bySku = new Map(catalog.filter((p) => p.productNumber).map((p) => [p.productNumber.toLowerCase(), p]));
  const items: NonNullable<QuoteRequestInput['items']> = [];
  const unmatched: EbayQuoteInput['unmatched'] = [];
  for (const line of [r, ...together].flatMap((o) => o.order.lineItems)) {
    const p = bySku.get(line.sku.toLowerCase());
    if (!p) {
      unmatched.push({ sku: line.sku, title: line.title, quantity: line.quantity });
      continue;
    }
    items.push({
      description: p.description,
      package_type: p.packageType as never,
      quantity: line.quantity,
      length: p.lengthIn,
      width: p.widthIn,
      height: p.heightIn,
      weight: p.weightLb,
      ...(p.freightClass ? { freight_class: p.freightClass } : {}),
      ...(p.nmfc ? { nmfc: p.nmfc } : {}),
      hazardous: p.hazardous,
    });
  }
  const fit = modeEligibility(
    items.map((i) => ({
      package_type: i.package_type ?? '',
      quantity: i.quantity ?? 1,
      length_in: i.length as number,
      width_in: i.width as number,
      height_in: i.height as number,
      weight_lb: i.weight as number,
    })),
  );
  // Both (or nothing matched yet): no mode, so the seller is asked.
  const mode = fit.ltl === fit.parcel ? undefined : fit.parcel ? 'parcel' : 'ltl';
  const shipTo = presentOrder(r).ship_to;
  return {
    input: {
      ...(mode ? { mode } : {}),
      pickup_date: pickupDate,
      ...(origin ? { origin: { postal_code: origin.postal_code, country: origin.country as never, site_type: 'business' } } : {}),
      destination: { postal_code: shipTo.postal_code, country: shipTo.country as never, site_type: 'residential' },
      items,
      insured_value: [r, ...together].reduce((sum, o) => sum + o.order.totalCents, 0) / 100,
      client_ref: r.order.ebayOrderId.slice(0, 64),
      // The catalog keeps inches and pounds: the form shows them so, whatever the user's units.
      unit_system: 'imperial',
    },
    unmatched,
    ship_to: shipTo,
    modes: { ltl: fit.ltl, parcel: fit.parcel, parcel_problem: fit.problems[0]?.reason ?? null },
  };
}

const place = (p: Partial<PlaceView>): PlaceView => ({
  company: '',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  street1: '',
  street2: '',
  city: '',
  state: '',
  postal_code: '',
  country: 'US',
  interior_number: '',
  exterior_number: '',
  neighborhood: '',
  opens_at: '',
  closes_at: '',
  ...p,
});

/**
 * The booking form's places for an order's quote: from the account's company address to the
 * buyer's ship-to (the buyer's name is both company and contact: eBay gives one name; its phone,
 * and an email only where eBay gave one). Marked as an eBay order's: the booking may leave the
 * buyer's email out.
 */
export function bookingPrefillOf(r: OrderWithShipment, company: AccountAddress | null) {
  const to = r.order.shipTo;
  const [first = '', ...rest] = to.name.trim().split(/\s+/);
  return {
    source: EBAY_ORDER_PREFILL,
    pickup: company
      ? place({
          company: company.company ?? '',
          first_name: company.first_name,
          last_name: company.last_name,
          email: company.email,
          phone: company.phone,
          street1: company.street1,
          street2: company.street2 ?? '',
          city: company.city,
          state: company.state,
          postal_code: company.postal_code,
          country: company.country,
        })
      : null,
    delivery: place({
      company: to.name,
      first_name: first,
      last_name: rest.join(' '),
      email: to.email,
      phone: to.phone,
      street1: to.line1,
      street2: to.line2,
      city: to.city,
      state: to.state,
      postal_code: to.postalCode,
      country: (['US', 'CA', 'MX'].includes(to.country) ? to.country : 'US') as PlaceView['country'],
    }),
  };
}

const oneDecimal = (n: number) => String(Math.round(n * 10) / 10);

type FillItem = NonNullable<EbayQuoteInput['input']['items']>[number];

/** One item line as a batch row's item cells, its sizes in `unitSystem`'s units (the catalog keeps inches and pounds). */
function batchItemCellsOf(item: FillItem | undefined, unitSystem: UnitSystem): BatchItemCells {
  const size = (inches: unknown) => (typeof inches === 'number' ? oneDecimal(fromInches(inches, unitSystem)) : '');
  const weight = (pounds: unknown) => (typeof pounds === 'number' ? oneDecimal(fromPounds(pounds, unitSystem)) : '');
  return {
    package_type: item?.package_type ?? '',
    quantity: String(item?.quantity ?? ''),
    length: size(item?.length),
    width: size(item?.width),
    height: size(item?.height),
    weight: weight(item?.weight),
    freight_class: item?.freight_class ? String(item.freight_class) : '',
    hazardous: item?.hazardous ? 'true' : 'false',
  };
}

/**
 * An order as a row of a batch file (the template's columns as text), from its quote form's fill
 * and its booking's places: its first item line in the cells and the others as further lines, sizes
 * in the batch owner's units, the order's number as the client reference. The mode is parcel when
 * the items fit a parcel, else LTL. A place missing (no company address) leaves its cells empty, so
 * the row is refused with the field's message as a file's would be.
 */
export function batchCellsOf(
  fill: Omit<EbayQuoteInput, 'ship_to_verified'>,
  places: ReturnType<typeof bookingPrefillOf>,
  unitSystem: UnitSystem,
): { cells: Partial<Record<BatchColumn, string>>; moreItems: BatchItemCells[] } {
  const { input } = fill;
  const [first, ...more] = input.items ?? [];
  const placeCells = (side: 'origin' | 'destination', p: PlaceView | null) => ({
    [`${side}_company`]: p?.company ?? '',
    [`${side}_street`]: p ? [p.street1, p.street2].filter(Boolean).join(', ') : '',
    [`${side}_city`]: p?.city ?? '',
    [`${side}_state`]: p?.state ?? '',
    [`${side}_contact_name`]: p ? `${p.first_name} ${p.last_name}`.trim() : '',
    [`${side}_contact_phone`]: p?.phone ?? '',
    [`${side}_contact_email`]: p?.email ?? '',
  });
  const cells = {
    client_ref: input.client_ref ?? '',
    mode: fill.modes.parcel ? 'parcel' : 'ltl',
    pickup_date: input.pickup_date ?? '',
    origin_postal_code: input.origin?.postal_code ?? '',
    origin_country: input.origin?.country ?? '',
    origin_site_type: 'business',
    destination_postal_code: input.destination?.postal_code ?? '',
    destination_country: input.destination?.country ?? '',
    destination_site_type: 'residential',
    ...batchItemCellsOf(first, unitSystem),
    insured_value: String(input.insured_value ?? ''),
    ...placeCells('origin', places.pickup),
    ...placeCells('destination', places.delivery),
  };
  return { cells, moreItems: more.map((item) => batchItemCellsOf(item, unitSystem)) };
}
