import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmPasswordForm } from '../../../components/ConfirmPasswordModal';
import { usePageTitle } from '../../../components/usePageTitle';
import { safeRedirect } from '../../../lib/auth';
import { paths } from '../../../lib/paths';

/** POST /user/confirm-password, then back to ?redirect (sensitive changes need it). */
export function ConfirmPasswordRoute() {
  const { t } = useTranslation();
  usePageTitle(t('auth.confirm.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Only a same-origin path, for the Cancel link as much as for the way back after confirming.
  const redirect = safeRedirect(params.get('redirect')) ?? paths.home;
  return (
    <Stack>
      <Title order={2}>{t('auth.confirm.title')}</Title>
      <ConfirmPasswordForm
        onConfirmed={() => navigate(redirect, { replace: true })}
        intro={t('auth.confirm.intro')}
        actions={
          <Anchor component={Link} to={redirect} size="sm">
            {t('common.cancel')}
          </Anchor>
        }
      />
    </Stack>
  );
}
