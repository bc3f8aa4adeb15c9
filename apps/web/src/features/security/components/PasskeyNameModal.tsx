import { passkeyRenameRequest } from '@freight/contracts';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalActions } from '../../../components/ModalActions';
import { PasskeyFailure } from '../../../components/PasskeyFailure';
import { isApiError } from '../../../lib/api';
import { zodErrors } from '../../../lib/forms';

/**
 * A passkey's name, for a new passkey (then the browser's dialog makes it) or one to rename.
 * `onSave` throws what failed.
 */
export function PasskeyNameModal({
  title,
  intro,
  submitLabel,
  initialName = '',
  onSave,
  onClose,
}: {
  title: string;
  intro?: string;
  submitLabel: string;
  initialName?: string;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({ initialValues: { name: initialName }, validate: (v) => zodErrors(passkeyRenameRequest, t, v) });
  const submit = form.onSubmit(async (v) => {
    setFailure(null);
    try {
      await onSave(v.name.trim());
    } catch (e) {
      // A name the server refused is said under the field; anything else (the passkey itself, the network) above the buttons.
      const refused = isApiError(e) ? e.errors.name : undefined;
      if (refused) form.setFieldError('name', refused.join(' '));
      else setFailure(e);
    }
  });
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {intro && <Text size="sm">{intro}</Text>}
          <TextInput
            label={t('security.passkeys.name')}
            placeholder={t('security.passkeys.name_placeholder')}
            maxLength={60}
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
          <PasskeyFailure error={failure} />
          <ModalActions onCancel={onClose} submitLabel={submitLabel} submitting={form.submitting} />
        </Stack>
      </form>
    </Modal>
  );
}
