import { isStaff } from '@freight/domain';
import { AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { SiteNotices } from '../../components/notices/SiteNotices';
import { SupportLauncher } from '../../features/support/components/SupportLauncher';
import { useAuthUser } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { UserMenu } from './UserMenu';

interface NavItem {
  to: string;
  label: string;
  /** Sections of the customer area the item stands for: '' is the home page, 'quote' is /quote and /quote/... */
  sections: readonly string[];
  /** Also the '/:clientrefnum' quote pages. */
  clientRef?: boolean;
}

const NAV: readonly NavItem[] = [
  { to: paths.home, label: 'nav.quote_ship', sections: ['', 'quote', 'quote-shipment', 'truckload'], clientRef: true },
  { to: paths.track, label: 'nav.tracking', sections: ['track'] },
  { to: paths.quoteHistory, label: 'nav.quotes', sections: ['quote-history', 'saved-quotes'] },
  { to: paths.myShipments, label: 'nav.shipment_history', sections: ['my-shipments'] },
  { to: paths.myInvoices, label: 'nav.invoices', sections: ['my-invoices', 'invoice-detail'] },
  { to: paths.addressBook, label: 'nav.addresses', sections: ['address-book'] },
  { to: paths.videoTutorials, label: 'nav.video_tutorials', sections: ['video-tutorials'] },
  { to: paths.ebayOrders, label: 'nav.ebay_orders', sections: ['orders/ebay', 'ebay-quote', 'quote-ebay-shipment'] },
];

/** '/quote' is in section 'quote', and so is '/quote/7', but '/quote-history' is not. */
function inSection(pathname: string, section: string): boolean {
  if (section === '') return pathname === '/';
  const base = `/${section}`;
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Whether a sidebar item is the current one; `clientRef` is the ':clientrefnum' param of the matched route. */
function isNavActive(item: Pick<NavItem, 'sections' | 'clientRef'>, pathname: string, clientRef?: string): boolean {
  if (item.clientRef && clientRef !== undefined) return true;
  return item.sections.some((s) => inSection(pathname, s));
}

/** Customer area: header with product and profile menu, sidebar, burger on narrow screens. */
export function CustomerLayout() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const { pathname } = useLocation();
  const { clientrefnum } = useParams();
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
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={t(item.label)}
            active={isNavActive(item, pathname, clientrefnum)}
            onClick={close}
          />
        ))}
        {user && isStaff(user.roles) && (
          <NavLink component={Link} to={paths.admin.dashboard} label={t('nav.admin')} onClick={close} mt="md" />
        )}
      </AppShell.Navbar>
      {/* Room below the page's end, so the support button never covers its last row. */}
      <AppShell.Main pb={user?.account ? 80 : undefined}>
        <SiteNotices />
        <Outlet />
        {user?.account && <SupportLauncher />}
      </AppShell.Main>
    </AppShell>
  );
}
