import { INSURANCE_FIRST_TIER_CENTS } from './rating/insurance';
import type { Cents } from './rating/types';

/**
 * A business account's team: the role each customer user holds inside the account, what each role
 * may do, and the rule that decides whether a booking needs an account admin's approval. The
 * server's guards and the web both read these, so a screen never offers what the API refuses.
 */

export const CUSTOMER_ROLES = ['account_admin', 'shipper', 'billing', 'viewer'] as const;
export type CustomerRole = (typeof CUSTOMER_ROLES)[number];

/**
 * What a customer user may do. Everyone may keep their own profile, password, preferences and
 * second factors, and talk to support; these are the rights that differ between roles.
 */
export const CUSTOMER_PERMISSIONS = [
  /** Quote history, saved quotes, a quote's rates. */
  'quotes.view',
  /** Run, save and re-run quotes. */
  'quotes.run',
  /** My Shipments, tracking, a shipment's documents; watching a shipment oneself. */
  'shipments.view',
  /** Book, cancel, reship and pay for a booking; add or remove a colleague as a shipment's watcher. */
  'shipments.book',
  'addresses.view',
  'addresses.edit',
  'catalog.view',
  'catalog.edit',
  /** The marketplace orders and stores. */
  'ebay.view',
  /** Quote and ship a marketplace order; connect or disconnect a store. */
  'ebay.ship',
  /** Open invoices, invoice history, statements. */
  'invoices.view',
  /** Pay invoices and dispute them. */
  'invoices.pay',
  /** Apply for credit terms. */
  'credit.apply',
  /** Invite, change and deactivate colleagues; set limits; decide approvals; read the activity log. */
  'team.manage',
  /** Account settings: addresses of the account, single sign-on, the team's second-factor rule, API credentials, webhooks. */
  'account.manage',
  /** The Analytics page: spend, service and invoice accuracy of the account's shipments. */
  'analytics.view',
] as const;
export type CustomerPermission = (typeof CUSTOMER_PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<CustomerRole, readonly CustomerPermission[]> = {
  account_admin: CUSTOMER_PERMISSIONS,
  shipper: [
    'quotes.view',
    'quotes.run',
    'shipments.view',
    'shipments.book',
    'addresses.view',
    'addresses.edit',
    'catalog.view',
    'catalog.edit',
    'ebay.view',
    'ebay.ship',
    'analytics.view',
  ],
  billing: ['quotes.view', 'shipments.view', 'invoices.view', 'invoices.pay', 'credit.apply', 'analytics.view'],
  viewer: ['quotes.view', 'shipments.view', 'addresses.view', 'catalog.view', 'ebay.view', 'invoices.view'],
};

export const isCustomerRole = (value: unknown): value is CustomerRole => CUSTOMER_ROLES.includes(value as CustomerRole);

/**
 * What an account's admin lets roles do beyond their own rights: a viewer reads analytics only
 * when the account allows it, since spend is not every onlooker's business.
 */
export interface AccountGrants {
  viewersSeeAnalytics: boolean;
}

const granted = (role: CustomerRole, permission: CustomerPermission, account: AccountGrants | null | undefined) =>
  role === 'viewer' && permission === 'analytics.view' && account?.viewersSeeAnalytics === true;

/** Whether `role` may do `permission`; `account` brings what the account grants on top of the role. */
export function customerCan(
  role: CustomerRole | null | undefined,
  permission: CustomerPermission,
  account?: AccountGrants | null,
): boolean {
  return role != null && (ROLE_PERMISSIONS[role].includes(permission) || granted(role, permission, account));
}

export const permissionsOf = (role: CustomerRole | null | undefined, account?: AccountGrants | null): readonly CustomerPermission[] =>
  role ? CUSTOMER_PERMISSIONS.filter((p) => customerCan(role, p, account)) : [];

/** An invitation's link works for seven days. */
export const INVITATION_TTL_DAYS = 7;
/** An approval link mailed to an account admin works once, for as long as this. */
export const APPROVAL_LINK_TTL_DAYS = 7;

/** What, besides going over the limit, may need an account admin's approval. */
export const APPROVAL_RULES = ['hazmat', 'truckload', 'over_limit_insurance', 'new_carrier'] as const;
export type ApprovalRule = (typeof APPROVAL_RULES)[number];

/** Why a booking waits for approval: a user's limit or rules, or an automation rule that holds it for review. */
export const APPROVAL_REASONS = ['over_limit', ...APPROVAL_RULES, 'automation_rule'] as const;
export type ApprovalReason = (typeof APPROVAL_REASONS)[number];

/** A user's booking rights, as an account admin set them. */
export interface BookingRights {
  role: CustomerRole;
  /** The most a single booking may cost (total charge) without approval; null means no limit. */
  limitCents: Cents | null;
  /** What needs approval whatever the amount. */
  approvalRequiredFor: readonly ApprovalRule[];
}

/** The facts of a booking the rule looks at. */
export interface BookingFacts {
  totalCents: Cents;
  hazardous: boolean;
  mode: 'ltl' | 'parcel' | 'truckload';
  /** The insured value, in cents of the booking's currency; 0 when uninsured. */
  insuredValueCents: Cents;
  /** The account has never booked with this carrier before. */
  newCarrier: boolean;
  /** One of the account's automation rules matches the shipment and holds it for review. */
  heldByRule?: boolean;
}

/**
 * Why this booking needs an account admin's approval, in a stable order; empty when the user may
 * book it. Account admins decide approvals, so their own bookings never wait. Insurance is "over
 * limit" past the first tier of cover, where the premium's rate steps up.
 */
export function approvalReasons(rights: BookingRights, booking: BookingFacts): ApprovalReason[] {
  if (rights.role === 'account_admin') return [];
  const reasons: ApprovalReason[] = [];
  if (rights.limitCents != null && booking.totalCents > rights.limitCents) reasons.push('over_limit');
  const needs = (rule: ApprovalRule) => rights.approvalRequiredFor.includes(rule);
  if (needs('hazmat') && booking.hazardous) reasons.push('hazmat');
  if (needs('truckload') && booking.mode === 'truckload') reasons.push('truckload');
  if (needs('over_limit_insurance') && booking.insuredValueCents > INSURANCE_FIRST_TIER_CENTS) reasons.push('over_limit_insurance');
  if (needs('new_carrier') && booking.newCarrier) reasons.push('new_carrier');
  if (booking.heldByRule) reasons.push('automation_rule');
  return reasons;
}
