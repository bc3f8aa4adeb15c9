import type { PlaceView } from '@freight/contracts';
import { addCalendarDays, vicsBolNumber } from '@freight/domain';
import { estimatedDelivery, nextBusinessDay, ratesWithinOneCountry } from '@freight/domain/rating';
import { asc, eq } from 'drizzle-orm';
import { transitSummary } from '../modules/delivery-windows/transit-summary';
import type { Db } from './client';
import { accounts, carriers, shipmentEvents, shipments, users } from './schema';
import { place } from './seed-shipments';

/** Far ahead: the demo tracking poll never asks about these (their events are their whole story). */
const NEVER_POLLED = new Date('9999-12-31T00:00:00Z');
const DOCK: [string, string] = ['Pat', 'Dock'];
const CHICAGO = place('Lakeside Supply Co', '401 N Lake Shore Dr', 'Chicago', 'IL', '60611', DOCK);
const DALLAS = place('Trinity Mill Supply', '2100 Ross Ave', 'Dallas', 'TX', '75201', DOCK);
const ATLANTA = place('Peachtree Builders', '191 Peachtree St NE', 'Atlanta', 'GA', '30303', DOCK);
const PHOENIX = place('Sonoran Fixtures', '100 N 1st Ave', 'Phoenix', 'AZ', '85003', DOCK);
/** Deliveries per carrier and lane: above the 20 a window needs (with the scorecards' few on IL -> TX, more). */
const PER_LANE = 24;
/** Of every 20 deliveries, how many days past the lane's usual transit: 11 on it, 6 a day more, 3 two more. */
const LATENESS = [0, 1, 0, 0, 2, 0, 1, 0, 0, 1, 0, 2, 0, 1, 0, 0, 1, 0, 2, 1];

/**
 * A year of delivered loads for the learned delivery windows (docs/delivery-windows.md), booked by
 * Lakeside Supply Co (no demo login's screens change): every carrier but the last LTL one on
 * Chicago -> Dallas, the demo quote's lane, and a few on Chicago -> Atlanta and Phoenix, the demo
 * shipper's other lanes, so its rates and tracked shipments show windows; the last LTL carrier
 * keeps its promise (too little history). Counted into the histogram at once.
 */
export async function seedDemoDeliveryWindows(tx: Db, now: Date, timeZone: string) {
  const [account] = await tx.select().from(accounts).where(eq(accounts.name, 'Lakeside Supply Co'));
  const [user] = account ? await tx.select().from(users).where(eq(users.accountId, account.id)) : [];
  if (!account || !user) return;
  const list = (await tx.select().from(carriers).orderBy(asc(carriers.scac))).filter(
    (c) => c.mode !== 'truckload' && ratesWithinOneCountry(c.tariff),
  );
  const ltl = list.filter((c) => c.mode === 'ltl');
  const thin = ltl[ltl.length - 1]?.id;
  const today = now.toISOString().slice(0, 10);
  let serial = 0;
  for (const [ci, carrier] of list.entries()) {
    if (carrier.id === thin) continue;
    const lanes = [
      DALLAS,
      ...(['ODFL', 'SAIA', 'EXLA'].includes(carrier.scac) ? [ATLANTA] : []),
      ...(carrier.scac === 'ABFS' ? [PHOENIX] : []),
    ];
    // The carrier's usual transit on the lane: parcel a day or two, LTL two or three (farther: one more).
    const usual = carrier.mode === 'parcel' ? 1 + (ci % 2) : 2 + (ci % 2);
    for (const [li, destination] of lanes.entries()) {
      for (let n = 0; n < PER_LANE; n++) {
        serial += 1;
        const pickupDate = nextBusinessDay(addCalendarDays(today, -(12 + n * 14 + ci + li * 3)), 'US');
        const days = usual + li + (LATENESS[(n + ci) % LATENESS.length] ?? 0);
        const deliveredDay = estimatedDelivery(pickupDate, days, 'US');
        const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
        const bol = vicsBolNumber(9_700_000 + serial);
        const total = 30_000 + ((ci * 997 + n * 131) % 50_000);
        const parcel = carrier.mode === 'parcel';
        const [row] = await tx
          .insert(shipments)
          .values({
            accountId: account.id,
            userId: user.id,
            rateId: 'demo-delivery-windows',
            idempotencyKey: `demo-delivery-windows-${bol}`,
            requestHash: 'demo',
            carrierId: carrier.id,
            carrierName: carrier.name,
            scac: carrier.scac,
            mode: carrier.mode,
            service: parcel ? 'ground' : 'standard',
            status: 'delivered',
            bolNumber: bol,
            proNumber: parcel ? null : String(5_300_000_000 + serial * 7919),
            trackingNumber: parcel ? `1Z9DW${String(serial).padStart(10, '0')}` : null,
            pickupDate,
            readyTime: '09:00',
            closeTime: '16:00',
            estimatedDelivery: deliveredDay,
            transitDays: usual + li,
            pickup: CHICAGO,
            delivery: destination,
            originCity: CHICAGO.city,
            originState: CHICAGO.state,
            originPostalCode: CHICAGO.postal_code,
            originCountry: 'US',
            destinationCity: destination.city,
            destinationState: destination.state,
            destinationPostalCode: destination.postal_code,
            destinationCountry: 'US',
            referenceType: 'po_number',
            referenceNumber: `LW-${80_000 + serial}`,
            references: [{ type: 'po_number', value: `LW-${80_000 + serial}` }],
            referenceText: `LW-${80_000 + serial}`,
            items: [
              {
                description: 'Plumbing fixtures, crated',
                package_type: parcel ? 'boxes' : 'pallets',
                quantity: 1,
                length_in: 48,
                width_in: 40,
                height_in: 40,
                weight_lb: parcel ? 40 : 650,
                freight_class: parcel ? null : 85,
                nmfc: '',
                stackable: true,
                hazardous: false,
              },
            ],
            accessorials: [],
            currency: 'USD',
            totalCents: total,
            costCents: Math.round(total * 0.84),
            charges: [{ code: 'freight', label: 'quote.charge.freight', amount_cents: total }],
            declaredValueCents: 200_000,
            deliveredAt: at(deliveredDay, 19),
            trackedAt: NEVER_POLLED,
            createdAt: at(addCalendarDays(pickupDate, -1), 14),
          })
          .returning({ id: shipments.id });
        if (!row) continue;
        const event = (code: string, status: 'in_transit' | 'delivered', when: Date, text: string, end: PlaceView) => ({
          shipmentId: row.id,
          source: 'carrier' as const,
          dedupeKey: `demo-delivery-windows-${code}`,
          statusCode: code,
          reasonCode: 'NS',
          status,
          description: text,
          city: end.city,
          state: end.state,
          occurredAt: when,
          utcOffsetMinutes: end === CHICAGO ? -360 : destination === PHOENIX ? -420 : -300,
        });
        await tx
          .insert(shipmentEvents)
          .values([
            event('AF', 'in_transit', at(pickupDate, 16), 'Departed pickup location', CHICAGO),
            event('D1', 'delivered', at(deliveredDay, 19), 'Delivered', destination),
          ]);
      }
    }
  }
  await transitSummary({ db: tx, now: () => now, config: { BUSINESS_TIME_ZONE: timeZone } }).full();
}
