import { type AdminPageKey, canOpenAdminPage, isStaff } from '@freight/domain';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useBlocker } from 'react-router';
import { mayEnter } from '../lib/adminPaths';
import { useAuthUser } from '../lib/auth';
import { paths } from '../lib/paths';

/**
 * The admin area's refusal: a red notification titled 'Unauthrized' (sic). One fixed id, so
 * a refusal repeated while the notice is still up (or an effect run twice) does not stack copies.
 */
export function notifyRefused(t: (key: string) => string) {
  notifications.show({
    id: 'admin-door-refused',
    color: 'red',
    title: t('admin.door.title'),
    message: t('admin.door.message'),
  });
}

/**
 * Stops in-app navigation (links, navigate(), back/forward) to an admin page the user may not
 * open: the navigation never completes, the user stays where they were and is told why.
 */
export function AdminDoorBlocker() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const roles = user?.roles;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!roles) return false; // guests are sent to /login by the login guard
    if (currentLocation.pathname === nextLocation.pathname) return false;
    return !mayEnter(roles, nextLocation.pathname);
  });
  useEffect(() => {
    if (blocker.state === 'blocked') {
      notifyRefused(t);
      blocker.reset();
    }
  }, [blocker, t]);
  return null;
}

/**
 * Route-level door for direct loads of a URL (nothing to stay on): refuse, then land on the
 * dashboard (staff) or the home page (everyone else).
 */
export function AdminDoor({ page, children }: { page: AdminPageKey; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useAuthUser();
  const roles = user?.roles ?? [];
  const allowed = canOpenAdminPage(roles, page);
  useEffect(() => {
    if (!allowed) notifyRefused(t);
  }, [allowed, t]);
  if (!allowed) return <Navigate replace to={isStaff(roles) ? paths.admin.dashboard : paths.home} />;
  return <>{children}</>;
}

/** The staff rule for the whole /admin area (customers and fpg_feature land on /). */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useAuthUser();
  const staff = !!user && isStaff(user.roles);
  useEffect(() => {
    if (user && !staff) notifyRefused(t);
  }, [user, staff, t]);
  if (!staff) return <Navigate replace to={paths.home} />;
  return <>{children}</>;
}
