import { basename } from 'node:path';
import { test } from '@playwright/test';

/**
 * The spec files that still sign in as a demo user. A demo user is shared by every scenario that
 * signs in as them: their sessions, settings and authenticator steps, so what one scenario does to
 * them (a logout everywhere, a language, a code used) reaches the one beside it. A file leaves this
 * list when it signs in as users of its own (support/seed.ts: a company of its own, a colleague,
 * staff, or a demo user's look-alike); the list only shrinks, and a file not on it that signs in
 * as a demo user fails at once.
 */
export const SHARES_DEMO_USERS: readonly string[] = [
  'a11y-every-page.spec.ts',
  'accessibility-statement.spec.ts',
  'address-book.spec.ts',
  'admin-accounts.spec.ts',
  'admin-carriers.spec.ts',
  'admin-dashboard.spec.ts',
  'admin-doors.spec.ts',
  'admin-equipment-types.spec.ts',
  'admin-exports.spec.ts',
  'admin-part-catalog.spec.ts',
  'admin-partner-api.spec.ts',
  'admin-queue-exports.spec.ts',
  'admin-scac-incidents.spec.ts',
  'admin-shipments.spec.ts',
  'alerts.spec.ts',
  'analytics-export.spec.ts',
  'analytics-report.spec.ts',
  'analytics.spec.ts',
  'approvals.spec.ts',
  'automation-rules.spec.ts',
  'autopay.spec.ts',
  'bank-verification.spec.ts',
  'book-and-track.spec.ts',
  'carrier-invoices.spec.ts',
  'carrier-scorecards.spec.ts',
  'carrier-visibility.spec.ts',
  'consignee-alerts.spec.ts',
  'credit-application.spec.ts',
  'delivery-windows.spec.ts',
  'ebay-orders.spec.ts',
  'form-errors.spec.ts',
  'guest-pages.spec.ts',
  'holiday-week.spec.ts',
  'invoices.spec.ts',
  'keyboard-only.spec.ts',
  'margin-report.spec.ts',
  'not-found.spec.ts',
  'parcel-documents.spec.ts',
  'paused-carrier.spec.ts',
  'phone-width.spec.ts',
  'prepaid-pay-reship-cancel.spec.ts',
  'pricing-live.spec.ts',
  'pricing-programs.spec.ts',
  'product-catalog.spec.ts',
  'proof-of-delivery.spec.ts',
  'quote-ltl.spec.ts',
  'quote-margin.spec.ts',
  'quote-parcel-and-overrides.spec.ts',
  'quote-spanish-metric.spec.ts',
  'quote-to-booking.spec.ts',
  'sales-reps.spec.ts',
  'session.spec.ts',
  'settings-api.spec.ts',
  'shipment-margin.spec.ts',
  'shipment-watchers.spec.ts',
  'site-notifications.spec.ts',
  'spanish.spec.ts',
  'staff-clocks.spec.ts',
  'staff-passkey.spec.ts',
  'staff-two-factor.spec.ts',
  'support-attachments.spec.ts',
  'support-chat.spec.ts',
  'support-stream-ends.spec.ts',
  'team-invite-to-approval.spec.ts',
  'team-records.spec.ts',
  'team-roles.spec.ts',
  'text-resize.spec.ts',
  'truckload-and-value.spec.ts',
  'truckload-stops.spec.ts',
  'video-tutorials.spec.ts',
];

/**
 * Files taken off the list for this run (E2E_STRICT_FILES=a.spec.ts,b.spec.ts): to prove a file
 * moved to users of its own before it leaves the list.
 */
const strict = new Set((process.env.E2E_STRICT_FILES ?? '').split(',').filter(Boolean));

/** Fails the scenario when its file is not on SHARES_DEMO_USERS and `email` is a demo user's. */
export function refuseSharedDemoUser(email: string) {
  if (!email.toLowerCase().endsWith('@demo.test')) return;
  const file = basename(test.info().file);
  if (SHARES_DEMO_USERS.includes(file) && !strict.has(file)) return;
  throw new Error(
    `${file} signs in as ${email}, a demo user other scenarios share: sign in as a user of its own (support/seed.ts: seedLookAlike, startAsNewCompany, seedColleague, seedStaff)`,
  );
}
