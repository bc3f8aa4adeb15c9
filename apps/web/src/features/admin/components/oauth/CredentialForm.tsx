import { type ApiScope, type IssuedCredential, staffCredentialRequest } from '@freight/contracts';
import { Button, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWithPasswordConfirmation } from '../../../../components/ConfirmPasswordModal';
import { FormAlert } from '../../../../components/FormAlert';
import { ScopeChoices } from '../../../../components/integrations/CodeChoices';
import { credentialSecret, ShownOnceSecretModal, type ShownSecret } from '../../../../components/integrations/ShownOnceSecret';
import { ModalActions } from '../../../../components/ModalActions';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { afterIntegrationChange, credentialActions, partnersQuery } from '../../api/integrationsApi';
import { AccountSelect } from '../AccountSelect';
import { onFormField } from '../fieldErrors';

interface Values {
  name: string;
  owner: 'partner' | 'account';
  partner_id: string;
  account_id: string | null;
  scopes: ApiScope[];
  expires_on: string;
}

const toBody = (v: Values) => ({
  name: v.name,
  partner_id: v.owner === 'partner' ? v.partner_id || null : null,
  account_id: v.owner === 'account' ? v.account_id : null,
  scopes: v.scopes,
  expires_on: v.expires_on || null,
});

/**
 * A new OAuth client credential: its name, whom it belongs to (a partner, fixed when `partner` is
 * given, or one account), its scopes and an optional last day. Hands the answer, with the secret
 * it shows once, to `onIssued`.
 */
export function CredentialForm({
  partner,
  onClose,
  onIssued,
}: {
  partner?: { id: string; name: string };
  onClose: () => void;
  onIssued: (issued: IssuedCredential) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const partners = useQuery({ ...partnersQuery(), enabled: !partner });
  const form = useForm<Values>({
    initialValues: { name: '', owner: 'partner', partner_id: partner?.id ?? '', account_id: null, scopes: [], expires_on: '' },
  });
  /** The owner's error belongs to the owner field on screen, whichever the server named. */
  const ownerErrors = (errors: Record<string, string>) =>
    form.values.owner === 'account' ? onFormField(errors, 'partner_id', 'account_id') : onFormField(errors, 'account_id', 'partner_id');
  // A credential is a grant of power: the server asks for the password again (423), the dialog asks it.
  const proven = useWithPasswordConfirmation((v: Values) => credentialActions.create(toBody(v)));
  const create = useMutation({
    mutationFn: proven.run,
    onSuccess: async (issued) => {
      if (!issued) return;
      onIssued(issued);
      await afterIntegrationChange(client);
    },
    onError: (e) => setServerErrors(form, e, ownerErrors),
  });
  const submit = (v: Values) => {
    const { partner_id: _, account_id: __, ...errors } = zodErrors(staffCredentialRequest, t, v, toBody);
    const owner = toBody(v);
    if (v.owner === 'partner' && !owner.partner_id) errors.partner_id = t('validation.required');
    if (v.owner === 'account' && !owner.account_id) errors.account_id = t('validation.required');
    if (Object.keys(errors).length) form.setErrors(errors);
    else create.mutate(v);
  };
  const title = t('admin.oauth.new_title');

  return (
    <>
      <Modal opened onClose={onClose} title={title} centered size="lg">
        <form noValidate aria-label={title} onSubmit={form.onSubmit(submit)}>
          <Stack gap="md">
            <FormAlert error={create.error} fields={form} rename={ownerErrors} />
            <TextInput
              label={t('admin.oauth.name')}
              description={t('admin.oauth.name_hint')}
              withAsterisk
              maxLength={80}
              {...form.getInputProps('name')}
            />
            {partner ? (
              <Text size="sm">{t('admin.oauth.for_partner', { name: partner.name })}</Text>
            ) : (
              <Stack gap="xs">
                <Text size="sm" fw={500} id="credential-owner">
                  {t('admin.oauth.owner')}
                </Text>
                <SegmentedControl
                  aria-labelledby="credential-owner"
                  data={[
                    { value: 'partner', label: t('admin.oauth.owner_partner') },
                    { value: 'account', label: t('admin.oauth.owner_account') },
                  ]}
                  {...form.getInputProps('owner')}
                />
                {form.values.owner === 'partner' ? (
                  <Select
                    label={t('admin.oauth.partner')}
                    placeholder={t('admin.oauth.partner_pick')}
                    searchable
                    nothingFoundMessage={t('admin.oauth.no_partner_found')}
                    data={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                    {...form.getInputProps('partner_id')}
                    value={form.values.partner_id || null}
                    onChange={(v) => form.setFieldValue('partner_id', v ?? '')}
                  />
                ) : (
                  <AccountSelect
                    label={t('admin.oauth.account')}
                    placeholder={t('admin.account_select.placeholder')}
                    value={form.values.account_id}
                    error={form.errors.account_id}
                    onChange={(v) => form.setFieldValue('account_id', v)}
                  />
                )}
              </Stack>
            )}
            <ScopeChoices {...form.getInputProps('scopes')} />
            <TextInput
              type="date"
              label={t('admin.oauth.expires_on')}
              description={t('admin.oauth.expires_hint')}
              w={320}
              {...form.getInputProps('expires_on')}
            />
            <ModalActions onCancel={onClose} submitLabel={t('admin.oauth.create')} submitting={create.isPending} />
          </Stack>
        </form>
      </Modal>
      {proven.modal}
    </>
  );
}

/** 'New credential': the form, then its secret shown once. */
export function NewCredentialButton({ partner }: { partner?: { id: string; name: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  return (
    <>
      <Button onClick={() => setOpen(true)} style={{ flexShrink: 0 }}>
        {t('admin.oauth.new')}
      </Button>
      {open && (
        <CredentialForm
          partner={partner}
          onClose={() => setOpen(false)}
          onIssued={(issued) => {
            setOpen(false);
            setShown(credentialSecret(t, issued, { subject: issued.credential.name }));
          }}
        />
      )}
      <ShownOnceSecretModal secret={shown} onClose={() => setShown(null)} />
    </>
  );
}
