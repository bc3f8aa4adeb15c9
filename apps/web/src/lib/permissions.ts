import type { CurrentUser } from '@freight/contracts';
import type { CustomerPermission } from '@freight/domain';
import { matchRoutes } from 'react-router';
import { useAuthUser } from './auth';
import { paths } from './paths';

/**
 * What the signed-in user's team role lets them do, as GET /api/user says (`account.permissions`):
 * the web draws only what the server would allow. Staff without a customer account may do none of it.
 */
export const can = (user: Pick<CurrentUser, 'account'> | null | undefined, permission: CustomerPermission) =>
  user?.account?.permissions.includes(permission) ?? false;

/** Whether the signed-in user's role grants `permission` (re-renders when the user is refreshed). */
export function useCan(permission: CustomerPermission): boolean {
  return can(useAuthUser(), permission);
}

/**
 * Which permission each page of the customer area needs, by the router's patterns (a page not
 * named needs none). app/teamDoor.test.tsx fails when the router has a customer page this list
 * does not name.
 */
export const CUSTOMER_PAGES: readonly { path: string; permission?: CustomerPermission }[] = [
  // Quote & Ship in all its forms, and the saved quote each re-runs.
  { path: '/', permission: 'quotes.run' },
  { path: '/:clientrefnum', permission: 'quotes.run' },
  { path: '/:clientrefnum/q', permission: 'quotes.run' },
  { path: '/quote', permission: 'quotes.run' },
  { path: '/quote/:id/:return?', permission: 'quotes.run' },
  { path: '/quote-shipment', permission: 'quotes.run' },
  { path: '/quote-shipment/international', permission: 'quotes.run' },
  { path: '/quote-shipment/:id/:return?', permission: 'quotes.run' },
  { path: '/truckload', permission: 'quotes.run' },
  { path: '/truckload/:id/:return?', permission: 'quotes.run' },
  { path: '/quote-history', permission: 'quotes.view' },
  { path: '/saved-quotes', permission: 'quotes.view' },
  { path: '/ebay-quote/:ebayId', permission: 'ebay.ship' },
  { path: '/quote-ebay-shipment/:ebayId', permission: 'ebay.ship' },
  { path: '/orders/ebay', permission: 'ebay.view' },
  { path: '/product-catalog', permission: 'catalog.view' },
  { path: '/address-book', permission: 'addresses.view' },
  { path: '/track', permission: 'shipments.view' },
  { path: '/track/detail/:loadId', permission: 'shipments.view' },
  // Alerts are about the account's shipments: read with them.
  { path: '/alerts', permission: 'shipments.view' },
  { path: '/my-shipments', permission: 'shipments.view' },
  { path: '/analytics', permission: 'analytics.view' },
  { path: '/my-invoices', permission: 'invoices.view' },
  { path: '/my-invoices/history', permission: 'invoices.view' },
  { path: '/invoice-detail/:id', permission: 'invoices.view' },
  { path: '/settings' },
  { path: '/settings/account' }, // read by all; its changes are the account admin's
  { path: '/settings/api', permission: 'account.manage' },
  // Account admins write the rules; whoever quotes reads them (their quotes follow them).
  { path: '/settings/rules', permission: 'quotes.run' },
  { path: '/settings/credit', permission: 'credit.apply' },
  { path: '/settings/security' },
  { path: '/settings/team', permission: 'team.manage' },
  { path: '/settings/activity', permission: 'team.manage' },
  { path: '/settings/payment-methods', permission: 'invoices.pay' },
  { path: '/approvals', permission: 'shipments.view' },
  { path: '/approvals/:id', permission: 'shipments.view' },
  { path: '/approvals/link/:token', permission: 'team.manage' },
  // Claims are read with the shipments and filed and written by those who book them (docs/claims.md).
  { path: '/claims', permission: 'shipments.view' },
  { path: '/claims/:id', permission: 'shipments.view' },
  { path: '/claims/file/:shipmentId', permission: 'shipments.book' },
  // Batches are read with the shipments; the page offers uploading, fixing, rating and booking to those who book.
  { path: '/batches', permission: 'shipments.view' },
  { path: '/batches/:id', permission: 'shipments.view' },
  { path: '/video-tutorials' },
  { path: '/support' },
  { path: '/support/:id' },
];

/** Whether a page's path has neither a parameter nor a splat, so it matches only itself. */
export const isStaticPath = (path: string) => !/[:*]/.test(path);

/**
 * The pages without parameters, by their path. A path equal to one of them is that page whatever
 * else matches it (the router ranks a wholly static path first), so the menus, which ask for every
 * item at each render, skip the router's matching: it ranks the whole table again at each call,
 * about a tenth of a list page's first render on a slowed phone.
 */
const STATIC_PAGES = new Map(CUSTOMER_PAGES.filter((page) => isStaticPath(page.path)).map((page) => [page.path, page.permission]));

/** The permission the customer page at `pathname` needs, if any (the router's own ranking picks the page). */
export function pagePermission(pathname: string): CustomerPermission | undefined {
  if (STATIC_PAGES.has(pathname)) return STATIC_PAGES.get(pathname);
  const matched = matchRoutes(CUSTOMER_PAGES as { path: string; permission?: CustomerPermission }[], pathname);
  return matched?.at(-1)?.route.permission;
}

/** Whether the user may open the customer page at `pathname`. */
export function mayOpenPage(user: Pick<CurrentUser, 'account'> | null | undefined, pathname: string): boolean {
  const permission = pagePermission(pathname);
  return !permission || can(user, permission);
}

/** Where the customer area starts for a role that cannot quote: its shipments, which every role sees. */
export const homeOf = (user: Pick<CurrentUser, 'account'> | null | undefined) => (can(user, 'quotes.run') ? paths.home : paths.myShipments);
