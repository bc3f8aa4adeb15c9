import {
  distanceBandFactor,
  estimatedDelivery,
  type LtlTariff,
  ltlTransitDays,
  type ParcelTariff,
  type ParcelZone,
  parcelZone,
  rateLtl,
  rateParcel,
  rateTruckload,
  type TruckloadTariff,
} from '@freight/domain/rating';
import type { CarrierRow } from '../quotes.repository';
import type { CarrierAdapter, CarrierRate, NoRate, RateRequest } from './adapter';

/** Ground parcel transit by zone (business days), a published-map heuristic. */
const PARCEL_TRANSIT_BY_ZONE: Record<ParcelZone, number> = { 1: 1, 2: 1, 3: 2, 4: 3, 5: 4, 6: 4, 7: 5, 8: 5 };

/** Rates with the carrier's tariff from the database through the pure rating engine. */
export class TariffCarrier implements CarrierAdapter {
  readonly carrier: { id: string; name: string; scac: string };
  constructor(private readonly row: CarrierRow) {
    this.carrier = { id: row.id, name: row.name, scac: row.scac };
  }

  async rate(request: RateRequest): Promise<CarrierRate | NoRate> {
    switch (this.row.mode) {
      case 'ltl':
        return this.ltl(request);
      case 'parcel':
        return this.parcel(request);
      case 'truckload':
        return this.truckload(request);
    }
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
    const transit = ltlTransitDays(request.road_miles).max;
    return {
      status: 'rated',
      service: 'standard',
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
      service: 'ground',
      transit_days: transit,
      estimated_delivery: this.delivery(request, transit),
      lines: result.lines,
      total_cents: result.total_cents,
      messages: result.messages,
    };
  }

  private truckload(request: RateRequest): CarrierRate | NoRate {
    const tariff = this.row.tariff as TruckloadTariff;
    const result = rateTruckload(tariff, {
      equipment: request.equipment_type ?? 'dry_van',
      miles: Math.max(1, Math.round(request.road_miles)),
      weight_lb: request.items.reduce((s, i) => s + i.unit_weight_lb * i.quantity, 0),
      diesel_price_cents: Math.round(request.diesel_usd_per_gal * 100),
      stops: 0,
      team: false,
      width_in: Math.max(...request.items.map((i) => i.width_in)),
    });
    if (result.messages.some((m) => m.level === 'no_rate')) return { status: 'no_rate', messages: result.messages };
    return {
      status: 'rated',
      service: request.equipment_type ?? 'dry_van',
      transit_days: result.transit_days,
      estimated_delivery: this.delivery(request, result.transit_days),
      lines: result.lines,
      total_cents: result.total_cents,
      messages: result.messages,
    };
  }
}
