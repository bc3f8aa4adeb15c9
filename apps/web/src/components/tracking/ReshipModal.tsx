import { reshipRequest, type ShipmentView } from '@freight/contracts';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setServerErrors, zodErrors } from '../../lib/forms';
import { paths } from '../../lib/paths';
import { FormAlert } from '../FormAlert';
import { ModalActions } from '../ModalActions';
import { QueryStatus } from '../QueryStatus';
import { fetchShipment, type ReshipKind, reshipShipment, shipmentKey } from './api';

export interface ReshipTarget {
  id: string;
  bol_number: string;
  kind: ReshipKind;
}

/**
 * Reship or return-ship: asks for the contact's email and phone (a
 * reship needs valid ones), prefilled from the pickup contact (a return: the delivery contact),
 * then opens the new quote on Quote & Ship, whose booking step is prefilled.
 */
export function ReshipModal({ target, onClose }: { target: ReshipTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const shipment = useQuery({
    queryKey: shipmentKey(target?.id ?? ''),
    queryFn: ({ signal }) => fetchShipment(target?.id ?? '', signal),
    enabled: target !== null,
  });
  const prefix = target?.kind === 'return' ? 'return' : 'reship';
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? t(`tracking_ui.${prefix}.title`, { bol: target.bol_number }) : ''}
      centered
    >
      {target && (
        <Stack>
          <Text size="sm">{t(`tracking_ui.${prefix}.intro`)}</Text>
          {shipment.data ? (
            <ReshipForm key={`${target.id}-${target.kind}`} target={target} shipment={shipment.data} onClose={onClose} />
          ) : (
            <QueryStatus query={shipment} />
          )}
        </Stack>
      )}
    </Modal>
  );
}

function ReshipForm({ target, shipment, onClose }: { target: ReshipTarget; shipment: ShipmentView; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const contact = target.kind === 'return' ? shipment.delivery : shipment.pickup;
  const contactName = [contact?.first_name, contact?.last_name].filter(Boolean).join(' ') || contact?.company || '';
  const form = useForm({
    initialValues: { email: contact?.email ?? '', phone: contact?.phone ?? '' },
    validate: (v) => zodErrors(reshipRequest, t, { kind: target.kind, ...v }),
  });
  const reship = useMutation({
    mutationFn: (v: { email: string; phone: string }) => reshipShipment(target.id, { kind: target.kind, ...v }),
    onSuccess: ({ data }) => void navigate(`${paths.quoteShipment}/${encodeURIComponent(data.id)}`),
    onError: (error) => setServerErrors(form, error),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        reship.reset();
        reship.mutate({ email: v.email.trim(), phone: v.phone.trim() });
      })}
    >
      <Stack>
        {contactName && (
          <Text size="sm" c="dimmed">
            {t(`tracking_ui.${target.kind === 'return' ? 'return' : 'reship'}.contact_of`, { name: contactName })}
          </Text>
        )}
        <TextInput label={t('tracking_ui.reship.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <TextInput label={t('tracking_ui.reship.phone')} type="tel" autoComplete="tel" required {...form.getInputProps('phone')} />
        <FormAlert error={reship.error} fields={form} />
        <ModalActions onCancel={onClose} submitLabel={t('tracking_ui.reship.submit')} submitting={reship.isPending} />
      </Stack>
    </form>
  );
}
