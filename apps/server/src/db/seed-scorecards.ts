import type { PlaceView } from '@freight/contracts';
import { addCalendarDays, vicsBolNumber } from '@freight/domain';
import { estimatedDelivery, nextBusinessDay, ratesWithinOneCountry } from '@freight/domain/rating';
import { asc } from 'drizzle-orm';
import { monthOf } from '../modules/carrier-scorecards/scorecard-summary';
import type { Db } from './client';
import { accounts, carrierRateFailures, carriers, invoices, shipmentEvents, shipments, users } from './schema';
import { place } from './seed-shipments';

const DAY = 86_400_000;
/** Far ahead: the demo tracking poll never asks about these (their events are their whole story). */
const NEVER_POLLED = new Date('9999-12-31T00:00:00Z');

const DOCK: [string, string] = ['Pat', 'Dock'];
const ORIGIN = place('Lakeside Supply Co', '401 N Lake Shore Dr', 'Chicago', 'IL', '60611', DOCK);
const DESTINATIONS = [
  place('Gulf Coast Fixtures', '909 Fannin St', 'Houston', 'TX', '77010', DOCK),
  place('Peachtree Builders', '191 Peachtree St NE', 'Atlanta', 'GA', '30303', DOCK),
  place('Front Range Hardware', '1600 Broadway', 'Denver', 'CO', '80202', DOCK),
];

/**
 * A year of every demo carrier's loads for the staff's carrier scorecards, booked by their own
 * account (Lakeside Supply Co, which no demo login belongs to, so no shipper's screens change):
 * three loads per carrier and month, most on time, some picked up or delivered late, a truckload
 * tender now and then never answered, a reweigh or reclass now and then (an adjustment invoice,
 * paid), and a few failed rate requests per carrier and month. The summary's job counts them when
 * the app starts.
 */
export async function seedDemoScorecards(tx: Db, now: Date) {
  const [account] = await tx.insert(accounts).values({ name: 'Lakeside Supply Co', paymentTerms: 'credit' }).returning();
  if (!account) return;
  const [user] = await tx
    .insert(users)
    .values({ accountId: account.id, firstName: 'Lena', lastName: 'Lakeside', email: 'orders@lakeside-supply.test', passwordHash: 'x' })
    .returning();
  if (!user) return;
  // Their history is on domestic lanes: a carrier only across a border has none of it.
  const list = (await tx.select().from(carriers).orderBy(asc(carriers.scac))).filter((c) => ratesWithinOneCountry(c.tariff));
  const today = now.toISOString().slice(0, 10);
  let serial = 0;
  for (const [ci, carrier] of list.entries()) {
    const transit = carrier.mode === 'parcel' ? 1 : carrier.mode === 'truckload' ? 3 : 2;
    for (let m = 0; m < 12; m++) {
      await tx
        .insert(carrierRateFailures)
        .values({ carrierId: carrier.id, month: monthOf(addCalendarDays(today, -30 * m)), errors: (ci + m) % 4, timeouts: (ci * m) % 3 })
        .onConflictDoNothing();
      for (let s = 0; s < 3; s++) {
        serial += 1;
        const h = (ci * 7 + m * 3 + s) % 10;
        // A business day about m months back (the first after a day so far back).
        const pickupDate = nextBusinessDay(addCalendarDays(today, -(m * 30 + 7 + s * 9 + (ci % 3))), 'US');
        const unanswered = carrier.mode === 'truckload' && h === 9;
        const pickupLate = h === 0 || (h === 5 && ci % 2 === 1);
        const deliveryLate = h === 3 || (ci % 3 === 0 && h === 7);
        const pickedDay = pickupLate ? nextBusinessDay(pickupDate, 'US') : pickupDate;
        const due = estimatedDelivery(pickupDate, transit, 'US');
        const deliveredDay = deliveryLate ? nextBusinessDay(due, 'US') : due;
        const destination = DESTINATIONS[(ci + s) % DESTINATIONS.length] as PlaceView;
        const total = 40_000 + ((ci * 1_337 + m * 211 + s * 97) % 60_000);
        const bol = vicsBolNumber(9_600_000 + serial);
        const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
        const [row] = await tx
          .insert(shipments)
          .values({
            accountId: account.id,
            userId: user.id,
            rateId: 'demo-scorecards',
            idempotencyKey: `demo-scorecards-${bol}`,
            requestHash: 'demo',
            carrierId: carrier.id,
            carrierName: carrier.name,
            scac: carrier.scac,
            mode: carrier.mode,
            service: carrier.mode === 'parcel' ? 'ground' : carrier.mode === 'truckload' ? 'dry_van' : 'standard',
            status: unanswered ? 'pending' : 'delivered',
            bolNumber: bol,
            proNumber: carrier.mode === 'parcel' ? null : String(5_200_000_000 + serial * 7919),
            pickupNumber: carrier.mode === 'parcel' ? null : `PU${9_600_000 + serial}`,
            trackingNumber: carrier.mode === 'parcel' ? `1Z9LS${String(serial).padStart(10, '0')}` : null,
            pickupDate,
            readyTime: '09:00',
            closeTime: '16:00',
            estimatedDelivery: unanswered ? due : deliveredDay,
            transitDays: transit,
            pickup: ORIGIN,
            delivery: destination,
            originCity: ORIGIN.city,
            originState: ORIGIN.state,
            originPostalCode: ORIGIN.postal_code,
            originCountry: 'US',
            destinationCity: destination.city,
            destinationState: destination.state,
            destinationPostalCode: destination.postal_code,
            destinationCountry: 'US',
            referenceType: 'po_number',
            referenceNumber: `LS-${70_000 + serial}`,
            references: [{ type: 'po_number', value: `LS-${70_000 + serial}` }],
            referenceText: `LS-${70_000 + serial}`,
            items: [
              {
                description: 'Plumbing fixtures, crated',
                package_type: carrier.mode === 'parcel' ? 'boxes' : 'pallets',
                quantity: carrier.mode === 'parcel' ? 1 : 2,
                length_in: 48,
                width_in: 40,
                height_in: 40,
                weight_lb: carrier.mode === 'parcel' ? 40 : 650,
                freight_class: carrier.mode === 'ltl' ? 85 : null,
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
            declaredValueCents: 500_000,
            deliveredAt: unanswered ? null : at(deliveredDay, 19),
            trackedAt: NEVER_POLLED,
            createdAt: new Date(at(pickupDate, 14).getTime() - 2 * DAY),
          })
          .returning();
        if (!row) continue;
        const event = (code: string, status: 'dispatched' | 'in_transit' | 'delivered', when: Date, text: string, end: PlaceView) => ({
          shipmentId: row.id,
          source: 'carrier' as const,
          dedupeKey: `demo-scorecards-${code}`,
          statusCode: code,
          reasonCode: 'NS',
          status,
          description: text,
          city: end.city,
          state: end.state,
          occurredAt: when,
          utcOffsetMinutes: end === ORIGIN ? -360 : -300,
        });
        if (!unanswered)
          await tx
            .insert(shipmentEvents)
            .values([
              ...(carrier.mode === 'truckload'
                ? [event('XB', 'dispatched', at(addCalendarDays(pickupDate, -1), 16), 'Tender accepted', ORIGIN)]
                : []),
              event('AF', 'in_transit', at(pickedDay, 16), 'Departed pickup location', ORIGIN),
              event('D1', 'delivered', at(deliveredDay, 19), 'Delivered', destination),
            ]);
        if (h === 4 && !unanswered) {
          const amount = 2_500 + ((ci * 311 + m * 53) % 6_000);
          const paid = at(addCalendarDays(deliveredDay, 12), 15);
          const invoiceDate = addCalendarDays(deliveredDay, 7);
          await tx.insert(invoices).values({
            accountId: account.id,
            shipmentId: row.id,
            number: `ADJ-LS-${9_600_000 + serial}`,
            type: 'adjustment',
            invoiceDate,
            dueDate: addCalendarDays(deliveredDay, 37),
            currency: 'USD',
            charges: [],
            correction:
              ci % 2 === 0
                ? { kind: 'reweigh', quoted_weight_lb: 1_300, invoiced_weight_lb: 1_520, quoted_class: 85, invoiced_class: 85 }
                : { kind: 'reclass', quoted_weight_lb: 1_300, invoiced_weight_lb: 1_300, quoted_class: 85, invoiced_class: 100 },
            quotedTotalCents: total,
            totalCents: amount,
            balanceCents: 0,
            paidAt: paid,
            // Issued late in the business's evening (Chicago), the next day in UTC, as the other demo invoices are.
            createdAt: at(addCalendarDays(invoiceDate, 1), 4),
          });
        }
      }
    }
  }
}
