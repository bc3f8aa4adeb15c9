import { Outlet } from 'react-router';
import { SupportDialog } from '../components/support/SupportDialog';
import { AdminDoorBlocker } from './adminDoor';
import { LanguageSync } from './LanguageSync';

/** Above every route: keeps the language in step with the user and guards the admin doors. */
export function RootLayout() {
  return (
    <>
      <LanguageSync />
      <AdminDoorBlocker />
      <Outlet />
      <SupportDialog />
    </>
  );
}
