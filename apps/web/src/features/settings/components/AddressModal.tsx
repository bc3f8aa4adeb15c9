import { type AccountAddress, accountAddress, type CurrentUser } from '@freight/contracts';
import { Button, Fieldset, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AddressFields, ContactFields, emptyAddress, emptyContact } from '../../../components/AddressFields';
import { isApiError } from '../../../lib/api';
import { useStoreUser } from '../../../lib/auth';
import { serverFieldErrors, zodErrors } from '../../../lib/forms';
import { paths } from '../../../lib/paths';

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
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { ...emptyContact, company: '', ...emptyAddress, ...(value ?? {}) } as Record<string, string>,
    validate: (v) => zodErrors(accountAddress, t, v),
  });
  const submit = form.onSubmit(async (v) => {
    try {
      const res = await save(v as unknown as AccountAddress);
      storeUser(res.data);
      notifications.show({ color: 'green', message: t('settings.account_updated') });
      onClose();
    } catch (e) {
      if (isApiError(e) && e.status === 423) {
        notifications.show({ color: 'blue', title: t('settings.confirm_needed_title'), message: t('settings.confirm_needed_billing') });
        await navigate(`${paths.confirmPassword}?redirect=${encodeURIComponent(paths.accountSettings)}`);
        return;
      }
      const fields = serverFieldErrors(e);
      if (Object.keys(fields).length) form.setErrors(fields);
      notifications.show({ color: 'red', message: t('settings.update_failed') });
    }
  });
  return (
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
