import {
  type AccountCredentialRequest,
  API_SCOPES,
  type ApiScope,
  accountCredentialRequest,
  type IssuedCredential,
} from '@freight/contracts';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ModalActions } from '../../../../components/ModalActions';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { API_ACCESS_KEY, createCredential } from '../../api/apiAccessApi';
import { CodeChoices, scopeHint } from './CodeChoices';
import { FormFailure } from './FormFailure';

type Values = { name: string; scopes: ApiScope[]; expires_on: string };

const toPayload = (v: Values): AccountCredentialRequest => ({ name: v.name, scopes: v.scopes, expires_on: v.expires_on || null });

/** Today in the browser's calendar, the earliest expiry the date picker offers. */
const today = () => new Date().toLocaleDateString('en-CA');

/** New credential: a name, its scopes (each explained) and an optional expiry; the secret comes back once. */
export function CredentialFormModal({ onClose, onIssued }: { onClose: () => void; onIssued: (issued: IssuedCredential) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    initialValues: { name: '', scopes: [], expires_on: '' },
    validate: (v) => zodErrors(accountCredentialRequest, t, v, toPayload),
  });
  const create = useMutation({
    mutationFn: createCredential,
    onSuccess: (issued) => {
      void queryClient.invalidateQueries({ queryKey: API_ACCESS_KEY });
      onIssued(issued);
    },
    onError: (error) => setServerErrors(form, error),
  });
  return (
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
          <CodeChoices<ApiScope>
            label={t('settings.api.credentials.form.scopes')}
            description={t('settings.api.credentials.form.scopes_hint')}
            required
            options={API_SCOPES}
            hint={scopeHint}
            {...form.getInputProps('scopes')}
          />
          <TextInput
            type="date"
            label={t('settings.api.credentials.form.expires_on')}
            description={t('settings.api.credentials.form.expires_hint')}
            min={today()}
            w={220}
            {...form.getInputProps('expires_on')}
          />
          <FormFailure error={create.error} />
          <ModalActions onCancel={onClose} submitLabel={t('settings.api.credentials.form.submit')} submitting={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
