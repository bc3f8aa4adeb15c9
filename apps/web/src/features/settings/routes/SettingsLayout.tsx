import type { CustomerPermission } from '@freight/domain';
import { Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { mayOpenPage } from '../../../lib/permissions';

/** /settings/api: API credentials, partners and webhooks. */
const apiSettingsPath = `${paths.settings}/api`;

/** The child pages after the first, each with its tab label and page title (and the team permission it needs, if any). */
const CHILD_TABS: readonly { path: string; tab: string; title: string; permission?: CustomerPermission }[] = [
  { path: paths.accountSettings, tab: 'settings.tabs.account', title: 'settings.account.title' },
  { path: paths.creditSettings, tab: 'settings.tabs.credit', title: 'credit_applications.title' },
  {
    path: paths.paymentMethodsSettings,
    tab: 'settings.tabs.payment_methods',
    title: 'payment_methods.title',
    permission: 'invoices.pay',
  },
  { path: apiSettingsPath, tab: 'settings.tabs.api', title: 'settings.api.title' },
  { path: `${paths.settings}/rules`, tab: 'settings.tabs.rules', title: 'rules.title', permission: 'quotes.run' },
  { path: paths.securitySettings, tab: 'settings.tabs.security', title: 'security.title' },
  { path: paths.teamSettings, tab: 'settings.tabs.team', title: 'team.title', permission: 'team.manage' },
  { path: paths.activitySettings, tab: 'settings.tabs.activity', title: 'team.log.title', permission: 'team.manage' },
];

/** /settings (profile and preferences) and its children: account, credit terms, API, security, and for account admins the team and its activity log. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useAuthUser();
  // A customer sees the tabs their team role opens (the pages' own map); staff keep those that need no team role.
  const tabs = CHILD_TABS.filter((c) => (user?.account ? mayOpenPage(user, c.path) : !c.permission));
  const child = CHILD_TABS.find((c) => pathname.startsWith(c.path));
  const tab = child?.path ?? paths.settings;
  usePageTitle(child ? t(child.title) : t('settings.title'));
  return (
    <>
      <Title order={1} size="h2" mb="md">
        {t('settings.title')}
      </Title>
      <Tabs value={tab} onChange={(v) => v && void navigate(v)} mb="lg">
        <Tabs.List>
          <Tabs.Tab value={paths.settings}>{t('settings.tabs.user')}</Tabs.Tab>
          {tabs.map((c) => (
            <Tabs.Tab key={c.path} value={c.path}>
              {t(c.tab)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
