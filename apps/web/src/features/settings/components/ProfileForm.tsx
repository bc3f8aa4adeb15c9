import { updateProfileRequest } from '@freight/contracts';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ContactFields } from '../../../components/AddressFields';
import { useWithPasswordConfirmation } from '../../../components/ConfirmPasswordModal';
import { useAuthUser } from '../../../lib/auth';
import { CURRENT_USER_KEY, useStoreUser } from '../../../lib/currentUserQuery';
import { zodErrors } from '../../../lib/forms';
import { updateProfile } from '../api/settingsApi';
import { notifyAccountUpdated, reportSaveFailure } from './saveNotices';

/** First/last name, email and phone; PUT /profile (a new email may need a password confirmation). */
export function ProfileForm({ onChangePassword }: { onChangePassword: () => void }) {
  const { t } = useTranslation();
  const user = useAuthUser();
  const storeUser = useStoreUser();
  const qc = useQueryClient();
  const form = useForm({
    initialValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
    },
    validate: (v) => zodErrors(updateProfileRequest, t, v),
  });
  const { run: save, modal } = useWithPasswordConfirmation(updateProfile);
  const submit = form.onSubmit(async (v) => {
    try {
      // A new email needs a recent password confirmation: asked for in a modal, then saved again.
      const res = await save(v);
      if (!res) return;
      storeUser(res.data);
      await qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      form.resetDirty(v);
      notifyAccountUpdated();
    } catch (e) {
      reportSaveFailure(form, e, t);
    }
  });
  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h3">
            {t('settings.profile.title')}
          </Title>
          <ContactFields form={form} prefix="" />
          <Group>
            <Button type="submit" loading={form.submitting}>
              {t('common.save')}
            </Button>
            <Button variant="default" onClick={onChangePassword}>
              {t('settings.password.open')}
            </Button>
          </Group>
        </Stack>
      </form>
      {modal}
    </>
  );
}
