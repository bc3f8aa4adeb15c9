import { updatePasswordRequest } from '@freight/contracts';
import { Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { ModalActions } from '../../../components/ModalActions';
import { PasswordFields } from '../../../components/PasswordFields';
import { isApiError } from '../../../lib/api';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { updatePassword } from '../api/settingsApi';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** Current, new and confirmation; PUT /password. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({ initialValues: EMPTY, validate: (v) => zodErrors(updatePasswordRequest, t, v) });
  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };
  const submit = form.onSubmit(async (v) => {
    setFailure(null);
    try {
      await updatePassword(v);
      notifications.show({ color: 'green', message: t('settings.password_updated') });
      close();
    } catch (e) {
      setServerErrors(form, e);
      setFailure(e);
      if (!isApiError(e) || e.status !== 422) notifications.show({ color: 'red', message: t('settings.update_failed') });
    }
  });
  return (
    <Modal opened={opened} onClose={close} title={t('settings.password.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label={t('settings.password.current')}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('current_password')}
          />
          <PasswordFields form={form} confirmLabel={t('settings.password.confirm')} />
          <FormAlert error={failure} fields={form} />
          <ModalActions onCancel={close} submitLabel={t('settings.password.submit')} submitting={form.submitting} />
        </Stack>
      </form>
    </Modal>
  );
}
