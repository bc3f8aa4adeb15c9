import { type AccountCredentialRequest, type ApiScope, accountCredentialRequest, type IssuedCredential } from '@freight/contracts';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWithPasswordConfirmation } from '../../../../components/ConfirmPasswordModal';
import { FormAlert } from '../../../../components/FormAlert';
import { ScopeChoices } from '../../../../components/integrations/CodeChoices';
import { ModalActions } from '../../../../components/ModalActions';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { createCredential } from '../../api/apiAccessApi';

type Values = { name: string; scopes: ApiScope[]; expires_on: string };

const toPayload = (v: Values): AccountCredentialRequest => ({ name: v.name, scopes: v.scopes, expires_on: v.expires_on || null });

/** Today in the browser's calendar, the earliest expiry the date picker offers. */
const today = () => new Date().toLocaleDateString('en-CA');

/** New credential: a name, its scopes (each explained) and an optional expiry; the answer, with its secret shown once, goes to `onIssued`. */
export function CredentialFormModal({ onClose, onIssued }: { onClose: () => void; onIssued: (issued: IssuedCredential) => void }) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: { name: '', scopes: [], expires_on: '' },
    validate: (v) => zodErrors(accountCredentialRequest, t, v, toPayload),
  });
  // A credential is a grant of power: the server asks for the password again (423), the dialog asks it.
  const proven = useWithPasswordConfirmation(createCredential);
  const create = useMutation({
    mutationFn: proven.run,
    onSuccess: (issued) => issued && onIssued(issued),
    onError: (error) => setServerErrors(form, error),
  });
  return (
    <>
      <Modal opened onClose={onClose} title={t('settings.api.credentials.form.title')} size="lg" centered>
        <form onSubmit={form.onSubmit((v) => create.mutate(toPayload(v)))} noValidate>
          <Stack>
            <TextInput
              label={t('settings.api.credentials.form.name')}
              description={t('settings.api.credentials.form.name_hint')}
              required
              maxLength={80}
              data-autofocus
              {...form.getInputProps('name')}
            />
            <ScopeChoices {...form.getInputProps('scopes')} />
            <TextInput
              type="date"
              label={t('settings.api.credentials.form.expires_on')}
              description={t('settings.api.credentials.form.expires_hint')}
              min={today()}
              w={220}
              {...form.getInputProps('expires_on')}
            />
            <FormAlert error={create.error} fields={form} />
            <ModalActions onCancel={onClose} submitLabel={t('settings.api.credentials.form.submit')} submitting={create.isPending} />
          </Stack>
        </form>
      </Modal>
      {proven.modal}
    </>
  );
}
