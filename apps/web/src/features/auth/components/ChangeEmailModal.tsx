import { type CurrentUser, email as emailField } from '@freight/contracts';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useWithPasswordConfirmation } from '../../../components/ConfirmPasswordModal';
import { FormAlert } from '../../../components/FormAlert';
import { ModalActions } from '../../../components/ModalActions';
import { useStoreUser } from '../../../lib/currentUserQuery';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { changeEmail } from '../api/authApi';

const schema = z.object({ email: emailField() });

/**
 * For a user who mistyped their address at signup: a new email (after confirming the password)
 * replaces it, and the verification link goes to the new one.
 */
export function ChangeEmailModal({ user, opened, onClose }: { user: CurrentUser; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const storeUser = useStoreUser();
  const form = useForm({ initialValues: { email: user.email }, validate: (v) => zodErrors(schema, t, v) });
  const { run, modal } = useWithPasswordConfirmation((next: string) =>
    changeEmail({ first_name: user.first_name, last_name: user.last_name, phone: user.phone, email: next }),
  );
  const [failure, setFailure] = useState<unknown>(null);
  const submit = form.onSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const res = await run(email.trim());
      if (!res) return;
      storeUser(res.data);
      notifications.show({ color: 'green', message: t('verify.email_changed', { email: res.data.email }) });
      onClose();
    } catch (e) {
      setServerErrors(form, e);
      setFailure(e);
    }
  });
  return (
    <>
      <Modal opened={opened} onClose={onClose} title={t('verify.change_email_title')} centered>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{t('verify.change_email_intro')}</Text>
            <TextInput label={t('contact.email')} type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
            <FormAlert error={failure} fields={form} />
            <ModalActions onCancel={onClose} submitLabel={t('verify.change_email_submit')} submitting={form.submitting} />
          </Stack>
        </form>
      </Modal>
      {modal}
    </>
  );
}
