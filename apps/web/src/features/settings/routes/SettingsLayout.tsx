import { Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../lib/paths';

/** /settings/api: API credentials, partners and webhooks. */
const apiSettingsPath = `${paths.settings}/api`;

/** The child pages after the first, each with its tab label and page title. */
const CHILD_TABS = [
  { path: paths.accountSettings, tab: 'settings.tabs.account', title: 'settings.account.title' },
  { path: paths.creditSettings, tab: 'settings.tabs.credit', title: 'credit_applications.title' },
  { path: apiSettingsPath, tab: 'settings.tabs.api', title: 'settings.api.title' },
  { path: paths.securitySettings, tab: 'settings.tabs.security', title: 'security.title' },
] as const;

/** /settings (profile and preferences) and its children: account, credit terms, API and security. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const child = CHILD_TABS.find((c) => pathname.startsWith(c.path));
  const tab = child?.path ?? paths.settings;
  usePageTitle(child ? t(child.title) : t('settings.title'));
  return (
    <>
      <Title order={2} mb="md">
        {t('settings.title')}
      </Title>
      <Tabs value={tab} onChange={(v) => v && void navigate(v)} mb="lg">
        <Tabs.List>
          <Tabs.Tab value={paths.settings}>{t('settings.tabs.user')}</Tabs.Tab>
          {CHILD_TABS.map((c) => (
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
