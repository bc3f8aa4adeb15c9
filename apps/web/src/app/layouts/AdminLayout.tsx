import { ADMIN_PAGE_KEYS, canOpenAdminPage } from '@freight/domain';
import { AppShell, Burger, Divider, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { SiteNotices } from '../../components/notices/SiteNotices';
import { useAuthUser } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { adminPageOf, RequireStaff } from '../adminDoor';
import { UserMenu } from './UserMenu';

/**
 * Admin area. Every admin page is listed, so staff know what exists; a page this user's roles
 * may not open is dimmed with a lock, and following it is refused by the door (spec section 6:
 * the 'Unauthrized' notification, and the navigation does not complete).
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const roles = user?.roles ?? [];
  const current = adminPageOf(pathname);
  return (
    <RequireStaff>
      <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
              <Text fw={700} size="lg">
                {t('app.name')} · {t('admin.area')}
              </Text>
            </Group>
            <UserMenu />
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm" aria-label={t('admin.nav')}>
          {ADMIN_PAGE_KEYS.map((k) => {
            const open = canOpenAdminPage(roles, k);
            return (
              <NavLink
                key={k}
                component={Link}
                to={paths.admin.page(k)}
                label={t(`admin.pages.${k}`)}
                title={open ? undefined : t('admin.door.message')}
                rightSection={open ? undefined : <LockIcon />}
                c={open ? undefined : 'dimmed'}
                active={current === k}
                onClick={open ? close : undefined}
              />
            );
          })}
          {/* Staff without a customer account would find only pages whose every call answers 403. */}
          {user?.account && (
            <>
              <Divider my="sm" />
              <NavLink component={Link} to={paths.home} label={t('admin.back_to_portal')} onClick={close} />
            </>
          )}
        </AppShell.Navbar>
        <AppShell.Main>
          <SiteNotices />
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </RequireStaff>
  );
}

/** A small padlock; an inline SVG so it shows on machines without an emoji font. */
function LockIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
