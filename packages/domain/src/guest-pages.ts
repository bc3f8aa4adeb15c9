import type { Language } from './settings';

/**
 * The pages a stranger opens first (the login and the public tracking link a consignee gets). Each
 * is an entry of its own in the web app (`login.html`, `track-shipment.html`), without the portal's
 * router and screens, so a first visit stays light; the server answers these paths with their
 * page and every other page with the portal's index.html.
 */
export const GUEST_PAGES = ['/login', '/track-shipment'] as const;
export type GuestPage = (typeof GUEST_PAGES)[number];

export const isGuestPage = (pathname: string): pathname is GuestPage => (GUEST_PAGES as readonly string[]).includes(pathname);

/**
 * The built page of a guest page: `/login` -> `login.html`, the source of its build and its English
 * page. The build prerenders each page's frame into it, and into one page a language more
 * (`login.es.html`), so a visitor sees the page before its script has run.
 */
export const guestPageFile = (page: GuestPage, language: Language = 'en') =>
  language === 'en' ? `${page.slice(1)}.html` : `${page.slice(1)}.${language}.html`;

/**
 * The cookie that tells the server the language of a visitor's next page (the web app mirrors its
 * language into it), so the prerendered guest page it sends is in the language the app will show.
 */
export const LANGUAGE_COOKIE = 'language';

/** The built page that answers a path: a guest page's own, or null for the portal's index.html. */
export const guestPageFileOf = (pathname: string) => (isGuestPage(pathname) ? guestPageFile(pathname) : null);
