import { isStaff } from '@freight/domain';
import { Box, Button, Menu } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { logout, useAuthUser } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useSupportActions } from '../../lib/support';

/**
 * Header profile menu: Profile -> /settings, Security -> /admin/security (staff), Logout. Below the sm breakpoint the button shows an
 * icon instead of the user's name: on a phone (or at 400% zoom) the name beside the product's
 * would be cut off. The button's name says whose menu it is either way.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const { setSupportDialogOpen } = useSupportActions();
  // Staff keep their second factor in the admin area (their settings have no customer pages around them).
  const staff = isStaff(user?.roles ?? []);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" px={{ base: 'xs', sm: 'md' }} aria-label={t('nav.profile_menu', { name: user?.name ?? '' })}>
          <Box component="span" hiddenFrom="sm" display="flex">
            <IconUserCircle size={22} stroke={1.6} aria-hidden />
          </Box>
          <Box component="span" visibleFrom="sm">
            {user?.name ?? ''}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.settings}>
          {t('nav.profile')}
        </Menu.Item>
        {staff && (
          <Menu.Item component={Link} to={paths.admin.security}>
            {t('nav.security')}
          </Menu.Item>
        )}
        <Menu.Item onClick={() => setSupportDialogOpen(true)}>{t('support.dialog_title')}</Menu.Item>
        <Menu.Item color="red" onClick={() => void logout()}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
