import { lazy } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadWhenFirstNeeded } from '../components/LoadWhenFirstNeeded';
import { loadScreenCatalogs } from '../lib/i18n';
import { useSupport } from '../lib/support';
import { AdminDoorBlocker } from './adminDoor';
import { LanguageSync } from './LanguageSync';
import { NavigationPending } from './NavigationPending';
import { ScrollBackToPlace } from './ScrollBackToPlace';

/** The Support dialog (a modal with its scroll area) loads the first time someone opens it, with its words. */
const SupportDialog = lazy(() =>
  Promise.all([import('../components/support/SupportDialog'), loadScreenCatalogs()]).then(([m]) => ({ default: m.SupportDialog })),
);

function SupportDialogSlot() {
  const { supportDialogOpen } = useSupport();
  return (
    <LoadWhenFirstNeeded needed={supportDialogOpen}>
      <SupportDialog />
    </LoadWhenFirstNeeded>
  );
}

/**
 * Above every route: keeps the language in step with the user, guards the admin doors, and puts a
 * page opened from a link at its top (the browser's back and forward return to where the reader
 * was). Without ScrollRestoration a page opened from far down a list kept the list's scroll, its
 * title under the header. Changes of a page's own query (a list's filters, sort or page, a tab)
 * pass `preventScrollReset`, so they keep the reader's place. ScrollBackToPlace finishes a return
 * to the reader's place when the page is drawn after the scroll.
 */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <ScrollBackToPlace />
      <LanguageSync />
      <NavigationPending />
      <AdminDoorBlocker />
      <Outlet />
      <SupportDialogSlot />
    </>
  );
}
