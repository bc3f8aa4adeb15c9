import { createHmac } from 'node:crypto';
import type { HazmatDetails, PlaceView, ShipmentItemView } from '@freight/contracts';
import { vicsBolNumber } from '@freight/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carriers, invoices, shipmentEvents, shipments, userSettings, users } from '../../db/schema';

/**
 * Shipments for the documents and tracking tests, written straight into the table (the booking
 * endpoint is another module's): realistic places, items, charges and numbers.
 */
let serial = 7_000_000 + Math.floor(Math.random() * 1_000_000);

export const CHICAGO_DOCK: PlaceView = {
  company: 'Demo Shipper Co',
  first_name: 'Dana',
  last_name: 'Shipper',
  email: 'dock@demo-shipper.test',
  phone: '(312) 555-0142',
  street1: '233 S Wacker Dr',
  street2: 'Dock 4',
  city: 'Chicago',
  state: 'IL',
  postal_code: '60606',
  country: 'US',
  interior_number: '',
  exterior_number: '',
  neighborhood: '',
  opens_at: '08:00',
  closes_at: '17:00',
};

export const DALLAS_STORE: PlaceView = {
  company: 'Lone Star Hardware',
  first_name: 'Luis',
  last_name: 'Garza',
  email: 'receiving@lonestar-hardware.test',
  phone: '(214) 555-0177',
  street1: '1500 Marilla St',
  street2: '',
  city: 'Dallas',
  state: 'TX',
  postal_code: '75201',
  country: 'US',
  interior_number: '',
  exterior_number: '',
  neighborhood: '',
  opens_at: '07:00',
  closes_at: '15:30',
};

export const LTL_ITEMS: ShipmentItemView[] = [
  {
    description: 'Cordless drill kits, boxed',
    package_type: 'pallets',
    quantity: 2,
    length_in: 48,
    width_in: 40,
    height_in: 52,
    weight_lb: 610,
    freight_class: 70,
    nmfc: '133300-02',
    stackable: false,
    hazardous: false,
  },
  {
    description: 'Lithium ion batteries',
    package_type: 'crates',
    quantity: 1,
    length_in: 40,
    width_in: 30,
    height_in: 30,
    weight_lb: 240,
    freight_class: 85,
    nmfc: '',
    stackable: true,
    hazardous: true,
  },
];

export const PARCEL_ITEMS: ShipmentItemView[] = [
  {
    description: 'Replacement filters',
    package_type: 'boxes',
    quantity: 3,
    length_in: 18,
    width_in: 12,
    height_in: 10,
    weight_lb: 14,
    freight_class: null,
    nmfc: '',
    stackable: true,
    hazardous: false,
  },
];

export const BATTERY_HAZMAT: HazmatDetails = {
  proper_name: 'Lithium ion batteries',
  hazard_class: '9',
  un_number: 'UN3480',
  packing_group: 'II',
  emergency_contact: 'CHEMTREC',
  emergency_phone: '(800) 424-9300',
};

export interface FixtureOptions {
  email?: string;
  mode?: 'ltl' | 'parcel' | 'truckload';
  scac?: string;
  status?: (typeof shipments.$inferInsert)['status'];
  paymentState?: (typeof shipments.$inferInsert)['paymentState'];
  pickupDate?: string;
  estimatedDelivery?: string;
  transitDays?: number;
  notifyConsignee?: boolean;
  hazardous?: boolean;
  proNumber?: string | null;
  trackingNumber?: string | null;
}

/** A carrier of the seeded tariff carriers, by SCAC. */
export async function carrierByScac(db: Db, scac: string) {
  const [row] = await db.select().from(carriers).where(eq(carriers.scac, scac));
  if (!row) throw new Error(`no carrier ${scac}`);
  return row;
}

/** Gives the carrier a tracking secret (HMAC key of its signed tracking events). */
export async function setTrackingSecret(db: Db, scac: string, secret: string | null) {
  await db.update(carriers).set({ trackingSecret: secret }).where(eq(carriers.scac, scac));
}

/** The X-Signature header of a body signed with `secret`. */
export function signature(secret: string, body: string) {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export async function userByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  if (!row?.accountId) throw new Error(`no customer ${email}`);
  return { ...row, accountId: row.accountId };
}

export async function setUserSettings(db: Db, email: string, patch: Partial<typeof userSettings.$inferInsert>) {
  const user = await userByEmail(db, email);
  await db
    .update(userSettings)
    .set(patch)
    .where(and(eq(userSettings.userId, user.id)));
}

/** Inserts a booked shipment of the user's account; answers the row. */
export async function insertShipment(db: Db, opts: FixtureOptions = {}) {
  const mode = opts.mode ?? 'ltl';
  const user = await userByEmail(db, opts.email ?? 'shipper@demo.test');
  const carrier = await carrierByScac(db, opts.scac ?? (mode === 'parcel' ? 'UPSN' : mode === 'truckload' ? 'DVLN' : 'ODFL'));
  const bol = vicsBolNumber(serial++);
  const items = mode === 'parcel' ? PARCEL_ITEMS : opts.hazardous === false ? LTL_ITEMS.slice(0, 1) : LTL_ITEMS;
  const hazardous = mode !== 'parcel' && opts.hazardous !== false;
  const [row] = await db
    .insert(shipments)
    .values({
      accountId: user.accountId,
      userId: user.id,
      rateId: 'rate-1',
      idempotencyKey: `fixture-${bol}`,
      requestHash: 'fixture',
      carrierId: carrier.id,
      carrierName: carrier.name,
      scac: carrier.scac,
      mode,
      service: mode === 'parcel' ? 'ground' : mode === 'truckload' ? 'dry_van' : 'standard',
      status: opts.status ?? 'pending',
      bolNumber: bol,
      proNumber:
        opts.proNumber === undefined ? (mode === 'parcel' ? null : String(1_000_000_000 + (serial % 900_000_000))) : opts.proNumber,
      pickupNumber: mode === 'parcel' ? null : `PU${serial}`,
      trackingNumber: opts.trackingNumber === undefined ? (mode === 'parcel' ? `1Z4X7Y2803${serial}` : null) : opts.trackingNumber,
      pickupDate: opts.pickupDate ?? '2026-11-24',
      readyTime: '09:00',
      closeTime: '16:00',
      deliveryAppointment: mode !== 'parcel',
      deliveryDate: mode !== 'parcel' ? '2026-11-27' : null,
      estimatedDelivery: opts.estimatedDelivery ?? '2026-11-27',
      transitDays: opts.transitDays ?? 2,
      pickup: CHICAGO_DOCK,
      delivery: DALLAS_STORE,
      originCity: CHICAGO_DOCK.city,
      originState: CHICAGO_DOCK.state,
      originPostalCode: CHICAGO_DOCK.postal_code,
      originCountry: CHICAGO_DOCK.country,
      destinationCity: DALLAS_STORE.city,
      destinationState: DALLAS_STORE.state,
      destinationPostalCode: DALLAS_STORE.postal_code,
      destinationCountry: DALLAS_STORE.country,
      referenceType: 'po_number',
      referenceNumber: 'PO-88412',
      notes: 'Call receiving 30 minutes before arrival',
      pickupNote: mode === 'parcel' ? 'pickup_confirmed' : null,
      hazardous,
      hazmat: hazardous ? BATTERY_HAZMAT : null,
      items,
      accessorials: mode === 'ltl' ? ['liftgate_delivery'] : [],
      currency: 'USD',
      totalCents: 48_731,
      charges: [
        { code: 'freight', label: 'quote.charge.freight', amount_cents: 41_200 },
        { code: 'fuel', label: 'quote.charge.fuel', amount_cents: 7_531 },
      ],
      declaredValueCents: 1_250_000,
      insurance: null,
      notifyConsignee: opts.notifyConsignee ?? false,
      paymentState: opts.paymentState ?? 'not_required',
    })
    .returning();
  if (!row) throw new Error('shipment insert returned no row');
  return row;
}

/** A carrier's tracking event of a shipment (XB tendered, AF picked up, D1 delivered), as the 214 feed stores it. */
export function insertCarrierEvent(
  db: Db,
  shipmentId: string,
  code: string,
  status: 'dispatched' | 'in_transit' | 'delivered',
  at: string,
) {
  return db
    .insert(shipmentEvents)
    .values({ shipmentId, source: 'carrier', dedupeKey: `${code}-${at}`, statusCode: code, status, occurredAt: new Date(at) });
}

/**
 * The adjustment invoice of a carrier's correction (a reweigh from 840 to 1,000 lb, or a reclass),
 * as accounting's approval issues it: `cents` billed over the shipment's quoted total.
 */
export async function insertAdjustmentInvoice(
  db: Db,
  shipmentId: string,
  a: { number: string; kind: 'reweigh' | 'reclass'; cents: number; invoiceDate: string; dueDate: string },
) {
  const [s] = await db.select().from(shipments).where(eq(shipments.id, shipmentId));
  if (!s) throw new Error('no shipment');
  await db.insert(invoices).values({
    accountId: s.accountId,
    shipmentId,
    number: a.number,
    type: 'adjustment',
    invoiceDate: a.invoiceDate,
    dueDate: a.dueDate,
    currency: s.currency,
    charges: [],
    correction: { kind: a.kind, quoted_weight_lb: 840, invoiced_weight_lb: 1_000, quoted_class: 70, invoiced_class: 70 },
    quotedTotalCents: s.totalCents,
    totalCents: a.cents,
    balanceCents: a.cents,
  });
}
