/**
 * The pages a stranger opens first (the login and the public tracking link a consignee gets). Each
 * is an entry of its own in the web app (`login.html`, `track-shipment.html`), without the portal's
 * router and screens, so a first visit stays light; the server answers these paths with their
 * page and every other page with the portal's index.html.
 */
export const GUEST_PAGES = ['/login', '/track-shipment'] as const;
export type GuestPage = (typeof GUEST_PAGES)[number];

export const isGuestPage = (pathname: string): pathname is GuestPage => (GUEST_PAGES as readonly string[]).includes(pathname);

/** The built page of a guest page: `/login` -> `login.html`. */
export const guestPageFile = (page: GuestPage) => `${page.slice(1)}.html`;

/** The built page that answers a path: a guest page's own, or null for the portal's index.html. */
export const guestPageFileOf = (pathname: string) => (isGuestPage(pathname) ? guestPageFile(pathname) : null);
