import { isStaff } from '@freight/domain';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchCurrentUser, useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';

/**
 * Shown while the user must enrol a second factor (staff, or their account requires it): why every
 * other page leads here, and, once a factor is set up below, the way on.
 */
export function EnrolmentRequiredNotice() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const navigate = useNavigate();
  const [stillRequired, setStillRequired] = useState(false);
  if (!user?.two_factor_enrolment_required) return null;
  const staff = isStaff(user.roles);

  const carryOn = async () => {
    const fresh = await fetchCurrentUser();
    if (fresh.two_factor_enrolment_required) setStillRequired(true);
    else navigate(staff ? paths.admin.dashboard : paths.home);
  };

  return (
    <Alert color="orange" title={t('security.enrolment.title')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(staff ? 'security.enrolment.staff' : 'security.enrolment.account')}</Text>
        {stillRequired && (
          <Text size="sm" role="alert" fw={600}>
            {t('security.enrolment.not_yet')}
          </Text>
        )}
        <Button onClick={() => void carryOn()}>{t('security.enrolment.continue')}</Button>
      </Stack>
    </Alert>
  );
}
