import {
  type BorderService,
  DEFAULT_TRUCKLOAD_TARIFF,
  DEMO_LTL_TARIFF,
  type LtlTariff,
  PARCEL_TARIFFS,
  type ParcelTariff,
  type TruckloadTariff,
} from '@freight/domain/rating';
import type { Db } from './client';
import { carriers, mexicanCarrierFleets } from './schema';
import { seedTrackingSecrets } from './seed-booking';
import { seedTariffVersions } from './seed-carriers';

/** One truck from door to door across the US-Canada border, at the busiest Ontario, Quebec and BC crossings. */
const TRANSBORDER: BorderService = {
  lanes: ['US-CA', 'CA-US'],
  crossing: 'single_line',
  ports: ['detroit', 'buffalo', 'champlain', 'blaine'],
  crossing_cents: 4_500,
  manifest_cents: 3_500,
  broker_cents: 9_500,
  crossing_days: 1,
  domestic: false,
};

/** Handed over at the border: a yard in the US border city, a transfer over the bridge, the Mexican carrier on. */
const FRONTERA: BorderService = {
  lanes: ['US-MX', 'MX-US'],
  crossing: 'transfer',
  ports: ['laredo', 'el_paso', 'otay_mesa'],
  crossing_cents: 17_500,
  manifest_cents: 4_500,
  broker_cents: 12_500,
  crossing_days: 1,
  domestic: false,
};

const ltl = (scac: string, name: string, discount_bp: number, amc_cents: number, border: BorderService): LtlTariff => ({
  ...DEMO_LTL_TARIFF,
  carrier: scac,
  name,
  discount_bp,
  amc_cents,
  service_level: 'standard',
  border,
});

/** A parcel service to and from Canada: the carrier clears each parcel, for a brokerage fee on each side. */
const parcel: ParcelTariff = {
  ...PARCEL_TARIFFS.ups,
  border: { ...TRANSBORDER, crossing_cents: 0, manifest_cents: 0, broker_cents: 1_250 },
};

/** A whole truck to or from Mexico, transferred at the border as LTL freight is, for a dearer transfer. */
const truckload: TruckloadTariff = {
  ...DEFAULT_TRUCKLOAD_TARIFF,
  linehaul_cents_per_mile: Math.round(DEFAULT_TRUCKLOAD_TARIFF.linehaul_cents_per_mile * 1.05),
  border: { ...FRONTERA, crossing_cents: 35_000 },
};

/**
 * The demo's carriers across the borders, clearly demo names: a US-Canada LTL carrier that runs
 * single line, a Mexican LTL and truckload carrier that hands over at Laredo, El Paso and Otay
 * Mesa, and parcel between the US and Canada. None rates within one country, so every domestic
 * quote stays as it was. Their first tariff version and tracking key come with them.
 */
export async function seedBorderCarriers(tx: Db) {
  await tx
    .insert(carriers)
    .values([
      {
        name: 'Demo Transborder Freight',
        scac: 'DTBF',
        mode: 'ltl',
        tariff: ltl('DTBF', 'Demo Transborder Freight', 7000, 14_500, TRANSBORDER),
      },
      { name: 'Demo Frontera Carga', scac: 'DFRC', mode: 'ltl', tariff: ltl('DFRC', 'Demo Frontera Carga', 6900, 13_000, FRONTERA) },
      { name: 'Demo Frontera Carga', scac: 'DFRC', mode: 'truckload', tariff: truckload },
      { name: 'Demo Transborder Parcel', scac: 'DTBP', mode: 'parcel', tariff: parcel, fuelBp: 1950 },
    ])
    .onConflictDoNothing();
  await seedTariffVersions(tx);
  await seedTrackingSecrets(tx);
}

/**
 * What Demo Frontera Carga states on its Carta Porte: a federal cargo permit (TPAF01), its
 * civil-liability policy, and the tractors, semitrailers and drivers its dispatch assigns. Clearly
 * demo plates, permit and RFCs, in the forms the SAT's schema takes.
 */
export async function seedMexicanFleet(tx: Db) {
  await tx
    .insert(mexicanCarrierFleets)
    .values({
      scac: 'DFRC',
      permitType: 'TPAF01',
      permitNumber: 'DEMO-SICT-0042-2024',
      insurer: 'Seguros Demo Frontera',
      policy: 'RC-DFRC-2026-001',
      trucks: [
        {
          configuration: 'T3S2',
          grossWeightTonnes: 41.5,
          plate: '15AK3D',
          modelYear: 2022,
          trailer: { subtype: 'CTR004', plate: '82UX4W' },
        },
        {
          configuration: 'T3S2',
          grossWeightTonnes: 41.5,
          plate: '27BN8F',
          modelYear: 2021,
          trailer: { subtype: 'CTR004', plate: '90TR2M' },
        },
        { configuration: 'C3', grossWeightTonnes: 18, plate: '41CM6H', modelYear: 2023, trailer: null },
      ],
      drivers: [
        { name: 'Ramiro Treviño Salas', rfc: 'TESR800315AB1', licence: 'FED0123456' },
        { name: 'Alejandra Cantú Ríos', rfc: 'CARA850722CD2', licence: 'FED0654321' },
      ],
    })
    .onConflictDoNothing();
}
