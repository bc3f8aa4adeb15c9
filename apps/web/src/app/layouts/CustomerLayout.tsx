import { isStaff } from '@freight/domain';
import { AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useAuthUser } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { UserMenu } from './UserMenu';

const NAV = [
  { to: paths.home, label: 'nav.quote_ship', match: (p: string) => p === '/' || p.startsWith('/quote') || p.startsWith('/truckload') },
  { to: paths.track, label: 'nav.tracking', match: (p: string) => p.startsWith('/track') },
  { to: paths.quoteHistory, label: 'nav.quotes', match: (p: string) => p.startsWith('/quote-history') || p.startsWith('/saved-quotes') },
  { to: paths.myShipments, label: 'nav.shipment_history', match: (p: string) => p.startsWith('/my-shipments') },
  { to: paths.addressBook, label: 'nav.addresses', match: (p: string) => p.startsWith('/address-book') },
  { to: paths.videoTutorials, label: 'nav.video_tutorials', match: (p: string) => p.startsWith('/video-tutorials') },
  { to: paths.ebayOrders, label: 'nav.ebay_orders', match: (p: string) => p.startsWith('/orders/ebay') || p.startsWith('/ebay-quote') },
] as const;

/** Customer area: header with product and profile menu, sidebar, burger on narrow screens. */
export function CustomerLayout() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
            <Text fw={700} size="lg" component={Link} to={paths.home} c="inherit" td="none">
              {t('app.name')}
            </Text>
          </Group>
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('nav.main')}>
        {NAV.map((item) => (
          <NavLink key={item.to} component={Link} to={item.to} label={t(item.label)} active={item.match(pathname)} onClick={close} />
        ))}
        {user && isStaff(user.roles) && (
          <NavLink component={Link} to={paths.admin.dashboard} label={t('nav.admin')} onClick={close} mt="md" />
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
