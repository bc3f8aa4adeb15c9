import { accountEditRequest, type StaffAccountDetail } from '@freight/contracts';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AddressFields, ContactFields, emptyAddress, emptyContact } from '../../../../components/AddressFields';
import { FormAlert } from '../../../../components/FormAlert';
import { ModalActions } from '../../../../components/ModalActions';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { accountActions, afterAccountChange } from '../../api/adminApi';

export type AccountPart = 'name' | 'company_address' | 'account_address' | 'billing_address';

/** Staff edit an account's company name, or one of its addresses (a contact and a postal address). */
export function AccountEditDialog({ account, part, onClose }: { account: StaffAccountDetail; part: AccountPart; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const address = part === 'name' ? null : (account[part] ?? { company: '', ...emptyContact, ...emptyAddress });
  const form = useForm({ initialValues: { name: account.name, ...(address ? { [part]: address } : {}) } });
  const save = useMutation({
    mutationFn: (values: typeof form.values) => accountActions.update(account.id, accountEditRequest.parse(values)),
    onSuccess: async (next) => {
      onClose();
      await afterAccountChange(client, next);
    },
    onError: (e) => setServerErrors(form, e),
  });
  const title = t(`admin.accounts.edit_${part}`);
  return (
    <Modal opened onClose={onClose} title={title} centered size={part === 'name' ? 'md' : 'lg'}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const errors = zodErrors(accountEditRequest, t, values);
          if (Object.keys(errors).length) form.setErrors(errors);
          else save.mutate(values);
        })}
      >
        <Stack gap="sm">
          <FormAlert error={save.error} fields={form} />
          {part === 'name' ? (
            <TextInput label={t('admin.accounts.company_name')} withAsterisk maxLength={160} {...form.getInputProps('name')} />
          ) : (
            <>
              <TextInput label={t('admin.accounts.company_name')} maxLength={160} {...form.getInputProps(`${part}.company`)} />
              <ContactFields form={form} prefix={part} />
              <AddressFields form={form} prefix={part} />
            </>
          )}
          <ModalActions onCancel={onClose} submitLabel={t('admin.accounts.save')} submitting={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
