import { holdRequest } from '@freight/contracts';
import { Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { ModalActions } from '../../../components/ModalActions';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { afterCreditChange, setHold } from '../api/creditApi';

export type HoldAction = 'place' | 'lift';

/** Staff place or lift an account's hold, always with a reason (it goes on the credit record). */
export function HoldDialog({ accountId, action, onClose }: { accountId: string; action: HoldAction; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm({ initialValues: { action, reason: '' } });
  const send = useMutation({
    mutationFn: (values: typeof form.values) => setHold(accountId, holdRequest.parse(values)),
    onSuccess: async (view) => {
      onClose();
      await afterCreditChange(client, view);
    },
    onError: (e) => setServerErrors(form, e),
  });
  const title = action === 'place' ? t('admin.credit.place') : t('admin.credit.lift');
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const errors = zodErrors(holdRequest, t, values);
          if (Object.keys(errors).length) form.setErrors(errors);
          else send.mutate(values);
        })}
      >
        <Stack gap="sm">
          {/* 409: the account was held or released meanwhile. */}
          <FormAlert error={send.error} fields={form} />
          <Textarea label={t('admin.credit.reason')} withAsterisk rows={2} maxLength={1000} {...form.getInputProps('reason')} />
          <ModalActions onCancel={onClose} submitLabel={title} submitting={send.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
