import { lazy } from 'react';
import { Outlet } from 'react-router';
import { LoadWhenFirstNeeded } from '../components/LoadWhenFirstNeeded';
import { loadScreenCatalogs } from '../lib/i18n';
import { useSupport } from '../lib/support';
import { AdminDoorBlocker } from './adminDoor';
import { LanguageSync } from './LanguageSync';
import { NavigationPending } from './NavigationPending';

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

/** Above every route: keeps the language in step with the user and guards the admin doors. */
export function RootLayout() {
  return (
    <>
      <LanguageSync />
      <NavigationPending />
      <AdminDoorBlocker />
      <Outlet />
      <SupportDialogSlot />
    </>
  );
}
