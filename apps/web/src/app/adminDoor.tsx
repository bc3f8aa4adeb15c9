import { ADMIN_PAGES, type AdminPageKey, canOpenAdminPage, isStaff } from '@freight/domain';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useBlocker } from 'react-router';
import { useAuthUser } from '../lib/auth';
import { paths } from '../lib/paths';

const BY_LENGTH = (Object.keys(ADMIN_PAGES) as AdminPageKey[]).sort((a, b) => ADMIN_PAGES[b].path.length - ADMIN_PAGES[a].path.length);

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** The admin page (door) a path belongs to: /admin/accounts/7 -> 'accounts'. */
export function adminPageOf(pathname: string): AdminPageKey | null {
  if (!pathname.startsWith('/admin/')) return null;
  const rest = pathname.slice('/admin/'.length).replace(/\/+$/, '');
  return BY_LENGTH.find((k) => rest === ADMIN_PAGES[k].path || rest.startsWith(`${ADMIN_PAGES[k].path}/`)) ?? null;
}

/** May these roles go to this path? Non-admin paths are always fine here. */
export function mayEnter(roles: readonly string[], pathname: string): boolean {
  if (!isAdminPath(pathname)) return true;
  if (!isStaff(roles)) return false;
  const key = adminPageOf(pathname);
  return key === null ? true : canOpenAdminPage(roles, key);
}

/**
 * The refusal of spec section 6: a red notification titled 'Unauthrized' (sic). One fixed id, so
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
