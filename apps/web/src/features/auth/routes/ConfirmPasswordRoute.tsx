import { Anchor, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmPasswordForm, confirmationTitle, useConfirmationProofs } from '../../../components/ConfirmPasswordModal';
import { usePageTitle } from '../../../components/usePageTitle';
import { safeRedirect } from '../../../lib/auth';
import { paths } from '../../../lib/paths';

/** POST /user/confirm-password (the password, or the user's second factor), then back to ?redirect (sensitive changes need it). */
export function ConfirmPasswordRoute() {
  const { t } = useTranslation();
  const proofs = useConfirmationProofs();
  const title = confirmationTitle(t, proofs);
  usePageTitle(title);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Only a same-origin path, for the Cancel link as much as for the way back after confirming.
  const redirect = safeRedirect(params.get('redirect')) ?? paths.home;
  return (
    <Stack>
      <Title order={1} size="h2">
        {title}
      </Title>
      {proofs ? (
        <ConfirmPasswordForm
          proofs={proofs}
          onConfirmed={() => navigate(redirect, { replace: true })}
          intro={proofs.includes('password') ? t('auth.confirm.intro') : t('auth.confirm.identity_intro')}
          actions={
            <Anchor component={Link} to={redirect} size="sm">
              {t('common.cancel')}
            </Anchor>
          }
        />
      ) : (
        <Loader size="sm" role="status" aria-label={t('common.loading_page')} />
      )}
    </Stack>
  );
}
