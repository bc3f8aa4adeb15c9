import { isStaff } from '@freight/domain';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { LoadingSpinner } from '../components/LoadingSpinner';
import { usePageTitle } from '../components/usePageTitle';
import { useAuthUser } from '../lib/auth';
import { useCurrentUserQuery } from '../lib/currentUserQuery';
import { loginWithRedirect, paths } from '../lib/paths';
import { homeOf, mayOpenPage } from '../lib/permissions';

/**
 * Shown while a page's first chunk or the signed-in user is on its way; a screen reader hears that
 * the page is loading (its title comes with it).
 */
export function PageLoading() {
  const { t } = useTranslation();
  return <LoadingSpinner h="50vh" label={t('common.loading_page')} />;
}

/**
 * Login required: guests go to /login?redirect=..., an unverified user goes to /verify-email
 * (unless `allowUnverified`). The stored user is refreshed from /api/user in the background.
 */
export function RequireAuth({ allowUnverified = false }: { allowUnverified?: boolean }) {
  const user = useAuthUser();
  const location = useLocation();
  const query = useCurrentUserQuery(!!user);
  if (!user) return <Navigate replace to={loginWithRedirect(`${location.pathname}${location.search}`)} />;
  if (!allowUnverified && !user.email_verified_at) {
    if (query.isFetching) return <PageLoading />;
    return <Navigate replace to={paths.verifyEmail} />;
  }
  // Staff, and users of an account that requires it, enrol a second factor before any other page.
  const enrolAt = isStaff(user.roles) ? paths.admin.security : paths.securitySettings;
  if (!allowUnverified && user.two_factor_enrolment_required && location.pathname !== enrolAt) {
    return <Navigate replace to={enrolAt} />;
  }
  return <Outlet />;
}

/**
 * The customer pages need a customer account (the server answers 403 without one): staff without
 * one go to the admin area, and a user whose roles open neither (fpg_feature alone) to the page
 * that says what the role does.
 */
export function RequireCustomerAccount() {
  const user = useAuthUser();
  const { pathname } = useLocation();
  // Settings are the user's own too (profile, password, language): staff reach them from the user menu.
  const ownSettings = pathname === paths.settings || pathname.startsWith(`${paths.settings}/`);
  if (user && !user.account && !ownSettings) {
    return <Navigate replace to={isStaff(user.roles) ? paths.admin.dashboard : paths.noAccess} />;
  }
  return <Outlet />;
}

/**
 * The customer pages a user's team role does not open (a bookmark, a typed or shared link): a
 * notice in place of the page, whose calls the server would refuse. Home is Quote & Ship only for
 * roles that quote; the others start on My Shipments.
 */
export function RequireTeamPermission() {
  const user = useAuthUser();
  const { pathname } = useLocation();
  if (!user?.account || mayOpenPage(user, pathname)) return <Outlet />;
  if (pathname === paths.home) return <Navigate replace to={homeOf(user)} />;
  return <TeamDoorNotice />;
}

function TeamDoorNotice() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const title = t('team_door.title');
  usePageTitle(title);
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color="red" title={t('team_door.notice')} data-testid="team-door">
        <Text size="sm">{t('team_door.ask', { role: t(`team.roles.${user?.account?.role ?? 'viewer'}`) })}</Text>
      </Alert>
      <Anchor component={Link} to={homeOf(user)}>
        {t('team_door.home')}
      </Anchor>
    </Stack>
  );
}
