import type { PlaceView, ShipmentItemView } from '@freight/contracts';
import { map214, vicsBolNumber, zonedDate } from '@freight/domain';
import type { PricingContext } from '@freight/domain/pricing';
import type { ChargeLine } from '@freight/domain/rating';
import { and, eq } from 'drizzle-orm';
import { type DemoDockFinding, demoDockFinding } from '../carrier-adapters/tariff-carrier';
import { pricingProgramsService } from '../modules/pricing-programs/pricing-programs.service';
import { priceCarrierRate } from '../modules/quotes/quote-pricing';
import { laneColumns } from '../modules/shipments/shipments.service';
import { placeOffsetMinutes, zoneOf } from '../zones';
import type { Db } from './client';
import { carriers, shipmentEvents, shipmentReferences, shipments, users } from './schema';

/**
 * Demo shipments: the delivered ones behind the demo invoices (seed-invoices.ts), and Demo Shipper
 * Co's shipments on the road, so My Shipments, Tracking, the admin search and the
 * dashboard show every status at once: pending, dispatched, in transit, delayed by weather, an
 * attempted delivery waiting on the shipper ('Action Required'), delivered (the invoiced ones) and
 * canceled.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const NEVER_POLLED = new Date('9999-12-31T00:00:00Z');
let bolSerial = 0;

/** A demo place in the US, its dock open 8:00-16:30. */
export const place = (
  company: string,
  street1: string,
  city: string,
  state: string,
  postal_code: string,
  contact: [string, string],
): PlaceView => ({
  company,
  first_name: contact[0],
  last_name: contact[1],
  email: `receiving@${company.toLowerCase().replace(/[^a-z]+/g, '-')}.test`,
  phone: '(312) 555-0142',
  street1,
  street2: '',
  city,
  state,
  postal_code,
  country: 'US',
  interior_number: '',
  exterior_number: '',
  neighborhood: '',
  opens_at: '08:00',
  closes_at: '16:30',
});

const CHICAGO = place('Demo Shipper Co', '233 S Wacker Dr', 'Chicago', 'IL', '60606', ['Dana', 'Shipper']);
const LANES: [PlaceView, PlaceView][] = [
  [CHICAGO, place('Lone Star Hardware', '1500 Marilla St', 'Dallas', 'TX', '75201', ['Luis', 'Garza'])],
  [CHICAGO, place('Peach State Supply', '55 Trinity Ave SW', 'Atlanta', 'GA', '30303', ['Gina', 'Holt'])],
  [CHICAGO, place('Desert Tools', '200 W Washington St', 'Phoenix', 'AZ', '85003', ['Raul', 'Ortiz'])],
  [
    place('Other Freight LLC', '2200 Ross Ave', 'Dallas', 'TX', '75201', ['Omar', 'Other']),
    place('Bayou Parts', '1100 Poydras St', 'New Orleans', 'LA', '70163', ['Marie', 'Broussard']),
  ],
];

const ITEMS = (weight: number): ShipmentItemView[] => [
  {
    description: 'Shelving units, boxed',
    package_type: 'pallets',
    quantity: 2,
    length_in: 48,
    width_in: 40,
    height_in: 48,
    weight_lb: weight,
    freight_class: 70,
    nmfc: '',
    stackable: true,
    hazardous: false,
  },
];

/** The booked charges of a shipment of `linehaul` cents: freight, the carrier's discount, fuel and a liftgate. */
function bookedCharges(linehaul: number): ChargeLine[] {
  const discount = Math.round(linehaul * 0.68);
  const fuel = Math.round((linehaul - discount) * 0.31);
  return [
    { code: 'freight', label: 'quote.charges.freight', detail: '70', amount_cents: linehaul },
    { code: 'discount', label: 'quote.charges.discount', amount_cents: -discount },
    { code: 'fuel', label: 'quote.charges.fuel', amount_cents: fuel },
    { code: 'accessorial', label: 'quote.charges.accessorial', detail: 'liftgate_delivery', amount_cents: 7_500 },
  ];
}

/**
 * A demo shipment's money as booking stores it: the carrier's charges (US dollars) are the cost,
 * the programs in force on the pickup day make the price the shipper is billed.
 */
export async function pricedColumns(tx: Db, accountId: string, cost: ChargeLine[], context: PricingContext) {
  const programs = await pricingProgramsService({ db: tx, now: () => new Date(`${context.date}T12:00:00Z`) }).programsInForce(
    accountId,
    context.date,
  );
  const sold = priceCarrierRate(cost, context, programs, 'USD', { USD: 1, CAD: 1, MXN: 1 });
  return {
    totalCents: sold.total_cents,
    charges: sold.charges,
    costCents: sold.cost.total_cents,
    costLines: sold.cost.charges,
    pricingApplied: sold.cost.applied,
  };
}

/** A carrier event of a demo shipment: at one end of its lane, or at a terminal on the way. */
interface DemoEvent {
  code: string;
  reason?: string;
  at: Date;
  end: 'pickup' | 'delivery' | { city: string; state: string };
  description: string;
}

export interface DemoShipmentSpec {
  /** Keep the seeded events as the whole story: the demo tracking poll never asks for this shipment. */
  untracked?: boolean;
  lane: number;
  linehaul: number;
  /** The pickup (planned, when still ahead). */
  pickedUpAt: Date;
  /** When it was booked: the day before the pickup unless said. */
  bookedAt?: Date;
  estimatedDelivery: Date;
  /** Oldest first; the status is the last one's. */
  events: DemoEvent[];
  /** What its carrier's dock finds (a BOL the demo dock treats so); any finding when left out. */
  dock?: DemoDockFinding;
}

/** The next demo BOL number, skipping those the demo dock would not find as `dock`. */
function nextBol(dock?: DemoDockFinding): string {
  for (;;) {
    const bol = vicsBolNumber(9_000_000 + bolSerial++);
    if (!dock || demoDockFinding(bol) === dock) return bol;
  }
}

/** Inserts a demo LTL shipment with its carrier events; its status and Action Required follow the last event. */
export async function demoShipment(tx: Db, owner: { accountId: string; userId: string }, d: DemoShipmentSpec) {
  const [carrier] = await tx
    .select()
    .from(carriers)
    .where(and(eq(carriers.mode, 'ltl'), eq(carriers.scac, ['ODFL', 'SAIA', 'ABFS', 'EXLA'][d.lane % 4]!)));
  const [pickup, delivery] = LANES[d.lane]!;
  const pickupDate = zonedDate(d.pickedUpAt, zoneOf(pickup.state, pickup.country));
  const items = ITEMS(600);
  const priced = await pricedColumns(tx, owner.accountId, bookedCharges(d.linehaul), {
    mode: 'ltl',
    carrier_scac: carrier?.scac ?? 'ODFL',
    origin: { postal_code: pickup.postal_code, country: 'US', state: pickup.state },
    destination: { postal_code: delivery.postal_code, country: 'US', state: delivery.state },
    weight_lb: items.reduce((n, i) => n + i.quantity * i.weight_lb, 0),
    date: pickupDate,
  });
  const bol = nextBol(d.dock);
  const last = d.events.at(-1);
  const latest = last ? map214(last.code, last.reason) : null;
  const delivered = latest?.status === 'delivered' ? last?.at : undefined;
  const canceled = latest?.status === 'canceled' ? last?.at : undefined;
  const [row] = await tx
    .insert(shipments)
    .values({
      ...owner,
      rateId: 'demo',
      idempotencyKey: `demo-${bol}`,
      requestHash: 'demo',
      carrierId: carrier?.id ?? null,
      carrierName: carrier?.name ?? 'Demo carrier',
      scac: carrier?.scac ?? 'ODFL',
      mode: 'ltl',
      service: 'standard',
      status: latest?.status ?? 'pending',
      actionRequired: latest?.actionRequired ?? false,
      bolNumber: bol,
      proNumber: String(4_100_000_000 + bolSerial * 7919),
      pickupNumber: `PU${bolSerial}`,
      // A pickup date and a delivery date are calendar days where they happen (as a carrier's
      // events keep their place's time), neither UTC's nor the business's.
      pickupDate,
      readyTime: '09:00',
      closeTime: '16:00',
      estimatedDelivery: zonedDate(d.estimatedDelivery, zoneOf(delivery.state, delivery.country)),
      transitDays: 3,
      pickup,
      delivery,
      ...laneColumns(pickup, delivery),
      referenceType: 'po_number',
      referenceNumber: `PO-${40_000 + bolSerial}`,
      references: [{ type: 'po_number', value: `PO-${40_000 + bolSerial}` }],
      referenceText: `PO-${40_000 + bolSerial}`,
      items,
      accessorials: ['liftgate_delivery'],
      currency: 'USD',
      ...priced,
      declaredValueCents: 800_000,
      deliveredAt: delivered ?? null,
      canceledAt: canceled ?? null,
      // The poll asks for shipments last tracked over 5 minutes ago: one 'tracked' far ahead is never due.
      trackedAt: d.untracked ? NEVER_POLLED : null,
      createdAt: d.bookedAt ?? new Date(d.pickedUpAt.getTime() - DAY),
    })
    .returning();
  await tx.insert(shipmentReferences).values({ shipmentId: row!.id, position: 0, type: 'po_number', value: row!.referenceNumber });
  if (d.events.length) {
    await tx.insert(shipmentEvents).values(
      d.events.map((e) => {
        const at = e.end === 'pickup' ? pickup : e.end === 'delivery' ? delivery : e.end;
        return {
          shipmentId: row!.id,
          source: 'carrier' as const,
          dedupeKey: `demo:${e.code}:${e.at.toISOString()}`,
          statusCode: e.code,
          reasonCode: e.reason ?? null,
          status: map214(e.code, e.reason)?.status ?? 'in_transit',
          description: e.description,
          city: at.city,
          state: at.state,
          occurredAt: e.at,
          utcOffsetMinutes: placeOffsetMinutes(at.state, 'US', e.at),
          receivedAt: e.at,
        };
      }),
    );
  }
  return row!;
}

/** Demo Shipper Co's shipments on the road, one of each moving status. */
export async function seedDemoShipments(tx: Db, now: Date) {
  const [user] = await tx.select().from(users).where(eq(users.email, 'shipper@demo.test'));
  if (!user?.accountId) return;
  const owner = { accountId: user.accountId, userId: user.id };
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const ahead = (days: number) => new Date(now.getTime() + days * DAY);
  // Booked today for pickup in two days: no event yet.
  await demoShipment(tx, owner, {
    lane: 0,
    linehaul: 118_000,
    pickedUpAt: ahead(2),
    bookedAt: ago(2),
    estimatedDelivery: ahead(5),
    events: [],
  });
  await demoShipment(tx, owner, {
    lane: 1,
    linehaul: 96_000,
    pickedUpAt: ahead(1),
    bookedAt: ago(6),
    estimatedDelivery: ahead(3),
    events: [{ code: 'XB', at: ago(3), end: 'pickup', description: 'Tender accepted' }],
  });
  // In transit, and it stays so: the demo's one LTL shipment on the road, which staff find by that
  // status (the browser scenarios of Admin Shipments among them). Moved on by the poll, one run in
  // eight met weather on its way (the demo carriers' roll, by the shipment's id) and it was Delayed
  // before anyone looked.
  await demoShipment(tx, owner, {
    untracked: true,
    lane: 1,
    linehaul: 104_000,
    pickedUpAt: ago(30),
    estimatedDelivery: ahead(1),
    events: [
      { code: 'AF', at: ago(30), end: 'pickup', description: 'Picked up' },
      { code: 'X4', at: ago(8), end: { city: 'Indianapolis', state: 'IN' }, description: 'Arrived at terminal' },
    ],
  });
  // The delayed one and the one waiting on the shipper keep their story too; the two before the pickup move on with the demo poll.
  await demoShipment(tx, owner, {
    untracked: true,
    lane: 0,
    linehaul: 142_000,
    pickedUpAt: ago(50),
    estimatedDelivery: ahead(1),
    events: [
      { code: 'AF', at: ago(50), end: 'pickup', description: 'Picked up' },
      { code: 'SD', reason: 'AO', at: ago(5), end: { city: 'Springfield', state: 'MO' }, description: 'Delayed by weather' },
    ],
  });
  await demoShipment(tx, owner, {
    untracked: true,
    lane: 2,
    linehaul: 175_000,
    pickedUpAt: ago(96),
    estimatedDelivery: ago(2),
    events: [
      { code: 'AF', at: ago(96), end: 'pickup', description: 'Picked up' },
      { code: 'X6', at: ago(7), end: 'delivery', description: 'Out for delivery' },
      { code: 'AH', at: ago(3), end: 'delivery', description: 'Delivery attempted: consignee closed' },
    ],
  });
  // Canceled by the shipper before pickup: the last of the six statuses.
  await demoShipment(tx, owner, {
    untracked: true,
    lane: 2,
    linehaul: 88_000,
    pickedUpAt: ago(20),
    bookedAt: ago(44),
    estimatedDelivery: ahead(2),
    events: [{ code: 'CA', reason: 'B1', at: ago(26), end: 'pickup', description: 'Canceled by the shipper' }],
  });
}
