import type { StaffShipmentDetail } from '@freight/contracts';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { ModalActions } from '../../../../components/ModalActions';
import { serverFieldErrors, zodErrors } from '../../../../lib/forms';
import { afterShipmentAction, shipmentAction } from '../../api/shipmentsApi';
import { isFormError } from '../fieldErrors';

/**
 * A staff action on a shipment that takes one text: canceling on the shipper's behalf (the
 * reason) or setting 'Action Required' (the message the shipper sees).
 */
export function ReasonDialog({
  shipmentId,
  action,
  schema,
  field,
  extra = {},
  title,
  intro,
  label,
  submitLabel,
  danger,
  onClose,
}: {
  shipmentId: string;
  action: 'cancel' | 'action-required';
  schema: z.ZodType;
  field: 'reason' | 'message';
  extra?: Record<string, unknown>;
  title: string;
  intro: string;
  label: string;
  submitLabel: string;
  danger?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<Record<string, string>>({ initialValues: { [field]: '' } });
  const toBody = (values: Record<string, string>) => ({ ...extra, ...values });
  const send = useMutation({
    mutationFn: (values: Record<string, string>) => shipmentAction(shipmentId, action, toBody(values)),
    onSuccess: async (next: StaffShipmentDetail) => {
      onClose();
      await afterShipmentAction(client, next);
    },
    onError: (e) => form.setErrors(serverFieldErrors(e)),
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
          {isFormError(send.error) && <ErrorAlert error={send.error} />}
          <Textarea label={label} withAsterisk rows={3} maxLength={500} {...form.getInputProps(field)} />
          <ModalActions onCancel={onClose} submitLabel={submitLabel} submitting={send.isPending} danger={danger} />
        </Stack>
      </form>
    </Modal>
  );
}
