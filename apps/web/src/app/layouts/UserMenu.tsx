import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { logout, useAuthUser } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useSupport } from '../../lib/support';

/** Header profile menu: Profile -> /settings, Logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const { setSupportDialogOpen } = useSupport();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" aria-label={t('nav.profile_menu')}>
          {user?.name ?? ''}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.settings}>
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item onClick={() => setSupportDialogOpen(true)}>{t('support.dialog_title')}</Menu.Item>
        <Menu.Item color="red" onClick={() => void logout()}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
