import { ADMIN_PAGE_KEYS, canOpenAdminPage } from '@freight/domain';
import { AppShell, Burger, Divider, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useAuthUser } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { adminPageOf, RequireStaff } from '../adminDoor';
import { UserMenu } from './UserMenu';

/** Admin area: only the pages this user may open are listed. */
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
          {ADMIN_PAGE_KEYS.filter((k) => canOpenAdminPage(roles, k)).map((k) => (
            <NavLink
              key={k}
              component={Link}
              to={paths.admin.page(k)}
              label={t(`admin.pages.${k}`)}
              active={current === k}
              onClick={close}
            />
          ))}
          <Divider my="sm" />
          <NavLink component={Link} to={paths.home} label={t('admin.back_to_portal')} onClick={close} />
        </AppShell.Navbar>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </RequireStaff>
  );
}
