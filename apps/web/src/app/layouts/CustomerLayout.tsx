import { isStaff } from '@freight/domain';
import { AppShell, Badge, Burger, Group, NavLink, Text, VisuallyHidden } from '@mantine/core';
import {
  type Icon,
  IconAddressBook,
  IconBell,
  IconChartBar,
  IconChecklist,
  IconFileAlert,
  IconFileDollar,
  IconFileSpreadsheet,
  IconHistory,
  IconMapPin,
  IconPackages,
  IconReceipt,
  IconSettings,
  IconShoppingBag,
  IconTruckDelivery,
  IconVideo,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { SkipLink } from '../../components/a11y/SkipLink';
import { UnreadAlertsBadge } from '../../features/alerts';
import { usePendingApprovals } from '../../features/approvals';
import { SupportLauncher } from '../../features/support/components/SupportLauncher';
import { useAuthUser } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { mayOpenPage } from '../../lib/permissions';
import { ShellMain } from './ShellMain';
import { UserMenu } from './UserMenu';
import { usePhoneNavigation } from './usePhoneNavigation';

interface NavItem {
  to: string;
  label: string;
  icon: Icon;
  /** Sections of the customer area the item stands for: '' is the home page, 'quote' is /quote and /quote/... */
  sections: readonly string[];
  /** Also the '/:clientrefnum' quote pages. */
  clientRef?: boolean;
}

/**
 * The spec's sidebar in its order (Quote & Ship, Tracking, Quotes, Shipment History, Addresses,
 * Video Tutorials, eBay Orders), with the pages it leaves out placed where a shipper looks for
 * them: Invoices after the shipments they bill, Analytics after the invoices (what the shipments
 * cost, how they went), the Product Catalog beside the addresses, and
 * Settings last (also under Profile in the profile menu).
 */
const NAV: readonly NavItem[] = [
  {
    to: paths.home,
    label: 'nav.quote_ship',
    icon: IconTruckDelivery,
    sections: ['', 'quote', 'quote-shipment', 'truckload'],
    clientRef: true,
  },
  { to: paths.track, label: 'nav.tracking', icon: IconMapPin, sections: ['track'] },
  { to: paths.alerts, label: 'nav.alerts', icon: IconBell, sections: ['alerts'] },
  { to: paths.quoteHistory, label: 'nav.quotes', icon: IconFileDollar, sections: ['quote-history', 'saved-quotes'] },
  { to: paths.myShipments, label: 'nav.shipment_history', icon: IconHistory, sections: ['my-shipments'] },
  { to: paths.batches, label: 'nav.batches', icon: IconFileSpreadsheet, sections: ['batches'] },
  { to: paths.claims, label: 'nav.claims', icon: IconFileAlert, sections: ['claims'] },
  { to: paths.approvals, label: 'nav.approvals', icon: IconChecklist, sections: ['approvals'] },
  { to: paths.myInvoices, label: 'nav.invoices', icon: IconReceipt, sections: ['my-invoices', 'invoice-detail'] },
  { to: paths.analytics, label: 'nav.analytics', icon: IconChartBar, sections: ['analytics'] },
  { to: paths.addressBook, label: 'nav.addresses', icon: IconAddressBook, sections: ['address-book'] },
  { to: paths.productCatalog, label: 'nav.product_catalog', icon: IconPackages, sections: ['product-catalog'] },
  { to: paths.videoTutorials, label: 'nav.video_tutorials', icon: IconVideo, sections: ['video-tutorials'] },
  { to: paths.ebayOrders, label: 'nav.ebay_orders', icon: IconShoppingBag, sections: ['orders/ebay', 'ebay-quote', 'quote-ebay-shipment'] },
  { to: paths.settings, label: 'nav.settings', icon: IconSettings, sections: ['settings'] },
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

/**
 * The account admin's count of bookings waiting for a decision, on the Approvals item: the number
 * shown, and said in words as part of the link's name.
 */
function PendingBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <>
      <Badge size="sm" color="red" aria-hidden data-testid="approvals-badge">
        {count}
      </Badge>
      <VisuallyHidden>{t('pending_approvals.count', { count })}</VisuallyHidden>
    </>
  );
}

/** Customer area: header with product and profile menu, sidebar (the pages the user's team role opens), burger on narrow screens. */
export function CustomerLayout() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const { pathname } = useLocation();
  const { clientrefnum } = useParams();
  const { followed, covered, burgerProps, navbarProps, collapsed } = usePhoneNavigation();
  const pendingApprovals = usePendingApprovals();
  return (
    <>
      <SkipLink />
      <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed }} padding="md">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger {...burgerProps} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
              <Text fw={700} size="lg" component={Link} to={paths.home} c="inherit" td="none">
                {t('app.name')}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {user?.account && <SupportLauncher />}
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm" aria-label={t('nav.main')} {...navbarProps}>
          {NAV.filter((item) => !user?.account || mayOpenPage(user, item.to)).map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={t(item.label)}
              leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
              rightSection={
                item.to === paths.approvals ? (
                  <PendingBadge count={pendingApprovals} />
                ) : item.to === paths.alerts ? (
                  <UnreadAlertsBadge />
                ) : undefined
              }
              active={isNavActive(item, pathname, clientrefnum)}
              variant="filled"
              onClick={followed}
            />
          ))}
          {user && isStaff(user.roles) && (
            <NavLink component={Link} to={paths.admin.dashboard} label={t('nav.admin')} onClick={followed} mt="md" />
          )}
        </AppShell.Navbar>
        <ShellMain covered={covered} />
      </AppShell>
    </>
  );
}
