/**
 * Every page of the app, for the accessibility walk (e2e/tests/a11y-every-page.spec.ts): the router
 * pattern each entry stands for, a concrete URL on the demo data, who opens it and the dialogs,
 * menus and panels it opens. apps/web/src/app/everyPage.test.ts fails when the web router has a
 * route this list does not walk, or this list a pattern the router no longer has.
 *
 * Pure data and small helpers: the web unit test imports it, so nothing of Playwright's.
 */

import { ADMIN_PAGES } from './every-page-admin';
import type { PageToWalk } from './every-page-parts';
import { ACCOUNT_PAGES, CUSTOMER_PAGES, GUEST_PAGES } from './every-page-portal';

export {
  type Control,
  either,
  LANGUAGES,
  type Language,
  type PageToWalk,
  type Popup,
  REDIRECTS,
  startsWith,
  type Visitor,
} from './every-page-parts';

export const EVERY_PAGE: readonly PageToWalk[] = [...GUEST_PAGES, ...ACCOUNT_PAGES, ...CUSTOMER_PAGES, ...ADMIN_PAGES];
