import { ADMIN_PAGE_KEYS, canOpenAdminPage } from '@freight/domain';
import { AppShell, Badge, Burger, Divider, Group, NavLink, Text } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SkipLink } from '../../components/a11y/SkipLink';
import { inboxSummaryQuery, useStaffSupportLive } from '../../features/admin/api/supportApi';
import { adminPageOf } from '../../lib/adminPaths';
import { useAuthUser } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { RequireStaff } from '../adminDoor';
import { ShellMain } from './ShellMain';
import { UserMenu } from './UserMenu';
import { usePhoneNavigation } from './usePhoneNavigation';

/**
 * Admin area. Every admin page is listed, so staff know what exists; a page this user's roles
 * may not open is dimmed with a lock, and following it is refused by the door
 * (the 'Unauthrized' notification, and the navigation does not complete).
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const { pathname } = useLocation();
  const { followed, covered, burgerProps, navbarProps, collapsed } = usePhoneNavigation();
  const roles = user?.roles ?? [];
  const current = adminPageOf(pathname);
  const canSupport = canOpenAdminPage(roles, 'support');
  useStaffSupportLive(canSupport);
  const summary = useQuery({ ...inboxSummaryQuery(), enabled: canSupport });
  const unread = summary.data?.unread ?? 0;
  return (
    <RequireStaff>
      {/* Confirm dialogs (modals.openConfirmModal) are the admin area's alone: a first visit elsewhere need not load them. */}
      <ModalsProvider>
        <SkipLink />
        <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: 'sm', collapsed }} padding="md">
          <AppShell.Header>
            <Group h="100%" px="md" justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Burger {...burgerProps} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
                <Text fw={700} size="lg">
                  {t('app.name')} · {t('admin.area')}
                </Text>
              </Group>
              <UserMenu />
            </Group>
          </AppShell.Header>
          <AppShell.Navbar p="sm" aria-label={t('admin.nav')} {...navbarProps}>
            {ADMIN_PAGE_KEYS.map((k) => {
              const open = canOpenAdminPage(roles, k);
              return (
                <NavLink
                  key={k}
                  component={Link}
                  to={paths.admin.page(k)}
                  label={t(`admin.pages.${k}`)}
                  title={open ? undefined : t('admin.door.message')}
                  rightSection={
                    !open ? (
                      <LockIcon />
                    ) : k === 'support' && unread > 0 ? (
                      <Badge size="sm" color="red" aria-label={t('admin.support.nav_unread', { count: unread })}>
                        {unread}
                      </Badge>
                    ) : undefined
                  }
                  c={open ? undefined : 'dimmed'}
                  active={current === k}
                  onClick={open ? followed : undefined}
                />
              );
            })}
            {/* Staff without a customer account would find only pages whose every call answers 403. */}
            {user?.account && (
              <>
                <Divider my="sm" />
                <NavLink component={Link} to={paths.home} label={t('admin.back_to_portal')} onClick={followed} />
              </>
            )}
          </AppShell.Navbar>
          <ShellMain covered={covered} />
        </AppShell>
      </ModalsProvider>
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
