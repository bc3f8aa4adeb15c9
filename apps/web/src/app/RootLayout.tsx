import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
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
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (supportDialogOpen) setWanted(true);
  }, [supportDialogOpen]);
  if (!wanted && !supportDialogOpen) return null;
  return (
    <Suspense fallback={null}>
      <SupportDialog />
    </Suspense>
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
