import { createHash, randomInt } from 'node:crypto';
import { NMFC_CLASSES } from '@freight/domain';
import {
  type BorderService,
  distanceBandFactor,
  estimatedDelivery,
  type LtlTariff,
  ltlCarrierTransitDays,
  normalizeTruckloadTariff,
  type ParcelTariff,
  type ParcelZone,
  parcelZone,
  rateLtl,
  rateParcel,
  ratesWithinOneCountry,
  rateTruckload,
} from '@freight/domain/rating';
import { crossesBorder, rateAcrossBorder } from './across-border';
import type {
  BookingCarrierAdapter,
  CarrierBooking,
  CarrierBookingRequest,
  CarrierCorrection,
  CarrierEvent,
  CarrierRate,
  CarrierRow,
  InspectedShipment,
  NoRate,
  RateRequest,
  TrackedShipment,
} from './adapter';
import { demoEventsUntil } from './demo-timeline';

/** Ground parcel transit by zone (business days), a published-map heuristic. */
const PARCEL_TRANSIT_BY_ZONE: Record<ParcelZone, number> = { 1: 1, 2: 1, 3: 2, 4: 3, 5: 4, 6: 4, 7: 5, 8: 5 };

/** LTL PRO number lengths of the demo carriers (their published formats are 9 to 11 digits); others get 10. */
const PRO_DIGITS: Record<string, number> = { ODFL: 10, SAIA: 10, EXLA: 10, FXFE: 10, ABFS: 9, RLCA: 9, SEFL: 9, AVRT: 10 };

/** `n` random decimal digits, the first not 0. */
function digits(n: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < n) out += String(randomInt(0, 10));
  return out;
}

/** The mod-10 (Luhn) check digit of a digit string. */
function luhnCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

const ALNUM = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';
function alnum(n: number): string {
  let out = '';
  while (out.length < n) out += ALNUM[randomInt(0, ALNUM.length)];
  return out;
}

/**
 * A parcel tracking number in the carrier's usual shape: UPS '1Z' + 6-character shipper number +
 * '03' (Ground) + 8 digits (18 characters); USPS 22 digits starting 9405 (Priority Mail) with a
 * mod-10 check digit; FedEx and any other 12 digits with a mod-10 check digit.
 */
function parcelTrackingNumber(scac: string): string {
  if (scac.startsWith('UPS')) return `1Z${alnum(6)}03${digits(8)}`;
  if (scac === 'USPS') {
    const body = `9405${digits(17)}`;
    return body + String(luhnCheckDigit(body));
  }
  const body = digits(11);
  return body + String(luhnCheckDigit(body));
}

/** The demo dock's roll of a BOL, 0-999: under 100 a reweigh, 100-149 a reclass (TariffCarrier.inspect). */
export const demoDockRoll = (bolNumber: string) =>
  Number.parseInt(createHash('sha256').update(bolNumber).digest('hex').slice(0, 8), 16) % 1000;

/** What the demo dock finds for a BOL: a reweigh, a reclass (of LTL freight with a class), or the freight as booked. */
export type DemoDockFinding = 'reweigh' | 'reclass' | 'as_booked';
export const demoDockFinding = (bolNumber: string): DemoDockFinding => {
  const roll = demoDockRoll(bolNumber);
  return roll < 100 ? 'reweigh' : roll < 150 ? 'reclass' : 'as_booked';
};

/**
 * Rates with the carrier's tariff from the database through the pure rating engine, and books
 * by issuing the carrier's numbers itself (a tariff carrier has no system of its own to call).
 */
export class TariffCarrier implements BookingCarrierAdapter {
  readonly carrier: { id: string; name: string; scac: string };
  constructor(private readonly row: CarrierRow) {
    this.carrier = { id: row.id, name: row.name, scac: row.scac };
  }

  /**
   * Within one country, by the tariff of the mode (unless it serves only freight across a border);
   * across a border, by its border service (across-border.ts), or no rate when it has none for the lane.
   */
  async rate(request: RateRequest): Promise<CarrierRate | NoRate> {
    if (crossesBorder(request)) {
      const border = (this.row.tariff as { border?: BorderService }).border;
      return rateAcrossBorder(border, request, (side) => this.rateSide(side));
    }
    if (!ratesWithinOneCountry(this.row.tariff)) return { status: 'no_rate', messages: [] };
    return this.rateSide(request);
  }

  private rateSide(request: RateRequest): CarrierRate | NoRate {
    switch (this.row.mode) {
      case 'ltl':
        return this.ltl(request);
      case 'parcel':
        return this.parcel(request);
      case 'truckload':
        return this.truckload(request);
    }
  }

  /**
   * The carrier's numbers for a booking: LTL a PRO of the carrier's length (mod-10 check digit)
   * and a pickup confirmation number; truckload a 9-digit load (PRO) number and a pickup number;
   * parcel a tracking number in the carrier's format (also its PRO: parcels are tracked by it)
   * and a pickup confirmation.
   */
  async book(request: CarrierBookingRequest): Promise<CarrierBooking> {
    if (request.mode !== this.row.mode) throw new Error(`${this.row.scac} does not book ${request.mode} shipments`);
    switch (this.row.mode) {
      case 'ltl': {
        const body = digits((PRO_DIGITS[this.row.scac] ?? 10) - 1);
        return { pro_number: body + String(luhnCheckDigit(body)), pickup_number: digits(8), tracking_number: null };
      }
      case 'truckload':
        return { pro_number: digits(9), pickup_number: digits(8), tracking_number: null };
      case 'parcel': {
        const tracking = parcelTrackingNumber(this.row.scac);
        return { pro_number: tracking, pickup_number: `PU${alnum(8)}`, tracking_number: tracking };
      }
    }
  }

  /** Nothing to tell: the tariff carrier's numbers are the portal's own, and it holds no pickup to release. */
  async cancel(_shipment: TrackedShipment): Promise<void> {}

  /**
   * Demo tracking only (DEMO_TRACKING; the tracking poll registers tariff carriers as polling
   * carriers only then): the demo timeline's events of the shipment that have happened by `now`.
   */
  async track(shipment: TrackedShipment, now: Date): Promise<CarrierEvent[]> {
    return demoEventsUntil(shipment, this.carrier, now);
  }

  /**
   * The demo dock's findings, fixed by the BOL number so a shipment is always inspected alike:
   * about one LTL shipment in ten is reweighed 8-25% heavier (reported with the delivery) and
   * one in twenty reclassed one class up (reported after the invoice, as an adjustment). The
   * charge factor of a reclass is the ratio of the two classes' rates in this carrier's tariff.
   */
  async inspect(shipment: InspectedShipment): Promise<CarrierCorrection | null> {
    if (this.row.mode !== 'ltl') return null;
    const roll = demoDockRoll(shipment.bol_number);
    if (roll < 100) {
      const weight = Math.round(shipment.weight_lb * (1.08 + (roll / 100) * 0.17));
      return {
        kind: 'reweigh',
        weight_lb: weight,
        freight_class: shipment.freight_class,
        factor: weight / shipment.weight_lb,
        reported: 'with_delivery',
      };
    }
    if (roll < 150 && shipment.freight_class !== null) {
      const classes = NMFC_CLASSES as readonly number[];
      const next = classes[classes.indexOf(shipment.freight_class) + 1];
      const rates = (this.row.tariff as LtlTariff).rates;
      const rateOf = (c: number) => rates.find((r) => r.freight_class === c)?.per_cwt_cents.L5C;
      const from = rateOf(shipment.freight_class);
      const to = next === undefined ? undefined : rateOf(next);
      if (next === undefined || !from || !to) return null;
      return { kind: 'reclass', weight_lb: shipment.weight_lb, freight_class: next, factor: to / from, reported: 'after_invoice' };
    }
    return null;
  }

  private delivery(request: RateRequest, days: number) {
    return estimatedDelivery(request.pickup_date, days, request.destination.country);
  }

  private ltl(request: RateRequest): CarrierRate | NoRate {
    const tariff = this.row.tariff as LtlTariff;
    const result = rateLtl(tariff, {
      items: request.items,
      origin: request.origin,
      destination: request.destination,
      accessorials: request.accessorials,
      pickup_date: request.pickup_date,
      diesel_usd_per_gal: request.diesel_usd_per_gal,
      lane_factor: distanceBandFactor(tariff, request.road_miles),
    });
    if (result.status === 'no_rate') return { status: 'no_rate', messages: result.messages };
    const level = tariff.service_level ?? 'standard';
    const transit = ltlCarrierTransitDays(
      request.road_miles,
      level,
      this.row.scac,
      request.origin.postal_code,
      request.destination.postal_code,
    );
    return {
      status: 'rated',
      service: level,
      transit_days: transit,
      estimated_delivery: this.delivery(request, transit),
      lines: result.lines,
      total_cents: result.total_cents,
      messages: result.messages,
    };
  }

  private parcel(request: RateRequest): CarrierRate | NoRate {
    const tariff = this.row.tariff as ParcelTariff;
    const packages = request.items.flatMap((i) =>
      Array.from({ length: i.quantity }, () => ({
        length_in: i.length_in,
        width_in: i.width_in,
        height_in: i.height_in,
        weight_lb: i.unit_weight_lb,
      })),
    );
    const zone = parcelZone(request.direct_miles);
    const result = rateParcel(tariff, {
      zone,
      packages,
      residential: request.destination.site_type === 'residential',
      signature: request.signature,
      declared_value_cents: request.declared_value_cents,
      fuel_percent: this.row.fuelBp / 100,
    });
    if (result.messages.some((m) => m.level === 'no_rate')) return { status: 'no_rate', messages: result.messages };
    const transit = PARCEL_TRANSIT_BY_ZONE[zone];
    return {
      status: 'rated',
      service: tariff.service ?? 'ground',
      transit_days: transit,
      estimated_delivery: this.delivery(request, transit),
      lines: result.lines,
      total_cents: result.total_cents,
      messages: result.messages,
    };
  }

  private truckload(request: RateRequest): CarrierRate | NoRate {
    // The quote service always sends the type; a truckload request without one is a programming error.
    if (!request.equipment) throw new Error('a truckload rate request needs its equipment');
    const tariff = normalizeTruckloadTariff(this.row.tariff);
    const result = rateTruckload(tariff, {
      equipment: request.equipment,
      miles: Math.max(1, Math.round(request.road_miles)),
      weight_lb: request.items.reduce((s, i) => s + i.unit_weight_lb * i.quantity, 0),
      diesel_price_cents: Math.round(request.diesel_usd_per_gal * 100),
      stops: request.stops.length,
      team: false,
      width_in: Math.max(...request.items.map((i) => i.width_in)),
    });
    if (result.messages.some((m) => m.level === 'no_rate')) return { status: 'no_rate', messages: result.messages };
    return {
      status: 'rated',
      service: request.equipment.code,
      transit_days: result.transit_days,
      estimated_delivery: this.delivery(request, result.transit_days),
      lines: result.lines,
      total_cents: result.total_cents,
      messages: result.messages,
    };
  }
}
