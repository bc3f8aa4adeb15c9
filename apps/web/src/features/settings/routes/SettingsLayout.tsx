import { Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../lib/paths';

/** /settings (profile and preferences) and its child /settings/account. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = pathname.startsWith(paths.accountSettings) ? paths.accountSettings : paths.settings;
  const title = tab === paths.accountSettings ? t('settings.account.title') : t('settings.title');
  usePageTitle(title);
  return (
    <>
      <Title order={2} mb="md">
        {t('settings.title')}
      </Title>
      <Tabs value={tab} onChange={(v) => v && void navigate(v)} mb="lg">
        <Tabs.List>
          <Tabs.Tab value={paths.settings}>{t('settings.tabs.user')}</Tabs.Tab>
          <Tabs.Tab value={paths.accountSettings}>{t('settings.tabs.account')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
