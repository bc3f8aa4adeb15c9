import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormAlert } from '../../../components/FormAlert';
import { ModalActions } from '../../../components/ModalActions';
import { setServerErrors, zodErrors } from '../../../lib/forms';

/**
 * A staff action that takes one text: canceling a shipment on the shipper's behalf or suspending
 * an account (the reason, kept in the audit log) or proposing it (the note), setting 'Action Required'
 * (what the shipper reads).
 */
export function ReasonDialog({
  submit,
  schema,
  field,
  initial = '',
  maxLength = 500,
  extra = {},
  title,
  intro,
  label,
  submitLabel,
  danger,
  onClose,
}: {
  /**
   * Sends the body; resolves when the change is made (and its answer applied), or with null when the
   * user backed out of a step it asked for (a password confirmation): the dialog then stays open.
   */
  submit: (body: Record<string, unknown>) => Promise<unknown>;
  schema: z.ZodType;
  field: 'reason' | 'message' | 'note';
  /** The text the box starts with (a suspension's reason started from the proposal's note). */
  initial?: string;
  maxLength?: number;
  extra?: Record<string, unknown>;
  title: string;
  intro: string;
  label: string;
  submitLabel: string;
  danger?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Record<string, string>>({ initialValues: { [field]: initial } });
  const toBody = (values: Record<string, string>) => ({ ...extra, ...values });
  const send = useMutation({
    mutationFn: (values: Record<string, string>) => submit(toBody(values)),
    onSuccess: (done) => {
      if (done !== null) onClose();
    },
    onError: (e) => setServerErrors(form, e),
  });
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const errors = zodErrors(schema, t, values, toBody);
          if (Object.keys(errors).length) form.setErrors(errors);
          else send.mutate(values);
        })}
      >
        <Stack gap="sm">
          <Text size="sm">{intro}</Text>
          <FormAlert error={send.error} fields={form} />
          <Textarea label={label} withAsterisk rows={3} maxLength={maxLength} {...form.getInputProps(field)} />
          <ModalActions onCancel={onClose} submitLabel={submitLabel} submitting={send.isPending} danger={danger} />
        </Stack>
      </form>
    </Modal>
  );
}
