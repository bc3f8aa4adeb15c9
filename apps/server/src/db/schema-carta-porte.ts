import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shipments } from './schema-shipments';

export interface FleetTruck {
  /** c_ConfigAutotransporte (T3S2: a tractor with three axles and a two-axle semitrailer). */
  configuration: string;
  grossWeightTonnes: number;
  plate: string;
  modelYear: number;
  /** c_SubTipoRem and plate of the semitrailer it pulls, if any. */
  trailer: { subtype: string; plate: string } | null;
}

export interface FleetDriver {
  name: string;
  rfc: string;
  licence: string;
}

/**
 * What a Mexican carrier states on every Carta Porte of its trucks: its SCT permit, its
 * civil-liability insurer, and the trucks and drivers it dispatches. By SCAC, as one carrier may
 * be listed once per mode.
 */
export const mexicanCarrierFleets = pgTable('mexican_carrier_fleets', {
  scac: text('scac').primaryKey(),
  permitType: text('permit_type').notNull(),
  permitNumber: text('permit_number').notNull(),
  insurer: text('insurer').notNull(),
  policy: text('policy').notNull(),
  trucks: jsonb('trucks').$type<FleetTruck[]>().notNull(),
  drivers: jsonb('drivers').$type<FleetDriver[]>().notNull(),
});

/**
 * Each stamped Carta Porte of a shipment's Mexican leg, every version kept: a correction stamps a
 * new one (the reason says why), and the newest is the one the truck carries.
 */
export const cartaPortes = pgTable(
  'carta_portes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The fiscal folio the certifier gave it (the TimbreFiscalDigital's UUID). */
    uuid: text('uuid').notNull(),
    idCcp: text('id_ccp').notNull(),
    xml: text('xml').notNull(),
    stampedAt: timestamp('stamped_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    /** The version of the shipment's declaration it was written from. */
    customsVersion: integer('customs_version').notNull().default(1),
  },
  (t) => [uniqueIndex('carta_portes_shipment_version').on(t.shipmentId, t.version)],
);
