import { bookingRequest, quoteRequest } from '@freight/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { pickupCalendar } from '../modules/quotes/pickup-dates';
import { type QuoteInput, quoteRowOf, quotesService } from '../modules/quotes/quotes.service';
import type { Db } from './client';
import { accounts, bookingApprovals, quotes, users } from './schema';

const HOUR = 3_600_000;

const dock = {
  company: 'Demo Shipper Co Dock',
  first_name: 'Dana',
  last_name: 'Dock',
  email: 'dock@demo.test',
  phone: '(312) 555-0100',
  street1: '233 S Wacker Dr',
  city: 'Chicago',
  state: 'IL',
  postal_code: '60606',
  country: 'US' as const,
};
const receiver = {
  company: 'Dallas Receiving LLC',
  first_name: 'Raul',
  last_name: 'Ortiz',
  email: 'raul@dallas-receiving.example',
  phone: '(214) 555-0177',
  street1: '2200 Ross Ave',
  city: 'Dallas',
  state: 'TX',
  postal_code: '75201',
  country: 'US' as const,
};

/**
 * Demo Shipper Co's Approvals page: a booking of its shipper with a booking limit that went over
 * it and waits (approvable on a first start: its quote is rated for the first pickup date), and
 * an older one its admin declined. Needs the demo team (the limited shipper).
 */
export async function seedDemoApprovals(tx: Db, now: Date) {
  const [clerk] = await tx
    .select({ user: users, accountName: accounts.name })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(accounts.name, 'Demo Shipper Co'), eq(users.accountRole, 'shipper'), isNotNull(users.bookingLimitCents)))
    .limit(1);
  const [admin] = await tx.select().from(users).where(eq(users.email, 'shipper@demo.test'));
  if (!clerk?.user.accountId || !admin) return;
  const limit = clerk.user.bookingLimitCents ?? 0;
  const calendar = pickupCalendar(() => now);
  const origin = calendar.originOf({ postal_code: '60606', country: 'US' });
  const pickupDate = calendar.first(origin).date;
  const input = quoteRequest.parse({
    mode: 'ltl',
    pickup_date: pickupDate,
    origin: { postal_code: '60606', country: 'US', site_type: 'business' },
    destination: { postal_code: '75201', country: 'US', site_type: 'business' },
    currency: 'USD',
    unit_system: 'imperial',
    items: [
      {
        package_type: 'pallets',
        quantity: 6,
        length: 48,
        width: 40,
        height: 48,
        weight: 1_000,
        freight_class: 85,
        stackable: true,
        hazardous: false,
      },
    ],
    accessorials: [],
    insured_value: 0,
  }) as QuoteInput;
  const service = quotesService({ db: tx, now: () => now });
  const owner = { accountId: clerk.user.accountId, userId: clerk.user.id };
  const rated = await service.rateEveryCarrier(input, clerk.user.accountId);
  const rate = rated.result.rates[0];
  if (!rate || rate.total_cents <= limit) return;
  const held = async (at: Date, key: string, decided?: { reason: string }) => {
    const [quote] = await tx
      .insert(quotes)
      .values(quoteRowOf(owner, input, rated, at, false, calendar.expiry(pickupDate, origin)))
      .returning();
    const request = bookingRequest.parse({
      quote_id: quote!.id,
      rate_id: rate.id,
      insurance: 'none',
      pickup: { ...dock, save_to_address_book: false },
      delivery: { ...receiver, save_to_address_book: false },
      pickup_date: pickupDate,
      ready_time: '09:00',
      close_time: '17:00',
      residential_or_liftgate: false,
      reference_type: 'po_number',
      reference_number: 'PO-4630',
      references: [],
      notes: '',
      hazardous: false,
      notify_consignee: false,
      disclaimer_accepted: true,
    });
    await tx.insert(bookingApprovals).values({
      accountId: clerk.user.accountId!,
      requestedBy: clerk.user.id,
      quoteId: quote!.id,
      rateId: rate.id,
      request,
      idempotencyKey: key,
      carrierName: rate.carrier_name,
      mode: 'ltl',
      currency: 'USD',
      totalCents: rate.total_cents,
      reasons: ['over_limit'],
      rateExpiresAt: quote!.expiresAt,
      status: decided ? 'declined' : 'pending',
      decidedBy: decided ? admin.id : null,
      decidedAt: decided ? new Date(at.getTime() + 2 * HOUR) : null,
      declineReason: decided?.reason ?? null,
      createdAt: at,
      updatedAt: at,
    });
  };
  await held(new Date(now.getTime() - 3 * 24 * HOUR), 'demo-approval-declined', { reason: 'Ship it with the 5-day service instead.' });
  await held(new Date(now.getTime() - 2 * HOUR), 'demo-approval-pending');
}
