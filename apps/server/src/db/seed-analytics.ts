import { quoteRequest } from '@freight/contracts';
import type { ChargeLine } from '@freight/domain/rating';
import { eq } from 'drizzle-orm';
import { pickupCalendar } from '../modules/quotes/pickup-dates';
import { type QuoteInput, quoteRowOf, quotesService } from '../modules/quotes/quotes.service';
import type { Db } from './client';
import { analyticsReportSubscriptions, quotes, shipments, users } from './schema';
import { demoShipment } from './seed-shipments';

const DAY = 86_400_000;

/**
 * What the demo's other parts leave out of the shipper's Analytics page (their delivered
 * shipments are all on time and none kept its quote): in the last two weeks, Demo Shipper Co has a
 * shipment picked up a day late and delivered late, one picked up on the day and delivered late,
 * and one booked from a quote it kept, below the highest rate the quote showed.
 */
export async function seedDemoAnalytics(tx: Db, now: Date) {
  const [user] = await tx.select().from(users).where(eq(users.email, 'shipper@demo.test'));
  if (!user?.accountId) return;
  const owner = { accountId: user.accountId, userId: user.id };
  const ago = (days: number, hour = 15) => {
    const at = new Date(now.getTime() - days * DAY);
    at.setUTCHours(hour, 0, 0, 0);
    return at;
  };
  // Booked for 12 days ago, picked up the day after, delivered 8 days later against 3 quoted.
  await demoShipment(tx, owner, {
    untracked: true,
    lane: 1,
    linehaul: 112_000,
    pickedUpAt: ago(12),
    // A delivered shipment's estimate is the carrier's last: the day it delivered.
    estimatedDelivery: ago(3),
    events: [
      { code: 'AF', at: ago(11), end: 'pickup', description: 'Picked up' },
      { code: 'D1', at: ago(3), end: 'delivery', description: 'Delivered' },
    ],
  });
  // Picked up on the booked day, 9 days ago; delivered yesterday.
  await demoShipment(tx, owner, {
    untracked: true,
    lane: 0,
    linehaul: 134_000,
    pickedUpAt: ago(9),
    estimatedDelivery: ago(1),
    events: [
      { code: 'AF', at: ago(9), end: 'pickup', description: 'Picked up' },
      { code: 'D1', at: ago(1), end: 'delivery', description: 'Delivered' },
    ],
  });
  await bookedFromKeptQuote(tx, owner, ago(10));
}

/**
 * A shipment booked from the cheapest of a kept quote's rates, which the real engine rated among
 * every carrier's at `quotedAt` for the first date it could quote; picked up that day and delivered
 * on time: the savings figure's example.
 */
async function bookedFromKeptQuote(tx: Db, owner: { accountId: string; userId: string }, quotedAt: Date) {
  const calendar = pickupCalendar(() => quotedAt);
  const origin = calendar.originOf({ postal_code: '60606', country: 'US' });
  const pickup_date = calendar.first(origin).date;
  // Mid-morning at the Chicago dock.
  const pickedUpAt = new Date(`${pickup_date}T15:00:00Z`);
  const input = quoteRequest.parse({
    mode: 'ltl',
    pickup_date,
    origin: { postal_code: '60606', country: 'US', site_type: 'business' },
    destination: { postal_code: '75201', country: 'US', site_type: 'business' },
    currency: 'USD',
    unit_system: 'imperial',
    items: [
      {
        package_type: 'pallets',
        quantity: 2,
        length: 48,
        width: 40,
        height: 48,
        weight: 600,
        freight_class: 70,
        description: 'Shelving units, boxed',
        stackable: true,
        hazardous: false,
      },
    ],
    accessorials: ['liftgate_delivery'],
    insured_value: 8_000,
  }) as QuoteInput;
  const rated = await quotesService({ db: tx, now: () => quotedAt }).rateEveryCarrier(input, owner.accountId);
  const rates = [...rated.result.rates].sort((a, b) => a.total_cents - b.total_cents);
  const cheapest = rates[0];
  if (!cheapest || rates.length < 2) return;
  const [quote] = await tx
    .insert(quotes)
    .values({ ...quoteRowOf(owner, input, rated, quotedAt, true, calendar.expiry(pickup_date, origin)), bookedAt: quotedAt })
    .returning();
  const deliveredAt = new Date(pickedUpAt.getTime() + 2 * DAY);
  const s = await demoShipment(tx, owner, {
    untracked: true,
    lane: 0,
    linehaul: 100_000,
    pickedUpAt,
    estimatedDelivery: deliveredAt,
    events: [
      { code: 'AF', at: pickedUpAt, end: 'pickup', description: 'Picked up' },
      { code: 'D1', at: deliveredAt, end: 'delivery', description: 'Delivered' },
    ],
  });
  // As booking that rate stores it: its carrier, price and (staff only) cost.
  const cost = rated.costs[cheapest.id];
  await tx
    .update(shipments)
    .set({
      quoteId: quote?.id,
      rateId: cheapest.id,
      carrierId: cheapest.carrier_id,
      carrierName: cheapest.carrier_name,
      scac: cheapest.scac,
      totalCents: cheapest.total_cents,
      charges: cheapest.charges as ChargeLine[],
      costCents: cost?.total_cents ?? null,
      costLines: cost?.charges ?? null,
      pricingApplied: cost?.applied ?? null,
    })
    .where(eq(shipments.id, s.id));
}

/**
 * The demo shipper reads the Analytics report by mail weekly: their settings show the choice, and
 * the round of the next Monday morning mails them the week before (to the outbox without MAIL_URL).
 */
export async function seedDemoReportMail(tx: Db, now: Date) {
  const [user] = await tx.select().from(users).where(eq(users.email, 'shipper@demo.test'));
  if (!user) return;
  await tx.insert(analyticsReportSubscriptions).values({ userId: user.id, frequency: 'weekly', since: now }).onConflictDoNothing();
}
