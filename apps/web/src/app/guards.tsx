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
  return <Outlet />;
}
