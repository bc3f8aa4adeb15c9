import { ADMIN_PAGES, type AdminPageKey, canOpenAdminPage, isStaff } from '@freight/domain';

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
