import { quoteRequest } from '@freight/contracts';
import { addBusinessDays } from '@freight/domain/rating';
import { eq } from 'drizzle-orm';
import { pickupCalendar } from '../modules/quotes/pickup-dates';
import { type QuoteInput, quoteRowOf, quotesService } from '../modules/quotes/quotes.service';
import type { Db } from './client';
import { quotes, users } from './schema';

const DAY = 86_400_000;

/** Lanes the demo shipper quotes from its Chicago dock (and two inbound), as postal codes. */
const LANES: [string, string][] = [
  ['60606', '75201'],
  ['60606', '46204'],
  ['60606', '10001'],
  ['60606', '98101'],
  ['43215', '60606'],
  ['60606', '80202'],
  ['30318', '60606'],
  ['60606', '33101'],
];
const CLASSES = [50, 70, 85, 100, 125] as const;

const place = (postal_code: string, site_type = 'business') => ({ postal_code, country: 'US' as const, site_type });
/** The n-th demo quote's lane. */
const laneOf = (n: number) => LANES[n % LANES.length]!;

/**
 * The n-th demo quote's request: mostly LTL, every fifth parcel, every ninth a truckload, picked
 * up on the first quotable date at its time (`firstPickupDate`) or a business day or two later.
 */
function demoRequest(n: number, firstPickupDate: string): QuoteInput {
  const [from, to] = laneOf(n);
  const pickup_date = addBusinessDays(firstPickupDate, n % 3, 'US');
  const common = { pickup_date, origin: place(from), currency: 'USD', unit_system: 'imperial' };
  if (n % 9 === 4) {
    return quoteRequest.parse({
      ...common,
      mode: 'truckload',
      equipment_type: n % 2 ? 'reefer' : 'dry_van',
      destination: place(to),
      items: [
        { package_type: 'pallets', quantity: 22, length: 48, width: 40, height: 60, weight: 1_450, stackable: false, hazardous: false },
      ],
      insured_value: 48_000,
    }) as QuoteInput;
  }
  if (n % 5 === 2) {
    return quoteRequest.parse({
      ...common,
      mode: 'parcel',
      destination: place(to, n % 2 ? 'residential' : 'business'),
      items: [
        {
          package_type: 'boxes',
          quantity: 1 + (n % 3),
          length: 18,
          width: 14,
          height: 12,
          weight: 12 + n,
          stackable: true,
          hazardous: false,
        },
      ],
      insured_value: 350,
    }) as QuoteInput;
  }
  return quoteRequest.parse({
    ...common,
    mode: 'ltl',
    destination: place(to, n % 7 === 3 ? 'residential' : 'business'),
    items: [
      {
        package_type: 'pallets',
        quantity: 1 + (n % 4),
        length: 48,
        width: 40,
        height: 42 + (n % 3) * 6,
        weight: 380 + (n % 6) * 110,
        freight_class: CLASSES[n % CLASSES.length],
        description: n % 2 ? 'Packaged snack foods' : 'Kitchen appliances, boxed',
        stackable: n % 4 !== 1,
        hazardous: false,
      },
    ],
    accessorials: n % 7 === 3 ? ['liftgate_delivery', 'notify_prior_to_arrival'] : [],
    insured_value: 1_500 + n * 250,
    client_ref: n % 4 === 0 ? `PO-${4100 + n}` : undefined,
  }) as QuoteInput;
}

/**
 * The demo shipper's quotes of the last two weeks, rated by the real engine with the tariffs and
 * diesel weeks of their day, so Quote History, Saved Quotes, the carriers' share of last week's
 * quotes, a tariff preview and the dashboard's quote-to-booking rate have something to show on a
 * first start.
 */
export async function seedDemoQuotes(tx: Db, now: Date) {
  const [shipper] = await tx.select().from(users).where(eq(users.email, 'shipper@demo.test'));
  if (!shipper?.accountId) return;
  const count = 36;
  let at = now;
  const clock = () => at;
  const service = quotesService({ db: tx, now: clock });
  // The server's default cut-off: the seed runs before the app and its config.
  const calendar = pickupCalendar(clock);
  for (let n = 0; n < count; n++) {
    // Spread over 14 days, newest last; working hours in Chicago (15:00-22:00 UTC).
    at = new Date(now.getTime() - (14 - (n * 14) / count) * DAY);
    at.setUTCHours(15 + (n % 7), (n * 17) % 60, 0, 0);
    if (at > now) at = new Date(now.getTime() - (count - n) * 60_000); // today's, before now
    const origin = calendar.originOf(place(laneOf(n)[0]));
    const input = demoRequest(n, calendar.first(origin).date);
    const owner = { accountId: shipper.accountId, userId: shipper.id };
    const expiresAt = calendar.expiry(input.pickup_date, origin);
    const row = quoteRowOf(owner, input, await service.rateEveryCarrier(input, shipper.accountId), at, n % 4 === 1, expiresAt);
    // Every third quote was booked within the hour (the dashboard's quote-to-booking rate reads these).
    const bookedAt = n % 3 === 0 ? new Date(Math.min(at.getTime() + 45 * 60_000, now.getTime())) : null;
    await tx.insert(quotes).values({ ...row, bookedAt });
  }
}
