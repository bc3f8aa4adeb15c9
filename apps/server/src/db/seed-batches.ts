import { BATCH_CSV_COLUMNS, type BatchRowResult, type ShipmentItemView } from '@freight/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { checkFile } from '../modules/batches/batches-rows';
import { pickupCalendar } from '../modules/quotes/pickup-dates';
import type { Db } from './client';
import { accounts, batches, batchRows, shipments, users } from './schema';

type Place = { company: string; street1: string; city: string; state: string; postal_code: string; country: string };

/** A CSV cell, quoted when it holds a comma or a quote. */
const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * Demo Shipper Co's batch of Monday's orders, as the Batches page shows one half done: three rows
 * booked (the account's own demo shipments, each with the rate it was booked at), one row ready to
 * rate and one refused for its missing weight, its message as the upload gives it. The
 * rows are read by the upload's own checks, so what they say is what an upload would say.
 */
export async function seedDemoBatch(tx: Db, now: Date) {
  const [owner] = await tx
    .select({ userId: users.id, accountId: accounts.id })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.email, 'shipper@demo.test'));
  if (!owner?.accountId) return;
  const booked = await tx
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.accountId, owner.accountId),
        eq(shipments.mode, 'ltl'),
        inArray(shipments.status, ['pending', 'dispatched', 'in_transit']),
      ),
    )
    .orderBy(asc(shipments.createdAt))
    .limit(3);
  const calendar = pickupCalendar(() => now);
  const pickupDate = calendar.first(calendar.originOf({ postal_code: '60606', country: 'US' })).date;
  const cellsOf = (s: {
    ref: string;
    date: string;
    from: Place;
    to: Place;
    item: Pick<ShipmentItemView, 'quantity' | 'length_in' | 'width_in' | 'height_in' | 'weight_lb'>;
  }): Record<string, string> => ({
    client_ref: s.ref,
    mode: 'ltl',
    pickup_date: s.date,
    origin_postal_code: s.from.postal_code,
    origin_country: s.from.country,
    destination_postal_code: s.to.postal_code,
    destination_country: s.to.country,
    package_type: 'pallets',
    quantity: String(s.item.quantity),
    length: String(s.item.length_in),
    width: String(s.item.width_in),
    height: String(s.item.height_in),
    weight: String(s.item.weight_lb),
    insured_value: '1000',
    origin_company: s.from.company,
    origin_street: s.from.street1,
    origin_city: s.from.city,
    origin_state: s.from.state,
    destination_company: s.to.company,
    destination_street: s.to.street1,
    destination_city: s.to.city,
    destination_state: s.to.state,
  });
  const chicago = {
    company: 'Demo Shipper Co',
    street1: '233 S Wacker Dr',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60606',
    country: 'US',
  };
  const dallas = {
    company: 'Dallas Receiving LLC',
    street1: '2200 Ross Ave',
    city: 'Dallas',
    state: 'TX',
    postal_code: '75201',
    country: 'US',
  };
  const pallet = { quantity: 2, length_in: 48, width_in: 40, height_in: 48, weight_lb: 450 };
  // The rows still to rate, read by the upload's checks: one good, one whose weight was forgotten.
  const open = [
    cellsOf({ ref: 'MON-104', date: pickupDate, from: chicago, to: dallas, item: pallet }),
    { ...cellsOf({ ref: 'MON-105', date: pickupDate, from: chicago, to: dallas, item: pallet }), weight: '' },
  ];
  const csv = [BATCH_CSV_COLUMNS.join(','), ...open.map((c) => BATCH_CSV_COLUMNS.map((k) => cell(c[k] ?? '')).join(','))].join('\n');
  // The demo rows name no catalog product.
  const { lines } = await checkFile(csv, { language: 'en', unitSystem: 'imperial', productByNumber: async () => undefined });
  const firstOpenLine = booked.length + 2;

  const createdAt = new Date(now.getTime() - 3 * 3_600_000);
  const [batch] = await tx
    .insert(batches)
    .values({
      accountId: owner.accountId,
      createdBy: owner.userId,
      status: booked.length ? 'booked' : 'uploaded',
      // The booked rows were rated once, the open ones not yet.
      ratingRound: booked.length ? 1 : 0,
      rule: 'cheapest',
      rowsTotal: booked.length + lines.length,
      rowsValid: booked.length + lines.filter((l) => l.errors.length === 0).length,
      fileName: 'orders-monday.csv',
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!batch) return;
  await tx.insert(batchRows).values([
    ...booked.map((s, n) => {
      const item = (s.items as ShipmentItemView[])[0] ?? { ...pallet, quantity: 1 };
      const result: BatchRowResult = {
        rates: [
          {
            id: s.rateId,
            carrier_name: s.carrierName,
            scac: s.scac,
            total_cents: s.totalCents,
            transit_days: s.transitDays,
            estimated_delivery: s.estimatedDelivery ?? s.pickupDate,
          },
        ],
        currency: s.currency,
        message: null,
      };
      return {
        batchId: batch.id,
        line: n + 2,
        status: 'booked' as const,
        ratedRound: 1,
        cells: cellsOf({ ref: `MON-${101 + n}`, date: s.pickupDate, from: s.pickup as Place, to: s.delivery as Place, item }),
        quoteId: s.quoteId,
        rateId: s.rateId,
        shipmentId: s.id,
        result: { ...result },
        updatedAt: createdAt,
      };
    }),
    ...lines.map((l, n) => ({
      batchId: batch.id,
      line: firstOpenLine + n,
      status: l.errors.length ? ('invalid' as const) : ('valid' as const),
      cells: l.cells,
      errors: l.errors,
      updatedAt: createdAt,
    })),
  ]);
}
