import { type AccountAddress, accountAddress, type CurrentUser } from '@freight/contracts';
import { Fieldset, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AddressFields, ContactFields, emptyAddress, emptyContact } from '../../../components/AddressFields';
import { useWithPasswordConfirmation } from '../../../components/ConfirmPasswordModal';
import { ModalActions } from '../../../components/ModalActions';
import { useStoreUser } from '../../../lib/currentUserQuery';
import { zodErrors } from '../../../lib/forms';
import { notifyAccountUpdated, reportSaveFailure } from './saveNotices';

/** Account address or billing address: contact + company + postal address. */
export function AddressModal({
  opened,
  onClose,
  title,
  value,
  save,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  value: AccountAddress | null;
  save: (body: AccountAddress) => Promise<{ data: CurrentUser }>;
}) {
  const { t } = useTranslation();
  const storeUser = useStoreUser();
  const form = useForm({
    initialValues: { ...emptyContact, company: '', ...emptyAddress, ...(value ?? {}) } as Record<string, string>,
    validate: (v) => zodErrors(accountAddress, t, v),
  });
  const { run, modal } = useWithPasswordConfirmation(save);
  const submit = form.onSubmit(async (v) => {
    try {
      // The billing address needs a recent password confirmation: asked for, then saved again.
      const res = await run(v as unknown as AccountAddress);
      if (!res) return;
      storeUser(res.data);
      notifyAccountUpdated();
      onClose();
    } catch (e) {
      reportSaveFailure(form, e, t);
    }
  });
  return (
    <>
      <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Fieldset legend={t('settings.account.contact')}>
              <ContactFields form={form} prefix="" />
            </Fieldset>
            <TextInput label={t('settings.account.company')} autoComplete="organization" {...form.getInputProps('company')} />
            <Fieldset legend={t('settings.account.address')}>
              <AddressFields form={form} prefix="" />
            </Fieldset>
            <ModalActions onCancel={onClose} submitLabel={t('common.save')} submitting={form.submitting} />
          </Stack>
        </form>
      </Modal>
      {modal}
    </>
  );
}
