/**
 * Roles and the doors of the admin area. The server's guards and the web
 * router both read these rules, so the UI never shows a door the API would refuse.
 */
export const ROLES = ['super_admin', 'fpg_admin', 'fpg_sales_admin', 'fpg_sales', 'fpg_ops', 'fpg_accounting', 'fpg_feature'] as const;
export type Role = (typeof ROLES)[number];

/** Every role but fpg_feature (a feature-preview flag, not a staff role). */
export const STAFF_ROLES: readonly Role[] = ROLES.filter((r) => r !== 'fpg_feature');

type Roles = readonly string[];
const hasAny = (roles: Roles, wanted: readonly Role[]) => roles.some((r) => wanted.includes(r as Role));

export const isStaff = (roles: Roles) => hasAny(roles, STAFF_ROLES);
export const isAdmin = (roles: Roles) => hasAny(roles, ['super_admin', 'fpg_admin']);
export const isSuperAdmin = (roles: Roles) => roles.includes('super_admin');
export const isSalesAdmin = (roles: Roles) => roles.includes('fpg_sales_admin');
/** The sales roles: who may be an account's sales rep. */
export const SALES_ROLES: readonly Role[] = ['fpg_sales', 'fpg_sales_admin'];
export const isSales = (roles: Roles) => hasAny(roles, SALES_ROLES);
export const isOps = (roles: Roles) => roles.includes('fpg_ops');
export const isFeature = (roles: Roles) => roles.includes('fpg_feature');
export const isAccounting = (roles: Roles) => roles.includes('fpg_accounting');
/** Who steers an account's credit (terms, limit, holds) and resolves invoice disputes: accounting and the admins. */
export const canManageCredit = (roles: Roles) => hasAny(roles, ['super_admin', 'fpg_admin', 'fpg_accounting']);
/** Who audits carrier invoices and runs payables: accounting and the admins (the audit queue, approvals, payables). */
export const canAuditCarrierInvoices = (roles: Roles) => hasAny(roles, ['super_admin', 'fpg_admin', 'fpg_accounting']);
/**
 * Who carries freight claims to the carriers (the staff claims queue, its assignments, messages and
 * the carrier's acknowledgement, decision and payment): ops, accounting and the admins.
 */
export const canHandleClaims = (roles: Roles) => hasAny(roles, ['super_admin', 'fpg_admin', 'fpg_ops', 'fpg_accounting']);
/**
 * Who works the exceptions queue (the shipments alerts say need a call) and acknowledges its
 * alerts: operations and the admins, as the alerts contract's EXCEPTION_QUEUE_ROLES.
 */
export const canWorkExceptionQueue = (roles: Roles) => hasAny(roles, ['super_admin', 'fpg_admin', 'fpg_ops']);
/** Who writes the customer pricing programs (what shippers pay over the carriers' cost): the admins and the sales admins. */
export const canEditPricing = (roles: Roles) => hasAny(roles, ['super_admin', 'fpg_admin', 'fpg_sales_admin']);
/**
 * Who reads pricing programs: those who write them (every program), and fpg_sales, who reads the
 * default program and those of the accounts it is the sales rep of (the server tells them apart).
 */
export const canReadPricing = (roles: Roles) => canEditPricing(roles) || roles.includes('fpg_sales');
/**
 * Who sees what a load cost the broker and its margin (cost, price, margin on staff screens and
 * reports): those who read pricing. The admins and sales admins see every account's; fpg_sales only
 * the accounts it is the sales rep of (the server tells them apart). Ops and accounting see prices only.
 */
export const canSeeMargin = (roles: Roles) => canReadPricing(roles);
/** Who sees every account's margin, not only their own accounts' (fpg_sales sees only its accounts'). */
export const seesEveryAccountsMargin = (roles: Roles) => canEditPricing(roles);
/** Who sets or clears an account's sales rep: the admins and the sales admins. */
export const canAssignSalesReps = (roles: Roles) => hasAny(roles, ['super_admin', 'fpg_admin', 'fpg_sales_admin']);
/** Who suspends an account (and reactivates it), or dismisses a proposal to: the admins and accounting. */
export const canSuspendAccounts = (roles: Roles) => hasAny(roles, ['super_admin', 'fpg_admin', 'fpg_accounting']);
/** Who, not allowed to suspend, proposes a suspension for those who are to decide: sales and ops. */
export const canProposeSuspension = (roles: Roles) =>
  !canSuspendAccounts(roles) && hasAny(roles, ['fpg_sales', 'fpg_sales_admin', 'fpg_ops']);

/**
 * Who may open an admin page beyond the staff rule:
 * - 'staff': every staff role (the spec restricts these no further);
 * - 'super_admin': super_admin only;
 * - 'not_accounting': staff, except that an fpg_accounting user is refused;
 * - 'credit': those who steer credit (`canManageCredit`);
 * - 'pricing': those who read the customer pricing programs (`canReadPricing`; a sales rep only its
 *   accounts' programs, read-only);
 * - 'margin': those who see margin (`canSeeMargin`; a sales rep only its accounts');
 * - 'payables': those who audit carrier invoices and run payables (`canAuditCarrierInvoices`);
 * - 'claims': those who carry freight claims to the carriers (`canHandleClaims`);
 * - 'exceptions': those who work the exceptions queue (`canWorkExceptionQueue`).
 */
export type AdminAccess =
  | 'staff'
  | 'super_admin'
  | 'not_accounting'
  | 'credit'
  | 'pricing'
  | 'margin'
  | 'payables'
  | 'claims'
  | 'exceptions';

export const ADMIN_PAGES = {
  dashboard: { path: 'dashboard', title: 'Dashboard', access: 'staff' },
  accounts: { path: 'accounts', title: 'Account Management', access: 'staff' },
  roles: { path: 'roles', title: 'Role Management', access: 'super_admin' },
  carriers: { path: 'carriers', title: 'Carriers', access: 'super_admin' },
  /** Not in the spec's table: every carrier's service side by side, and each one's scorecard by month (reads only). */
  carrierScorecards: { path: 'carrier-scorecards', title: 'Carrier Scorecards', access: 'staff' },
  integrationPartners: { path: 'integration-partners', title: 'Integration Partners', access: 'super_admin' },
  truckloadEquipment: { path: 'truckloads/equipment-types', title: 'Truckload Equipment', access: 'super_admin' },
  incidents: { path: 'incidents', title: 'API Incidents', access: 'super_admin' },
  shipments: { path: 'shipments', title: 'Shipments', access: 'staff' },
  partCatalog: { path: 'part-catalog', title: 'Part Catalog', access: 'staff' },
  scacAliases: { path: 'scac-aliases', title: 'Carrier SCAC Aliases', access: 'not_accounting' },
  integrations: { path: 'integrations', title: 'Integrations', access: 'super_admin' },
  oauth: { path: 'oauth', title: 'OAuth Credentials', access: 'super_admin' },
  notifications: { path: 'notifications', title: 'Notifications', access: 'super_admin' },
  /** Not in the spec's table: what staff did, searchable. */
  auditLog: { path: 'audit-log', title: 'Audit Log', access: 'super_admin' },
  /** Not in the spec's table: the support inbox, for every staff role. */
  support: { path: 'support', title: 'Support', access: 'staff' },
  /** Not in the spec's table: self-signed-up accounts' applications for credit terms. */
  creditApplications: { path: 'credit-applications', title: 'Credit Applications', access: 'credit' },
  /** Not in the spec's table: the customer pricing programs (what shippers pay over the carriers' cost). */
  pricing: { path: 'pricing', title: 'Pricing', access: 'pricing' },
  /** Not in the spec's table: price, cost and margin of the bookings by customer, lane, carrier, mode, rep or month. */
  margin: { path: 'margin', title: 'Margin', access: 'margin' },
  /** Not in the spec's table: what carriers bill, audited against the expected cost, and the payables run. */
  carrierInvoices: { path: 'carrier-invoices', title: 'Carrier Invoices', access: 'payables' },
  /** Not in the spec's table: the freight claims queue (docs/claims.md); its API sits behind the shipment pages' door as well. */
  claims: { path: 'claims', title: 'Claims', access: 'claims' },
  /** Not in the spec's table: the shipments alerts say need a call, across accounts, oldest first. */
  exceptions: { path: 'exceptions', title: 'Exceptions', access: 'exceptions' },
  /** Not in the spec's table: the shipments across a border by customs stage, for the same staff as the exceptions. */
  customs: { path: 'customs', title: 'Customs', access: 'exceptions' },
} as const satisfies Record<string, { path: string; title: string; access: AdminAccess }>;

export type AdminPageKey = keyof typeof ADMIN_PAGES;
export const ADMIN_PAGE_KEYS = Object.keys(ADMIN_PAGES) as AdminPageKey[];

export function canOpenAdminPage(roles: Roles, page: AdminPageKey): boolean {
  if (!isStaff(roles)) return false;
  switch (ADMIN_PAGES[page].access) {
    case 'staff':
      return true;
    case 'super_admin':
      return isSuperAdmin(roles);
    case 'not_accounting':
      return !isAccounting(roles);
    case 'credit':
      return canManageCredit(roles);
    case 'pricing':
      return canReadPricing(roles);
    case 'margin':
      return canSeeMargin(roles);
    case 'payables':
      return canAuditCarrierInvoices(roles);
    case 'claims':
      return canHandleClaims(roles);
    case 'exceptions':
      return canWorkExceptionQueue(roles);
  }
}
