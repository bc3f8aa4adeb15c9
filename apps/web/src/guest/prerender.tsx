// Not an entry of the browser's: the build renders each guest page's frame with it, in Node
// (prerender-guest-pages.ts), into the page's HTML, which the browser then hydrates (mount.tsx).
import type { GuestPage, Language } from '@freight/domain';
import { renderToString } from 'react-dom/server';
import { changeLanguage } from '../lib/i18n';
import { appTree } from '../mount';
import { GuestApp } from './GuestApp';
import { GUEST_PAGE_SCREENS } from './pages';

/** The markup of a guest page as a guest first sees it in `language`: no query, no user, no answer yet. */
export async function prerender(page: GuestPage, language: Language): Promise<string> {
  await changeLanguage(language);
  return renderToString(appTree(<GuestApp page={GUEST_PAGE_SCREENS[page]} />));
}
