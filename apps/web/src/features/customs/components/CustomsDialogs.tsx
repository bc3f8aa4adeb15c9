import { CUSTOMS_DOCUMENT_KINDS, type CustomsQueueItem, customsCorrectionRequest } from '@freight/contracts';
import { Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { ModalActions } from '../../../components/ModalActions';
import { showNotice } from '../../../components/notices/showNotice';
import { CustomsEntryDialog } from '../../../components/shipment/CustomsEntryDialog';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { CUSTOMS_KEY, recordCustomsEntry, sendCustomsCorrection } from '../api/customsApi';

interface DialogProps {
  row: CustomsQueueItem;
  onClose: () => void;
}

/** After a write the queue is read again: the row may have changed stage. */
function useAfterWrite(onClose: () => void, notice: string) {
  const client = useQueryClient();
  return async () => {
    onClose();
    showNotice({ color: 'green', message: { key: notice } });
    await client.invalidateQueries({ queryKey: CUSTOMS_KEY });
  };
}

/** Records the entered country's customs reference as the broker gave it; the queue is read again (the row may move on). */
export function EntryDialog({ row, onClose }: DialogProps) {
  const client = useQueryClient();
  return (
    <CustomsEntryDialog
      bolNumber={row.bol_number}
      country={row.destination.country}
      current={row.entry_number}
      save={(body) => recordCustomsEntry(row.id, body)}
      onClose={onClose}
      onSaved={() => client.invalidateQueries({ queryKey: CUSTOMS_KEY })}
    />
  );
}

/** Sends the broker a corrected document for freight customs hold: which document, and what was corrected. */
export function CorrectionDialog({ row, onClose }: DialogProps) {
  const { t } = useTranslation();
  const done = useAfterWrite(onClose, 'customs.correction.sent');
  const documents = CUSTOMS_DOCUMENT_KINDS.filter((k) => row.documents.includes(k));
  const form = useForm({ initialValues: { document: documents[0] ?? 'bol', note: '' } });
  const send = useMutation({
    mutationFn: (values: typeof form.values) => sendCustomsCorrection(row.id, customsCorrectionRequest.parse(values)),
    onSuccess: done,
    onError: (e) => setServerErrors(form, e),
  });
  return (
    <Modal opened onClose={onClose} title={t('customs.correction.title', { number: row.bol_number })} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const errors = zodErrors(customsCorrectionRequest, t, values);
          if (Object.keys(errors).length) form.setErrors(errors);
          else send.mutate(values);
        })}
      >
        <Stack gap="sm">
          <FormAlert error={send.error} fields={form} />
          {row.hold_reason && <Text size="sm">{t('customs.correction.held_for', { reason: row.hold_reason })}</Text>}
          <NativeSelect
            label={t('customs.correction.document')}
            data={documents.map((k) => ({ value: k, label: t(`shipment.documents.${k}`) }))}
            {...form.getInputProps('document')}
          />
          <Textarea
            label={t('customs.correction.note')}
            withAsterisk
            rows={3}
            maxLength={1000}
            data-autofocus
            {...form.getInputProps('note')}
          />
          <ModalActions onCancel={onClose} submitLabel={t('customs.correction.submit')} submitting={send.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
