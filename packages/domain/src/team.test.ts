import { describe, expect, it } from 'vitest';
import {
  approvalReasons,
  type BookingFacts,
  type BookingRights,
  CUSTOMER_PERMISSIONS,
  CUSTOMER_ROLES,
  customerCan,
  permissionsOf,
} from './team';

const booking = (over: Partial<BookingFacts> = {}): BookingFacts => ({
  totalCents: 30_000,
  hazardous: false,
  mode: 'ltl',
  insuredValueCents: 0,
  newCarrier: false,
  ...over,
});
const shipper = (over: Partial<BookingRights> = {}): BookingRights => ({
  role: 'shipper',
  limitCents: 50_000,
  approvalRequiredFor: [],
  ...over,
});

describe('what each customer role may do', () => {
  it('gives the account admin every right and nobody without a role any', () => {
    for (const p of CUSTOMER_PERMISSIONS) {
      expect(customerCan('account_admin', p)).toBe(true);
      expect(customerCan(null, p)).toBe(false);
    }
  });
  it('lets a shipper quote and book but not pay invoices or manage the team', () => {
    expect(customerCan('shipper', 'shipments.book')).toBe(true);
    expect(customerCan('shipper', 'quotes.run')).toBe(true);
    expect(customerCan('shipper', 'invoices.pay')).toBe(false);
    expect(customerCan('shipper', 'team.manage')).toBe(false);
  });
  it('lets billing pay and read quotes and tracking, but not quote or book', () => {
    expect(customerCan('billing', 'invoices.pay')).toBe(true);
    expect(customerCan('billing', 'credit.apply')).toBe(true);
    expect(customerCan('billing', 'shipments.view')).toBe(true);
    expect(customerCan('billing', 'quotes.view')).toBe(true);
    expect(customerCan('billing', 'quotes.run')).toBe(false);
    expect(customerCan('billing', 'shipments.book')).toBe(false);
  });
  it('opens analytics to admins, shippers and billing, and to a viewer only where the account allows it', () => {
    for (const role of ['account_admin', 'shipper', 'billing'] as const) expect(customerCan(role, 'analytics.view')).toBe(true);
    expect(customerCan('viewer', 'analytics.view')).toBe(false);
    expect(customerCan('viewer', 'analytics.view', { viewersSeeAnalytics: false })).toBe(false);
    expect(customerCan('viewer', 'analytics.view', { viewersSeeAnalytics: true })).toBe(true);
    expect(permissionsOf('viewer', { viewersSeeAnalytics: true })).toContain('analytics.view');
    // The account's grant is for viewers' reading only: it gives nothing else.
    expect(customerCan('viewer', 'quotes.run', { viewersSeeAnalytics: true })).toBe(false);
  });
  it('gives a viewer no right that changes anything', () => {
    const changing = CUSTOMER_PERMISSIONS.filter((p) => !p.endsWith('.view'));
    for (const p of changing) expect(customerCan('viewer', p)).toBe(false);
  });
  it('only the account admin manages the team and the account', () => {
    for (const role of CUSTOMER_ROLES) {
      expect(customerCan(role, 'team.manage')).toBe(role === 'account_admin');
      expect(customerCan(role, 'account.manage')).toBe(role === 'account_admin');
    }
  });
});

describe('when a booking waits for approval', () => {
  it('lets a booking at or under the limit through and holds one over it', () => {
    expect(approvalReasons(shipper(), booking({ totalCents: 50_000 }))).toEqual([]);
    expect(approvalReasons(shipper(), booking({ totalCents: 50_001 }))).toEqual(['over_limit']);
  });
  it('has no limit when none is set', () => {
    expect(approvalReasons(shipper({ limitCents: null }), booking({ totalCents: 10_000_000 }))).toEqual([]);
  });
  it('never holds an account admin', () => {
    const admin: BookingRights = { role: 'account_admin', limitCents: 0, approvalRequiredFor: ['hazmat', 'truckload'] };
    expect(approvalReasons(admin, booking({ totalCents: 9_999_999, hazardous: true, mode: 'truckload' }))).toEqual([]);
  });
  it('holds hazmat, truckload, insurance past the first tier and a new carrier only when the admin asked', () => {
    const facts = booking({ hazardous: true, mode: 'truckload', insuredValueCents: 500_001, newCarrier: true });
    expect(approvalReasons(shipper(), facts)).toEqual([]);
    const strict = shipper({ approvalRequiredFor: ['hazmat', 'truckload', 'over_limit_insurance', 'new_carrier'] });
    expect(approvalReasons(strict, { ...facts, totalCents: 60_000 })).toEqual([
      'over_limit',
      'hazmat',
      'truckload',
      'over_limit_insurance',
      'new_carrier',
    ]);
  });
  it('does not count insurance up to the first tier as over the limit', () => {
    const strict = shipper({ approvalRequiredFor: ['over_limit_insurance'] });
    expect(approvalReasons(strict, booking({ insuredValueCents: 500_000 }))).toEqual([]);
  });
});
