import { type CustomsEntryRequest, customsEntryRequest } from '@freight/contracts';
import type { Country } from '@freight/domain';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setServerErrors, zodErrors } from '../../lib/forms';
import { FormAlert } from '../FormAlert';
import { ModalActions } from '../ModalActions';
import { showNotice } from '../notices/showNotice';

/**
 * The entered country's customs reference of a shipment, as its broker gave it: the pedimento into
 * Mexico, the entry number into the United States, the transaction number into Canada. The server
 * checks its form for the country and answers under the field. Staff record it from the customs
 * queue, the shipper from its shipment: `save` is their call.
 */
export function CustomsEntryDialog({
  bolNumber,
  country,
  current,
  save,
  onClose,
  onSaved,
}: {
  bolNumber: string;
  country: Country;
  current: string | null;
  save: (body: CustomsEntryRequest) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => Promise<unknown> | undefined;
}) {
  const { t } = useTranslation();
  const side = country.toLowerCase();
  const form = useForm({ initialValues: { entry_number: current ?? '' } });
  const send = useMutation({
    mutationFn: save,
    onSuccess: async () => {
      onClose();
      showNotice({ color: 'green', message: { key: 'shipment.customs_entry.saved' } });
      await onSaved();
    },
    onError: (e) => setServerErrors(form, e),
  });
  return (
    <Modal opened onClose={onClose} title={t('shipment.customs_entry.title', { number: bolNumber })} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const errors = zodErrors(customsEntryRequest, t, values);
          if (Object.keys(errors).length) form.setErrors(errors);
          else send.mutate(values);
        })}
      >
        <Stack gap="sm">
          <FormAlert error={send.error} fields={form} />
          <Text size="sm">{t(`shipment.customs_entry.hint_${side}`)}</Text>
          <TextInput
            label={t(`shipment.customs_entry.label_${side}`)}
            withAsterisk
            maxLength={40}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('entry_number')}
          />
          <ModalActions onCancel={onClose} submitLabel={t('shipment.customs_entry.submit')} submitting={send.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
