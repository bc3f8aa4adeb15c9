import { randomUUID } from 'node:crypto';
import type { CarrierInvoice210 } from '@freight/contracts';
import { type Browser, expect, type Page } from '@playwright/test';
import { monterreyPlace, ourBroker, ownBroker, usmcaItem } from '../../apps/server/src/modules/customs/customs.test-support';
import { bookingBody, pallet, type QuoteData } from '../../apps/server/src/modules/shipments/booking-fixtures';
import { apiCall, SCENARIO_SERVER, withApiClient } from './api';
import { freshEmail, type SignUpOptions } from './flows';
import { quotablePickupDate } from './quote';
import { logIn, rememberAuthenticatorSecret, signedInPage } from './session';

/**
 * A scenario's own world, made through the server's test-only seeding path (the server's
 * modules/test-seed, present only on a scenario server): companies, their colleagues and staff
 * members that belong to this scenario alone, so no scenario leans on what another did to the
 * demo data. The records are the product's own: a seeded company signed up as the signup form
 * signs one up.
 */

export interface Seeded {
  userId: string;
  accountId: string;
}

/** `server`: the origin of the server to seed (a scenario's own server), the shared one by default. */
async function seed(path: string, body: unknown, server = SCENARIO_SERVER) {
  const answer = await withApiClient(server, (send) => send('POST', path, body));
  expect(answer.status, `POST ${path}: ${answer.text}`).toBe(201);
  return (JSON.parse(answer.text) as { data: { user_id: string; account_id: string; totp_secret?: string } }).data;
}

/** A company name no other scenario uses, for a company a staff member finds by name. */
export function uniqueCompanyName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)} LLC`;
}

/** The terms a company seeded `onCredit` is granted: it books without paying by card first. */
const CREDIT_TERMS = { net_days: 30, credit_limit_cents: 5_000_000, grace_days: 10 };

/**
 * A company signed up with `o` as the signup form would sign it up (the same defaults as
 * flows.ts's signUp), its email verified; nobody signed in. `onCredit`: its credit application
 * approved (CREDIT_TERMS), as a company that ships on terms; `credit`: on terms, these in place of
 * CREDIT_TERMS' own (a low limit, for a company its next booking holds).
 */
export async function seedCompany(
  o: SignUpOptions,
  { onCredit = false, credit = undefined as Partial<typeof CREDIT_TERMS> | undefined, server = SCENARIO_SERVER } = {},
): Promise<Seeded> {
  const data = await seed(
    '/__test/companies',
    {
      registration: {
        company_name: o.company ?? 'E2E Freight LLC',
        primary_contact: { first_name: o.firstName ?? 'Erin', last_name: 'Tester', email: o.email, phone: '(312) 555-0142' },
        company_address: { street1: '200 W Adams St', city: 'Chicago', state: 'IL', postal_code: '60606', country: 'US' },
        accounting_same_as_company: true,
        preferences: { language: o.language === 'Spanish' ? 'es' : 'en' },
        password: o.password,
        password_confirmation: o.password,
      },
      ...(onCredit || credit ? { credit: { ...CREDIT_TERMS, ...credit } } : {}),
    },
    server,
  );
  return { userId: data.user_id, accountId: data.account_id };
}

/**
 * A new company of the scenario's, its admin signed in on `page` (on their home page, or `at`).
 * `server`: the origin `page` works on, when a scenario runs on a server of its own.
 */
export async function startAsNewCompany(page: Page, o: SignUpOptions, options: { onCredit?: boolean; server?: string; at?: string } = {}) {
  const seeded = await seedCompany(o, options);
  await logIn(page, o.email, { password: o.password, at: options.at });
  return seeded;
}

/**
 * A colleague in `role` of a seeded company (a customer role: 'billing', 'viewer', ...), named and
 * with a booking limit when told; nobody signed in.
 */
export async function seedColleague(
  company: Seeded,
  tag: string,
  role: string,
  {
    password = 'Colleague#2026',
    firstName = 'Erin',
    lastName = 'Tester',
    bookingLimitCents = null as number | null,
    server = SCENARIO_SERVER,
  } = {},
) {
  const email = freshEmail(tag);
  await seed(
    '/__test/colleagues',
    {
      email,
      password,
      account_id: company.accountId,
      role,
      first_name: firstName,
      last_name: lastName,
      booking_limit_cents: bookingLimitCents,
    },
    server,
  );
  return { email, password, name: `${firstName} ${lastName}` };
}

/**
 * A staff member of the scenario's own with `roles`, enrolled with an authenticator app of their
 * own (its secret made by the server, as for anyone who sets one up): their codes never wait for
 * a step another scenario's sign-in used. `repOf`: the accounts they are the sales rep of (a sales
 * role), named `firstName lastName` as the rep lists show them. Nobody signed in.
 */
export async function seedStaff(
  tag: string,
  roles: string[],
  { password = 'Staff#2026', firstName = 'Erin', lastName = 'Tester', repOf = [] as Seeded[], server = SCENARIO_SERVER } = {},
) {
  const email = freshEmail(tag);
  const body = { email, password, roles, first_name: firstName, last_name: lastName, rep_of: repOf.map((a) => a.accountId) };
  const data = await seed('/__test/staff', body, server);
  if (!data.totp_secret) throw new Error('the seeded staff member came without an authenticator');
  rememberAuthenticatorSecret(email, data.totp_secret);
  return { email, password, name: `${firstName} ${lastName}` };
}

/**
 * A user like the demo user `of` (same account, role, staff roles, name and settings) with an
 * email and password of their own, so a scenario that reads what `of` sees has its own sessions
 * and settings: nothing it does to them reaches a scenario beside it. Staff come with their own
 * authenticator (remembered for their codes). Nobody signed in.
 */
export async function seedLookAlike(of: string, tag: string, { password = 'LookAlike#2026', server = SCENARIO_SERVER } = {}) {
  const email = freshEmail(tag);
  const data = await seed('/__test/look-alikes', { of, email, password }, server);
  if (data.totp_secret) rememberAuthenticatorSecret(email, data.totp_secret);
  return { email, password };
}

/** What logIn and signedInPage take besides the password, which a look-alike brings. */
type LogInOptions = Omit<NonNullable<Parameters<typeof logIn>[2]>, 'password'>;
type PageOptions = Omit<Parameters<typeof signedInPage>[2], 'password'>;

/** `page` signed in (logIn, with `options`) as a new look-alike of the demo user `of`: answers its email and password. */
export async function logInAsLookAlike(page: Page, of: string, tag: string, options: LogInOptions = {}) {
  const user = await seedLookAlike(of, tag);
  await logIn(page, user.email, { ...options, password: user.password });
  return user;
}

/** A page in a context of its own (signedInPage, with `options`) signed in as a new look-alike of the demo user `of`. */
export async function lookAlikePage(browser: Browser, of: string, tag: string, options: PageOptions) {
  const user = await seedLookAlike(of, tag);
  return signedInPage(browser, user.email, { ...options, password: user.password });
}

/** What a scenario needs of a shipment it booked. */
export interface SeededShipment {
  id: string;
  bol_number: string;
  pro_number: string | null;
  carrier_name: string;
  scac: string;
  /** YYYY-MM-DD. */
  pickup_date: string;
}

/**
 * An LTL shipment booked by the user signed in on `page` (a company seeded `onCredit`), through
 * the portal's own API as the quote and booking pages send it: two pallets Chicago 60606 -> Dallas
 * 75201 on the cheapest rate, booked as the API tests book one (the server's shipments
 * test-helpers). `delivered`: then delivered as its demo carrier reports it (the events, the
 * signed receipt, the invoice that follows), through the seeding path.
 */
export async function seedShipment(page: Page, seeded: Seeded, { delivered = false } = {}): Promise<SeededShipment> {
  const quote = await apiCall<QuoteData>(page, 'POST', '/api/quotes', {
    mode: 'ltl',
    pickup_date: quotablePickupDate(),
    origin: { postal_code: '60606', country: 'US', site_type: 'business' },
    destination: { postal_code: '75201', country: 'US', site_type: 'business' },
    // Described, as a claim's lines are prefilled from the items.
    items: [{ ...pallet, description: 'Machine parts' }],
    accessorials: [],
    insured_value: 0,
  });
  const shipment = await apiCall<SeededShipment>(page, 'POST', '/api/shipments', bookingBody(quote), { 'Idempotency-Key': randomUUID() });
  if (delivered) await seedDelivery(seeded, shipment.id);
  return shipment;
}

/**
 * An LTL shipment across the border booked by the user signed in on `page` (a company seeded
 * `onCredit`): Chicago 60606 to Monterrey 64000, handed over at Laredo, with the customs
 * declaration the booking page sends (an item made in the U.S. under USMCA, the shipper's own U.S.
 * broker and ours in Mexico, the consignee's RFC), as the API tests book one.
 */
export async function seedShipmentToMonterrey(page: Page): Promise<SeededShipment> {
  const quote = await apiCall<QuoteData>(page, 'POST', '/api/quotes', {
    mode: 'ltl',
    pickup_date: quotablePickupDate(),
    origin: { postal_code: '60606', country: 'US', site_type: 'business' },
    destination: { postal_code: '64000', country: 'MX', site_type: 'business' },
    items: [{ ...pallet, description: 'Computer equipment' }],
    accessorials: [],
    insured_value: 0,
  });
  const customs = {
    incoterm: 'DAP',
    currency: 'USD',
    items: [usmcaItem],
    brokers: [ownBroker('US'), ourBroker('MX')],
    tax_id: 'ANE010203XY9',
  };
  return apiCall<SeededShipment>(page, 'POST', '/api/shipments', bookingBody(quote, { delivery: monterreyPlace, customs }), {
    'Idempotency-Key': randomUUID(),
  });
}

/** What a carrier reports of a shipment: an X12 214 status, its reason, where and when (ISO 8601 with the place's offset). */
export interface SeededCarrierEvent {
  status_code: string;
  reason_code?: string;
  occurred_at: string;
  city: string;
  state: string;
  description?: string;
}

/**
 * A time `minutes` from now in U.S. Central time, as a carrier's 214 writes it (ISO 8601 with the
 * offset of that instant, daylight saving time included): Chicago, Dallas, and the Laredo and
 * Nuevo Laredo crossing, which keep the same clock.
 */
export function centralTime(minutes = 0) {
  const at = new Date(Date.now() + minutes * 60_000);
  const local = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(at);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')
    ?.value.replace('GMT', '');
  return `${local.replace(' ', 'T')}${offset || '+00:00'}`;
}

/** The carrier's events of a seeded company's shipment (its crossing, say), taken in as the carrier's signed post would be. */
export async function seedCarrierEvents(seeded: Seeded, shipment: SeededShipment, events: SeededCarrierEvent[]) {
  const numbered = events.map((e) => ({ bol_number: shipment.bol_number, ...e }));
  await seed(`/__test/shipments/${shipment.id}/carrier-events`, { account_id: seeded.accountId, events: numbered });
}

/** What a scenario needs of an invoice the seeded company was issued. */
export interface SeededInvoice {
  id: string;
  number: string;
  balance_cents: number;
}

/** The invoice of the seeded delivery of `shipmentId`, as the user signed in on `page` reads it. */
export async function invoiceOf(page: Page, shipmentId: string): Promise<SeededInvoice> {
  const list = await apiCall<(SeededInvoice & { shipment_id: string })[]>(page, 'GET', '/api/invoices?per_page=100');
  const found = list.find((i) => i.shipment_id === shipmentId);
  if (!found) throw new Error(`shipment ${shipmentId} has no open invoice`);
  return found;
}

/**
 * A booked shipment of the seeded company's delivered, as its demo carrier reports it: the events,
 * the signed receipt, and on terms its freight invoice, issued before the seeding answers. `daysAgo`:
 * delivered and invoiced that many days back (an invoice past due), its pickup date left as booked.
 */
export async function seedDelivery(seeded: Seeded, shipmentId: string, { daysAgo = 0 } = {}) {
  await seed(`/__test/shipments/${shipmentId}/delivered`, { account_id: seeded.accountId, days_ago: daysAgo });
}

/**
 * The seeded company's webhook after its receiver stayed down for the whole retry window (72 hours):
 * its waiting deliveries failed for good and the webhook is switched off, as the product leaves them.
 */
export async function seedWebhookLapse(seeded: Seeded, webhookId: string) {
  await seed(`/__test/webhooks/${webhookId}/lapse`, { account_id: seeded.accountId });
}

/**
 * The carrier's reweigh of a delivered shipment (on terms) to `factor` times its booked weight,
 * approved by accounting: the adjustment invoice the shipper is billed, as the approval issues it.
 */
export async function seedReweigh(seeded: Seeded, shipmentId: string, factor: number) {
  const body = { account_id: seeded.accountId, factor };
  return (await seed(`/__test/shipments/${shipmentId}/reweigh`, body)) as unknown as { id: string; number: string; total_cents: number };
}

/**
 * The freight invoice (an EDI 210) the carrier of a seeded company's shipment bills it with, as
 * the seeding path builds it from the shipment's expected cost, dated the business's today: a
 * reweigh when `weightFactor` is over 1 (the booked weight times it, the linehaul, its discount
 * and fuel moved alike), a reclass when `classesUp` is over 0 (that many NMFC classes over the
 * booked one, its charges moved by `chargeFactor`). Nothing is taken in: the scenario sends it
 * through a real intake (accounting's CSV upload, the carriers' API).
 */
export async function carrierBillOf(
  shipment: SeededShipment,
  seeded: Seeded,
  claim: { invoiceNumber: string; weightFactor?: number; classesUp?: number; chargeFactor?: number },
  server = SCENARIO_SERVER,
): Promise<CarrierInvoice210> {
  const body = {
    account_id: seeded.accountId,
    invoice_number: claim.invoiceNumber,
    weight_factor: claim.weightFactor,
    classes_up: claim.classesUp,
    charge_factor: claim.chargeFactor,
  };
  return (await seed(`/__test/shipments/${shipment.id}/carrier-bill`, body, server)) as unknown as CarrierInvoice210;
}
