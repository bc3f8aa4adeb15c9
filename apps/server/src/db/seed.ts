import type { AccountAddress } from '@freight/contracts';
import { isStaff, type Role } from '@freight/domain';
import {
  DEFAULT_TRUCKLOAD_TARIFF,
  DEMO_LTL_TARIFF,
  type LtlServiceLevel,
  type LtlTariff,
  PARCEL_TARIFFS,
  type TruckloadTariff,
} from '@freight/domain/rating';
import { eq } from 'drizzle-orm';
import { DEFAULT_BUSINESS_TIME_ZONE } from '../business-days';
import { usersRepository } from '../modules/users/users.repository';
import { hashPassword } from '../security/passwords';
import { appKeyOf } from './app-state';
import type { Db } from './client';
import { accounts, appState, carriers, currencyRates, dieselPrices } from './schema';
import { seedDemoAddresses } from './seed-addresses';
import { seedDemoAlerts } from './seed-alerts';
import { seedDemoAnalytics, seedDemoReportMail } from './seed-analytics';
import { seedDemoApprovals } from './seed-approvals';
import { seedDemoAudit } from './seed-audit';
import { seedDemoAutomationRules } from './seed-automation-rules';
import { seedDemoBatch } from './seed-batches';
import { seedPrepaidAccount, seedTrackingSecrets } from './seed-booking';
import { seedBorderCarriers, seedMexicanFleet } from './seed-border-carriers';
import { seedDemoCarrierInvoices } from './seed-carrier-invoices';
import { seedDemoCarrierMessages } from './seed-carrier-messages';
import { seedDemoCarrierPause } from './seed-carrier-pause';
import { seedDieselHistory, seedTariffVersions } from './seed-carriers';
import { seedDemoClaims } from './seed-claims';
import { seedDemoConsigneeAlerts } from './seed-consignee-alerts';
import { seedDemoCreditApplications } from './seed-credit-applications';
import { seedDemoCrossings } from './seed-crossings';
import { seedDemoCustomerTwoFactor } from './seed-customer-two-factor';
import { seedDemoDeliveryReceipts } from './seed-delivery-receipts';
import { seedDemoDeliveryWindows } from './seed-delivery-windows';
import { seedDemoEbay } from './seed-ebay';
import { seedEquipmentTypes } from './seed-equipment';
import { seedDemoInvoices } from './seed-invoices';
import { seedDemoNotices } from './seed-notifications';
import { seedDemoPartners } from './seed-partners';
import { seedDemoParts } from './seed-parts';
import { seedPricingPrograms } from './seed-pricing';
import { seedDemoProducts } from './seed-products';
import { seedDemoQuotes } from './seed-quotes';
import { seedDemoSalesReps } from './seed-sales';
import { seedDemoSavedViews } from './seed-saved-views';
import { seedDemoScorecards } from './seed-scorecards';
import { seedDemoShipments } from './seed-shipments';
import { seedDemoSms } from './seed-sms';
import { seedDemoSso } from './seed-sso';
import { seedDemoSupport } from './seed-support';
import { seedDemoSuspensionProposals } from './seed-suspension-proposals';
import { seedDemoTeam } from './seed-team';
import { seedDemoTruckloadStops } from './seed-truckload-stops';
import { seedDemoStaffTwoFactor } from './seed-two-factor';
import { seedDemoWatchers } from './seed-watchers';
import { seedDemoWebhooks } from './seed-webhooks';

export const DEMO_PASSWORD = 'Demo#2026';

export const DEMO_STAFF: { email: string; role: Role; first: string; last: string }[] = [
  { email: 'super@demo.test', role: 'super_admin', first: 'Sam', last: 'Super' },
  { email: 'admin@demo.test', role: 'fpg_admin', first: 'Ada', last: 'Admin' },
  { email: 'salesadmin@demo.test', role: 'fpg_sales_admin', first: 'Sara', last: 'Salesadmin' },
  { email: 'sales@demo.test', role: 'fpg_sales', first: 'Sal', last: 'Sales' },
  { email: 'ops@demo.test', role: 'fpg_ops', first: 'Otto', last: 'Ops' },
  { email: 'accounting@demo.test', role: 'fpg_accounting', first: 'Alma', last: 'Accounting' },
  { email: 'feature@demo.test', role: 'fpg_feature', first: 'Fern', last: 'Feature' },
];

const address = (a: Omit<AccountAddress, 'street2'> & { street2?: string }): AccountAddress => ({ street2: '', ...a });

const DEMO_ACCOUNTS = [
  {
    name: 'Demo Shipper Co',
    user: { email: 'shipper@demo.test', first: 'Dana', last: 'Shipper', phone: '(312) 555-0142' },
    address: address({
      first_name: 'Dana',
      last_name: 'Shipper',
      email: 'shipper@demo.test',
      phone: '(312) 555-0142',
      company: 'Demo Shipper Co',
      street1: '233 S Wacker Dr',
      city: 'Chicago',
      state: 'IL',
      postal_code: '60606',
      country: 'US',
    }),
  },
  {
    name: 'Other Freight LLC',
    user: { email: 'other@demo.test', first: 'Omar', last: 'Other', phone: '(214) 555-0199' },
    address: address({
      first_name: 'Omar',
      last_name: 'Other',
      email: 'other@demo.test',
      phone: '(214) 555-0199',
      company: 'Other Freight LLC',
      street1: '2200 Ross Ave',
      city: 'Dallas',
      state: 'TX',
      postal_code: '75201',
      country: 'US',
    }),
  },
];

/** Demo LTL carriers: the demo tariff with each carrier's own discount, minimum and fuel offset. */
const DEMO_LTL_CARRIERS: {
  scac: string;
  name: string;
  discount_bp: number;
  amc_cents: number;
  fuel_offset_bp: number;
  service_level?: LtlServiceLevel;
}[] = [
  { scac: 'ODFL', name: 'Old Dominion Freight Line', discount_bp: 7250, amc_cents: 13500, fuel_offset_bp: 0 },
  { scac: 'SAIA', name: 'Saia', discount_bp: 7000, amc_cents: 12000, fuel_offset_bp: -100 },
  { scac: 'EXLA', name: 'Estes Express Lines', discount_bp: 7100, amc_cents: 12500, fuel_offset_bp: 50 },
  { scac: 'FXFE', name: 'FedEx Freight Priority', discount_bp: 6800, amc_cents: 14000, fuel_offset_bp: 150, service_level: 'guaranteed' },
  { scac: 'FXNL', name: 'FedEx Freight Economy', discount_bp: 7400, amc_cents: 11000, fuel_offset_bp: 150, service_level: 'economy' },
  { scac: 'ABFS', name: 'ABF Freight', discount_bp: 6900, amc_cents: 11500, fuel_offset_bp: -50 },
  { scac: 'RLCA', name: 'R+L Carriers', discount_bp: 7300, amc_cents: 13000, fuel_offset_bp: 0 },
  { scac: 'SEFL', name: 'Southeastern Freight Lines', discount_bp: 6700, amc_cents: 11000, fuel_offset_bp: 100 },
  { scac: 'AVRT', name: 'Averitt Express', discount_bp: 6950, amc_cents: 12800, fuel_offset_bp: -150 },
];

function demoLtlTariff(c: (typeof DEMO_LTL_CARRIERS)[number]): LtlTariff {
  return {
    ...DEMO_LTL_TARIFF,
    carrier: c.scac,
    name: c.name,
    discount_bp: c.discount_bp,
    amc_cents: c.amc_cents,
    service_level: c.service_level ?? 'standard',
    fuel: {
      ...DEMO_LTL_TARIFF.fuel,
      steps: DEMO_LTL_TARIFF.fuel.steps.map((s) => ({ ...s, pct_bp: Math.max(0, s.pct_bp + c.fuel_offset_bp) })),
    },
  };
}

/** Parcel services with their engine tariffs; fuel surcharge in basis points of freight + surcharges. */
const DEMO_PARCEL_CARRIERS = [
  { scac: 'UPSN', name: 'UPS Ground', tariff: PARCEL_TARIFFS.ups, fuel_bp: 1950 },
  { scac: 'FDEG', name: 'FedEx Ground', tariff: PARCEL_TARIFFS.fedex_ground, fuel_bp: 1900 },
  { scac: 'USPS', name: 'USPS Priority Mail', tariff: PARCEL_TARIFFS.usps, fuel_bp: 0 },
];

/** Clearly-demo truckload carriers (no real names): the default tariff scaled per carrier. */
const DEMO_TRUCKLOAD_CARRIERS = [
  { scac: 'DVLN', name: 'Demo Van Lines', factor: 1 },
  { scac: 'DRTR', name: 'Demo Road Trucking', factor: 0.95 },
  { scac: 'DHWY', name: 'Demo Highway Express', factor: 1.08 },
];

/** The default tariff scaled per carrier; the equipment adjustments (equipment_types) are the same for all. */
function demoTruckloadTariff(factor: number): TruckloadTariff {
  const base = DEFAULT_TRUCKLOAD_TARIFF;
  return {
    ...base,
    linehaul_cents_per_mile: Math.round(base.linehaul_cents_per_mile * factor),
    minimum_cents: Math.round(base.minimum_cents * factor),
  };
}

/** Monday of the UTC week of `now`, ISO date. */
function weekOf(now: Date) {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** Demo carriers, a weekly diesel price (docs/freight-rules.md, Demo diesel prices) and exchange rates. */
async function seedRating(tx: Db, now: Date) {
  await tx
    .insert(carriers)
    .values([
      ...DEMO_LTL_CARRIERS.map((c) => ({ name: c.name, scac: c.scac, mode: 'ltl' as const, tariff: demoLtlTariff(c) })),
      ...DEMO_PARCEL_CARRIERS.map((c) => ({ name: c.name, scac: c.scac, mode: 'parcel' as const, tariff: c.tariff, fuelBp: c.fuel_bp })),
      ...DEMO_TRUCKLOAD_CARRIERS.map((c) => ({
        name: c.name,
        scac: c.scac,
        mode: 'truckload' as const,
        tariff: demoTruckloadTariff(c.factor),
      })),
    ])
    .onConflictDoNothing();
  await tx
    .insert(dieselPrices)
    .values({ weekOf: weekOf(now), usdPerGallon: 3.652 })
    .onConflictDoNothing();
  await tx
    .insert(currencyRates)
    .values([
      { currency: 'USD', perUsd: 1 },
      { currency: 'CAD', perUsd: 1.38 },
      { currency: 'MXN', perUsd: 18.3 },
    ])
    .onConflictDoNothing();
}

/**
 * Seeds the demo data once per database, in parts with a marker row each (so a database seeded
 * by an earlier release still receives the parts added since): the demo accounts and staff, then
 * the demo carriers, diesel price and exchange rates. Returns whether anything was added.
 */
export async function seedDemo(db: Db, now: Date, opts: { activity?: boolean; appKey?: string; timeZone?: string } = {}): Promise<boolean> {
  // The demo invoices are dated as the portal dates them: the business's day (BUSINESS_TIME_ZONE).
  const timeZone = opts.timeZone ?? DEFAULT_BUSINESS_TIME_ZONE;
  const users = await seedOnce(db, 'demo_seeded', now, (tx) => seedUsers(tx, now));
  const staffTwoFactor = await seedOnce(db, 'demo_staff_two_factor_seeded', now, async (tx) =>
    seedDemoStaffTwoFactor(
      tx,
      now,
      await appKeyOf(tx, opts.appKey),
      DEMO_STAFF.filter((s) => isStaff([s.role])).map((s) => s.email),
    ),
  );
  const rating = await seedOnce(db, 'demo_rating_seeded', now, (tx) => seedRating(tx, now));
  const borderCarriers = await seedOnce(db, 'demo_border_carriers_seeded', now, (tx) => seedBorderCarriers(tx));
  const mexicanFleet = await seedOnce(db, 'demo_mexican_fleet_seeded', now, (tx) => seedMexicanFleet(tx));
  const catalog = await seedOnce(db, 'demo_products_seeded', now, (tx) => seedDemoProducts(tx, now));
  const addressBook = await seedOnce(db, 'demo_addresses_seeded', now, (tx) => seedDemoAddresses(tx, now));
  const prepaid = await seedOnce(db, 'demo_prepaid_seeded', now, (tx) => seedPrepaidAccount(tx, now, DEMO_PASSWORD));
  const trackingSecrets = await seedOnce(db, 'carrier_tracking_secrets_seeded', now, (tx) => seedTrackingSecrets(tx));
  const tariffVersions = await seedOnce(db, 'carrier_tariff_versions_seeded', now, (tx) => seedTariffVersions(tx));
  const pricing = await seedOnce(db, 'pricing_programs_seeded', now, (tx) => seedPricingPrograms(tx, now));
  const salesReps = await seedOnce(db, 'demo_sales_reps_seeded', now, (tx) => seedDemoSalesReps(tx, now));
  const parts = await seedOnce(db, 'demo_part_catalog_seeded', now, (tx) => seedDemoParts(tx, now));
  const equipment = await seedOnce(db, 'equipment_types_seeded', now, (tx) => seedEquipmentTypes(tx, now));
  // Tests start from accounts without shipments or invoices, and make their own.
  const activity = opts.activity !== false;
  const invoices = activity && (await seedOnce(db, 'demo_invoices_seeded', now, (tx) => seedDemoInvoices(tx, now, timeZone)));
  // After the invoices, before any other shipment: the carriers bill the invoiced, delivered ones.
  const carrierInvoices =
    activity && (await seedOnce(db, 'demo_carrier_invoices_seeded', now, (tx) => seedDemoCarrierInvoices(tx, now, timeZone)));
  const moving = activity && (await seedOnce(db, 'demo_shipments_seeded', now, (tx) => seedDemoShipments(tx, now)));
  const notices = activity && (await seedOnce(db, 'demo_notices_seeded', now, (tx) => seedDemoNotices(tx, now)));
  const support = activity && (await seedOnce(db, 'demo_support_seeded', now, (tx) => seedDemoSupport(tx, now)));
  const ebay = activity && (await seedOnce(db, 'demo_ebay_seeded', now, (tx) => seedDemoEbay(tx, now)));
  const diesel = activity && (await seedOnce(db, 'demo_diesel_history_seeded', now, (tx) => seedDieselHistory(tx, now, weekOf(now))));
  const carrierMessages = activity && (await seedOnce(db, 'demo_carrier_messages_seeded', now, (tx) => seedDemoCarrierMessages(tx, now)));
  const carrierPause = activity && (await seedOnce(db, 'demo_carrier_pause_seeded', now, (tx) => seedDemoCarrierPause(tx, now)));
  const stops = activity && (await seedOnce(db, 'demo_truckload_stops_seeded', now, (tx) => seedDemoTruckloadStops(tx, now)));
  // After the diesel history: each quote is rated with the diesel week of its pickup.
  const quoteHistory = activity && (await seedOnce(db, 'demo_quotes_seeded', now, (tx) => seedDemoQuotes(tx, now)));
  // After the shipments: the webhook's delivery history is of the demo shipper's recent ones.
  const webhooks = activity && (await seedOnce(db, 'demo_webhooks_seeded', now, (tx) => seedDemoWebhooks(tx, now)));
  const partners = activity && (await seedOnce(db, 'demo_partners_seeded', now, (tx) => seedDemoPartners(tx, now)));
  const creditApplications =
    activity && (await seedOnce(db, 'demo_credit_applications_seeded', now, (tx) => seedDemoCreditApplications(tx, now, DEMO_PASSWORD)));
  const suspensionProposals =
    activity && (await seedOnce(db, 'demo_suspension_proposals_seeded', now, (tx) => seedDemoSuspensionProposals(tx, now)));
  const sso =
    activity && (await seedOnce(db, 'demo_sso_seeded', now, async (tx) => seedDemoSso(tx, now, await hashPassword(DEMO_PASSWORD))));
  const twoFactorCustomer =
    activity &&
    (await seedOnce(db, 'demo_two_factor_customer_seeded', now, async (tx) =>
      seedDemoCustomerTwoFactor(tx, now, await appKeyOf(tx, opts.appKey), await hashPassword(DEMO_PASSWORD)),
    ));
  const team =
    activity && (await seedOnce(db, 'demo_team_seeded', now, async (tx) => seedDemoTeam(tx, now, await hashPassword(DEMO_PASSWORD))));
  // After the team: the held bookings are its limited shipper's.
  const approvals = activity && (await seedOnce(db, 'demo_approvals_seeded', now, (tx) => seedDemoApprovals(tx, now)));
  // After the team and the shipments: a colleague watches one of them.
  const watchers = activity && (await seedOnce(db, 'demo_watchers_seeded', now, (tx) => seedDemoWatchers(tx, now)));
  // After the carriers across the border and the diesel history: its shipments are rated as a quote
  // rates them. Its own account, never delivered: the parts below pick among the demo shipper's
  // shipments or the delivered ones, so these change nothing they pick.
  const crossings =
    activity &&
    (await seedOnce(db, 'demo_crossings_seeded', now, async (tx) => seedDemoCrossings(tx, now, await hashPassword(DEMO_PASSWORD))));
  // After the rating data (one of its shipments is booked from a quote it keeps), and after every
  // part that picks among the demo shipper's shipments, which these would join.
  const analytics = activity && (await seedOnce(db, 'demo_analytics_seeded', now, (tx) => seedDemoAnalytics(tx, now)));
  const reportMail = activity && (await seedOnce(db, 'demo_report_mail_seeded', now, (tx) => seedDemoReportMail(tx, now)));
  const scorecards = activity && (await seedOnce(db, 'demo_scorecards_seeded', now, (tx) => seedDemoScorecards(tx, now)));
  // After the scorecards: their account books these loads too, and their deliveries count.
  const deliveryWindows =
    activity && (await seedOnce(db, 'demo_delivery_windows_seeded', now, (tx) => seedDemoDeliveryWindows(tx, now, timeZone)));
  // After every part that delivers shipments: their drivers' receipts.
  const receipts = activity && (await seedOnce(db, 'demo_delivery_receipts_seeded', now, (tx) => seedDemoDeliveryReceipts(tx, now)));
  // After the receipts: a claim starts from the delivery receipt, and one is credited on its shipment's invoice.
  const claims = activity && (await seedOnce(db, 'demo_claims_seeded', now, (tx) => seedDemoClaims(tx, now, timeZone)));
  // After the receipts: a delivery with exceptions raises its alert.
  const alertsSeeded = activity && (await seedOnce(db, 'demo_alerts_seeded', now, (tx) => seedDemoAlerts(tx, now)));
  // After the shipments (the delayed one's consignee); the demo alerts are seeded as told, so none is mailed to them.
  const consigneeAlerts = activity && (await seedOnce(db, 'demo_consignee_alerts_seeded', now, (tx) => seedDemoConsigneeAlerts(tx, now)));
  const sms = activity && (await seedOnce(db, 'demo_sms_seeded', now, (tx) => seedDemoSms(tx, now)));
  const views = activity && (await seedOnce(db, 'demo_saved_views_seeded', now, (tx) => seedDemoSavedViews(tx, now)));
  const rules = activity && (await seedOnce(db, 'demo_automation_rules_seeded', now, (tx) => seedDemoAutomationRules(tx, now)));
  // After the shipments: the batch's booked rows are three of the demo shipper's.
  const batch = activity && (await seedOnce(db, 'demo_batch_seeded', now, (tx) => seedDemoBatch(tx, now)));
  // Last: the log records what the parts above had staff do.
  const auditHistory = activity && (await seedOnce(db, 'demo_audit_seeded', now, (tx) => seedDemoAudit(tx)));
  return (
    users ||
    batch ||
    sms ||
    staffTwoFactor ||
    rating ||
    borderCarriers ||
    mexicanFleet ||
    catalog ||
    addressBook ||
    prepaid ||
    trackingSecrets ||
    tariffVersions ||
    pricing ||
    salesReps ||
    equipment ||
    parts ||
    invoices ||
    carrierInvoices ||
    moving ||
    quoteHistory ||
    analytics ||
    reportMail ||
    scorecards ||
    deliveryWindows ||
    views ||
    rules ||
    receipts ||
    claims ||
    alertsSeeded ||
    consigneeAlerts ||
    notices ||
    support ||
    ebay ||
    diesel ||
    carrierMessages ||
    carrierPause ||
    stops ||
    webhooks ||
    partners ||
    creditApplications ||
    suspensionProposals ||
    sso ||
    twoFactorCustomer ||
    team ||
    approvals ||
    watchers ||
    crossings ||
    auditHistory
  );
}

/** Runs `seed` in a transaction that first claims `marker`; another process holding it wins. */
async function seedOnce(db: Db, marker: string, now: Date, seed: (tx: Db) => Promise<void>): Promise<boolean> {
  const [existing] = await db.select().from(appState).where(eq(appState.key, marker));
  if (existing) return false;
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(appState).values({ key: marker, value: now.toISOString() }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    await seed(tx);
    return true;
  });
}

async function seedUsers(tx: Db, now: Date) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users = usersRepository(tx);
  for (const demo of DEMO_ACCOUNTS) {
    const [account] = await tx
      .insert(accounts)
      .values({ name: demo.name, companyAddress: demo.address, accountAddress: demo.address, billingAddress: demo.address })
      .returning();
    await users.create({
      accountId: account!.id,
      firstName: demo.user.first,
      lastName: demo.user.last,
      email: demo.user.email,
      phone: demo.user.phone,
      passwordHash,
      emailVerifiedAt: now,
    });
  }
  for (const s of DEMO_STAFF) {
    await users.create({
      firstName: s.first,
      lastName: s.last,
      email: s.email,
      phone: '(800) 555-0100',
      passwordHash,
      roles: [s.role],
      emailVerifiedAt: now,
    });
  }
}
