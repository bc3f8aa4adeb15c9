import { isStaff } from '@freight/domain';
import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthUser } from '../lib/auth';
import { useCurrentUserQuery } from '../lib/currentUserQuery';
import { loginWithRedirect, paths } from '../lib/paths';

/** Shown while a page's first chunk or the signed-in user is on its way. */
export function PageLoading() {
  return (
    <Center h="50vh">
      <Loader />
    </Center>
  );
}

/**
 * Login required: guests go to /login?redirect=..., an unverified user goes to /verify-email
 * (unless `allowUnverified`). The stored user is refreshed from /api/user in the background.
 */
export function RequireAuth({ allowUnverified = false }: { allowUnverified?: boolean }) {
  const user = useAuthUser();
  const location = useLocation();
  const query = useCurrentUserQuery(!!user);
  if (!user) return <Navigate replace to={loginWithRedirect(`${location.pathname}${location.search}`)} />;
  if (!allowUnverified && !user.email_verified_at) {
    if (query.isFetching) return <PageLoading />;
    return <Navigate replace to={paths.verifyEmail} />;
  }
  // Staff, and users of an account that requires it, enrol a second factor before any other page.
  const enrolAt = isStaff(user.roles) ? paths.admin.security : paths.securitySettings;
  if (!allowUnverified && user.two_factor_enrolment_required && location.pathname !== enrolAt) {
    return <Navigate replace to={enrolAt} />;
  }
  return <Outlet />;
}

/**
 * The customer pages need a customer account (the server answers 403 without one): staff without
 * one go to the admin area, and a user whose roles open neither (fpg_feature alone) to the page
 * that says what the role does.
 */
export function RequireCustomerAccount() {
  const user = useAuthUser();
  const { pathname } = useLocation();
  // Settings are the user's own too (profile, password, language): staff reach them from the user menu.
  const ownSettings = pathname === paths.settings || pathname.startsWith(`${paths.settings}/`);
  if (user && !user.account && !ownSettings) {
    return <Navigate replace to={isStaff(user.roles) ? paths.admin.dashboard : paths.noAccess} />;
  }
  return <Outlet />;
}
