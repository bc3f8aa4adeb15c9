import { createHash } from 'node:crypto';
import type { AccountAddress, CustomsStage, PlaceView, ShipmentItemView } from '@freight/contracts';
import { type Country, vicsBolNumber, zonedDate } from '@freight/domain';
import { customsStage } from '@freight/domain/customs';
import { addBusinessDays, addDays, CROSSING_CHARGE_DETAILS, type FreightClass, isBusinessDay } from '@freight/domain/rating';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { CarrierEvent, CarrierRate, RatePlace, TrackedShipment } from '../carrier-adapters/adapter';
import { demoHeldAtBorder } from '../carrier-adapters/demo-crossing';
import { demoDelayed, demoEventsUntil, seedOf } from '../carrier-adapters/demo-timeline';
import { TariffCarrier } from '../carrier-adapters/tariff-carrier';
import { withoutOwnBrokers } from '../modules/customs/customs-checks';
import { trackedShipment } from '../modules/shipments/shipments.presenter';
import { laneColumns } from '../modules/shipments/shipments.service';
import { deriveStatus } from '../modules/tracking/status';
import { eventRow } from '../modules/tracking/tracking.service';
import { usersRepository } from '../modules/users/users.repository';
import { usmcaService } from '../modules/usmca/usmca.service';
import { zoneOf } from '../zones';
import type { Db } from './client';
import { accounts, carriers, dieselPrices, shipmentEvents, shipmentReferences, shipments, users } from './schema';
import { CROSSINGS, type CrossingSpec, FRONTERA_DOCK } from './seed-crossings-lanes';
import { pricedColumns } from './seed-shipments';
import { seedDemoCertification } from './seed-usmca';

/**
 * Frontera Trading Co, a Chicago importer and exporter with a login of its own (border@demo.test),
 * and five of its LTL shipments across the border, one at each customs stage the staff queue
 * (/admin/customs) shows. An account of its own, so the counts of the other demo accounts, which
 * scenarios and tests read, stay as they were.
 *
 * Their events are the demo carriers' own timeline (tracking/demo-timeline.ts) up to `now`, stored
 * as the tracking poll stores them, so the poll goes on from there without a duplicate or a
 * contradiction: each shipment's pickup day and id are chosen among recent business days and a
 * fixed series of ids so that its timeline stands at the wanted stage now. The stay at the border
 * is short, so at some hours the one at the border is kept as it stood there, out of the poll's
 * way, as seed-shipments.ts keeps its shipments with a fixed story.
 */

export const DEMO_CROSSINGS_ACCOUNT = { name: 'Frontera Trading Co', email: 'border@demo.test' } as const;

const ADDRESS: AccountAddress = {
  first_name: FRONTERA_DOCK.first_name,
  last_name: FRONTERA_DOCK.last_name,
  email: DEMO_CROSSINGS_ACCOUNT.email,
  phone: '(312) 555-0176',
  company: DEMO_CROSSINGS_ACCOUNT.name,
  street1: FRONTERA_DOCK.street1,
  street2: '',
  city: FRONTERA_DOCK.city,
  state: FRONTERA_DOCK.state,
  postal_code: FRONTERA_DOCK.postal_code,
  country: 'US',
};

const DAY = 86_400_000;
const NEVER_POLLED = new Date('9999-12-31T00:00:00Z');
/** Ids tried per pickup day: the timeline's times and its one-in-four hold at the border go by the id. */
const IDS_PER_DAY = 48;
/** Business days back from today a pickup is looked for. */
const PICKUP_DAYS_BACK = 8;

/** A shipment id of the series for `key`, in UUID form: the same `now` seeds the same demo. */
function crossingId(key: string, n: number) {
  const h = createHash('sha256').update(`demo-crossing:${key}:${n}`).digest('hex');
  const variant = ((Number.parseInt(h[16] as string, 16) & 3) | 8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Business days at the origin, today first, back PICKUP_DAYS_BACK of them. */
function recentPickupDays(now: Date, origin: PlaceView): string[] {
  const country = origin.country as Country;
  const today = zonedDate(now, zoneOf(origin.state, country));
  const days: string[] = [];
  for (let back = 0; days.length < PICKUP_DAYS_BACK && back < 30; back++) {
    const day = addDays(today, -back);
    if (isBusinessDay(day, country)) days.push(day);
  }
  return days;
}

const ratePlace = (p: PlaceView): RatePlace => ({
  postal_code: p.postal_code,
  country: p.country as RatePlace['country'],
  site_type: 'business',
  city: p.city,
  state: p.state,
});

/** The carrier's rate for the pickup day, by the real engine with the diesel week of that day. */
async function rateOn(tx: Db, carrier: TariffCarrier, spec: CrossingSpec, pickupDate: string): Promise<CarrierRate> {
  const [diesel] = await tx
    .select({ usd: dieselPrices.usdPerGallon })
    .from(dieselPrices)
    .where(lte(dieselPrices.weekOf, pickupDate))
    .orderBy(desc(dieselPrices.weekOf))
    .limit(1);
  const rated = await carrier.rate({
    mode: 'ltl',
    pickup_date: pickupDate,
    origin: ratePlace(spec.pickup),
    destination: ratePlace(spec.delivery),
    stops: [],
    // Across the border the engine measures each side's road through the port itself.
    road_miles: 0,
    direct_miles: 0,
    items: spec.items.map((i) => ({
      package_type: i.package_type,
      quantity: i.quantity,
      length_in: i.length_in,
      width_in: i.width_in,
      height_in: i.height_in,
      unit_weight_lb: i.weight_lb,
      freight_class: (i.freight_class ?? undefined) as FreightClass | undefined,
      stackable: i.stackable,
      hazardous: i.hazardous,
    })),
    accessorials: [],
    declared_value_cents: 0,
    diesel_usd_per_gal: diesel?.usd ?? 3.652,
    signature: 'none',
    unit_system: 'imperial',
    currency: 'USD',
  });
  if (rated.status !== 'rated' || !rated.crossing) throw new Error(`${carrier.carrier.scac} rates no crossing for ${spec.key}`);
  return rated;
}

/** The afternoon before the pickup, and never after `now`: when the shipper booked. */
function bookedAtFor(pickupDate: string, now: Date) {
  return new Date(Math.min(Date.parse(`${pickupDate}T20:00:00Z`) - DAY, now.getTime() - 30 * 60_000));
}

/** Where the shipment stands with customs given its timeline's events so far. */
function stageOf(spec: CrossingSpec, shipment: TrackedShipment, events: readonly CarrierEvent[], bookedAt: Date): CustomsStage {
  return customsStage({
    crossing: shipment.crossing as NonNullable<TrackedShipment['crossing']>,
    originCountry: shipment.origin.country,
    declared: true,
    entryNumber: spec.entryNumber,
    correctedAt: null,
    bookedAt,
    events: events.map((e) => ({
      statusCode: e.status_code,
      reasonCode: e.reason_code,
      city: e.city,
      state: e.state,
      occurredAt: new Date(e.occurred_at),
    })),
  }).stage;
}

interface Timing {
  id: string;
  pickupDate: string;
  rate: CarrierRate;
  bookedAt: Date;
  /** Kept as it stood: the first `keep` events of its timeline, and the poll never asks for more (null: it moves on). */
  keep: number | null;
}

const pickedUp = (events: readonly CarrierEvent[]) => events.some((e) => e.status_code === 'AF');

/**
 * When `spec`'s shipment is picked up and which id of its series it has, so that its demo timeline
 * stands where `spec` wants it at `now` (the stage, held or not, the last event it asks for),
 * never with the demo's weather on the way. Preferred: the latest pickup day that has it there
 * now, then a pickup on the next business day (no event yet: before the border). A stay at the
 * border lasts an hour or two, so an hour may have no such day: then a timeline that passed
 * through the stage, kept as it stood there.
 */
async function crossingTiming(tx: Db, carrier: TariffCarrier, spec: CrossingSpec, now: Date): Promise<Timing> {
  const rates = new Map<string, CarrierRate>();
  async function* tries(days: string[]) {
    for (const pickupDate of days) {
      const rate = rates.get(pickupDate) ?? (await rateOn(tx, carrier, spec, pickupDate));
      rates.set(pickupDate, rate);
      const bookedAt = bookedAtFor(pickupDate, now);
      for (let n = 0; n < IDS_PER_DAY; n++) {
        const id = crossingId(spec.key, n);
        if (demoDelayed(id) || demoHeldAtBorder(seedOf(`${id}:customs`)) !== spec.held) continue;
        const t: Timing = { id, pickupDate, rate, bookedAt, keep: null };
        yield { t, events: demoEventsUntil(tracked(spec, t), carrier.carrier, now) };
      }
    }
  }
  const fits = (t: Timing, events: readonly CarrierEvent[]) =>
    (!spec.lastCode || events.at(-1)?.status_code === spec.lastCode) && stageOf(spec, tracked(spec, t), events, t.bookedAt) === spec.stage;
  const recent = recentPickupDays(now, spec.pickup);
  for await (const { t, events } of tries(recent)) if (pickedUp(events) && fits(t, events)) return t;
  const country = spec.pickup.country as Country;
  const tomorrow = addBusinessDays(zonedDate(now, zoneOf(spec.pickup.state, country)), 1, country);
  for await (const { t, events } of tries([tomorrow])) if (fits(t, events)) return t;
  for await (const { t, events } of tries(recent)) {
    for (let keep = events.length; keep > 0; keep--) {
      const story = events.slice(0, keep);
      if (pickedUp(story) && fits(t, story)) return { ...t, keep };
    }
  }
  throw new Error(`no demo timing for ${spec.key}`);
}

/** The shipment as the demo carrier's tracking sees it before it is stored (trackedShipment's shape). */
function tracked(spec: CrossingSpec, t: Timing): TrackedShipment {
  return {
    id: t.id,
    bol_number: '',
    pro_number: null,
    mode: 'ltl',
    pickup_date: t.pickupDate,
    ready_time: spec.readyTime,
    transit_days: t.rate.transit_days,
    estimated_delivery: t.rate.estimated_delivery,
    origin: { city: spec.pickup.city, state: spec.pickup.state, country: spec.pickup.country },
    destination: { city: spec.delivery.city, state: spec.delivery.state, country: spec.delivery.country },
    crossing: t.rate.crossing ?? null,
    customs_corrected_at: null,
  };
}

/** Frontera Trading Co with its one user, and its five shipments across the border. */
export async function seedDemoCrossings(tx: Db, now: Date, passwordHash: string) {
  // A database seeded by an earlier release gets this part later: someone may have taken the address since.
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CROSSINGS_ACCOUNT.email));
  if (taken) return;
  const [account] = await tx
    .insert(accounts)
    .values({ name: DEMO_CROSSINGS_ACCOUNT.name, companyAddress: ADDRESS, accountAddress: ADDRESS, billingAddress: ADDRESS })
    .returning();
  if (!account) throw new Error('the demo crossings account was not created');
  const user = await usersRepository(tx).create({
    accountId: account.id,
    firstName: ADDRESS.first_name,
    lastName: ADDRESS.last_name,
    email: DEMO_CROSSINGS_ACCOUNT.email,
    phone: ADDRESS.phone,
    passwordHash,
    emailVerifiedAt: now,
  });
  const owner = { accountId: account.id, userId: user.id };
  await seedDemoCertification(tx, owner, now);
  for (const [n, spec] of CROSSINGS.entries()) await crossingShipment(tx, owner, spec, n, now);
}

async function crossingShipment(tx: Db, owner: { accountId: string; userId: string }, spec: CrossingSpec, n: number, now: Date) {
  const [row] = await tx
    .select()
    .from(carriers)
    .where(and(eq(carriers.mode, 'ltl'), eq(carriers.scac, spec.scac)));
  if (!row) return;
  const carrier = new TariffCarrier(row);
  const t = await crossingTiming(tx, carrier, spec, now);
  const { pickup, delivery, customs } = spec;
  const items: ShipmentItemView[] = spec.items;
  const priced = await pricedColumns(tx, owner.accountId, withoutOwnBrokers(t.rate.lines, customs), {
    mode: 'ltl',
    carrier_scac: spec.scac,
    origin: { postal_code: pickup.postal_code, country: pickup.country as Country, state: pickup.state },
    destination: { postal_code: delivery.postal_code, country: delivery.country as Country, state: delivery.state },
    weight_lb: items.reduce((sum, i) => sum + i.quantity * i.weight_lb, 0),
    date: t.pickupDate,
  });
  // As a booking does: the services its rate charges for (an overlength pallet), not what crossing costs.
  const accessorials = t.rate.lines.flatMap((l) =>
    l.code === 'accessorial' && l.detail && !CROSSING_CHARGE_DETAILS.includes(l.detail) ? [l.detail] : [],
  );
  const bol = vicsBolNumber(9_800_000 + n);
  const reference = { type: 'po_number', value: spec.poNumber };
  const [shipment] = await tx
    .insert(shipments)
    .values({
      ...owner,
      id: t.id,
      rateId: 'demo',
      idempotencyKey: `demo-${bol}`,
      requestHash: 'demo',
      carrierId: row.id,
      carrierName: row.name,
      scac: row.scac,
      mode: 'ltl',
      service: t.rate.service,
      bolNumber: bol,
      proNumber: String(4_800_000_000 + n * 7919),
      pickupNumber: `PU${80 + n}`,
      pickupDate: t.pickupDate,
      readyTime: spec.readyTime,
      closeTime: '16:00',
      estimatedDelivery: t.rate.estimated_delivery,
      transitDays: t.rate.transit_days,
      crossing: t.rate.crossing ?? null,
      customs: await usmcaService(tx).certified(customs, {
        ...owner,
        exporter: pickup,
        pickupDate: t.pickupDate,
        signedOn: t.bookedAt.toISOString().slice(0, 10),
      }),
      customsEntryNumber: spec.entryNumber,
      pickup,
      delivery,
      ...laneColumns(pickup, delivery),
      referenceType: reference.type,
      referenceNumber: reference.value,
      references: [reference],
      referenceText: reference.value,
      items,
      accessorials,
      currency: 'USD',
      ...priced,
      declaredValueCents: 0,
      // Its events are what the poll would have taken in by now: tracked now, asked again in 5 minutes.
      // One kept as it stood is 'tracked' far ahead, never due (the poll asks those tracked 5 minutes ago).
      trackedAt: t.keep === null ? now : NEVER_POLLED,
      createdAt: t.bookedAt,
      updatedAt: t.bookedAt,
    })
    .returning();
  if (!shipment) throw new Error(`demo crossing ${spec.key} was not stored`);
  await tx.insert(shipmentReferences).values({ shipmentId: shipment.id, position: 0, ...reference });
  // The events the poll would have taken in by now, from the stored row as the poll reads it.
  const events = demoEventsUntil(trackedShipment(shipment), carrier.carrier, now)
    .slice(0, t.keep ?? undefined)
    .map((event) => eventRow({ shipmentId: shipment.id, event }, 'poll', new Date(event.occurred_at)))
    .filter((e) => e !== null);
  if (!events.length) return;
  await tx.insert(shipmentEvents).values(events);
  const derived = deriveStatus(
    { status: 'pending', actionRequired: false, deliveredAt: null, canceledAt: null },
    events.map((e) => ({ ...e, reasonCode: e.reasonCode ?? null })),
  );
  await tx
    .update(shipments)
    .set({ status: derived.status, actionRequired: derived.actionRequired, updatedAt: derived.decisive?.occurredAt ?? t.bookedAt })
    .where(eq(shipments.id, shipment.id));
}
