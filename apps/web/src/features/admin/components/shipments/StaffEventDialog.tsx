import { STAFF_EVENT_CODES, type StaffShipmentDetail, staffEventRequest } from '@freight/contracts';
import { Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/FormAlert';
import { ModalActions } from '../../../../components/ModalActions';
import { zoneLabel } from '../../../../components/tracking/localTime';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { afterShipmentAction, eventClockQuery, shipmentAction } from '../../api/shipmentsApi';

/** 214 reason codes staff pick from; NS is a normal event. */
const REASON_CODES = ['', 'NS', 'A1', 'AO', 'AN', 'B1', 'AY'] as const;

/**
 * A tracking event recorded by hand: the 214 status, a reason code for delays, the local time and
 * place of the event, what the shipper reads, and why staff record it (kept in the audit log).
 */
export function StaffEventDialog({ detail, onClose }: { detail: StaffShipmentDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const s = detail.shipment;
  const form = useForm({
    initialValues: {
      status_code: 'SD',
      reason_code: '',
      occurred_at: '',
      city: s.pickup.city,
      state: s.pickup.state,
      description: '',
      reason: '',
    },
  });
  // The place's zone follows the state typed; the time starts as now there (the server's clock), until staff change it.
  const clock = useQuery(eventClockQuery(s.id, form.values.state));
  const [timeTouched, setTimeTouched] = useState(false);
  const localNow = clock.data?.local_now;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object is stable; only a new clock reading moves the time.
  useEffect(() => {
    if (localNow && !timeTouched) form.setFieldValue('occurred_at', localNow);
  }, [localNow, timeTouched]);
  const send = useMutation({
    mutationFn: (values: typeof form.values) => shipmentAction(s.id, 'events', staffEventRequest.parse(values)),
    onSuccess: async (next) => {
      onClose();
      await afterShipmentAction(client, next);
    },
    onError: (e) => setServerErrors(form, e),
  });
  return (
    <Modal opened onClose={onClose} title={t('admin.shipments.event.title')} centered size="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const errors = zodErrors(staffEventRequest, t, values);
          if (Object.keys(errors).length) form.setErrors(errors);
          else send.mutate(values);
        })}
      >
        <Stack gap="sm">
          <FormAlert error={send.error} fields={form} />
          <Group grow align="flex-start">
            <NativeSelect
              label={t('admin.shipments.event.status_code')}
              withAsterisk
              data={STAFF_EVENT_CODES.map((c) => ({ value: c, label: `${c} · ${t(`admin.shipments.codes.${c}`)}` }))}
              {...form.getInputProps('status_code')}
            />
            <NativeSelect
              label={t('admin.shipments.event.reason_code')}
              data={REASON_CODES.map((c) => ({
                value: c,
                label: c ? `${c} · ${t(`admin.shipments.reasons.${c}`)}` : t('admin.shipments.event.no_reason'),
              }))}
              {...form.getInputProps('reason_code')}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              type="datetime-local"
              label={t('admin.shipments.event.occurred_at')}
              description={
                clock.data
                  ? t('admin.shipments.event.occurred_at_zone', { zone: zoneLabel(clock.data.time_zone, i18n.language) })
                  : t('admin.shipments.event.occurred_at_hint')
              }
              max={localNow}
              withAsterisk
              {...form.getInputProps('occurred_at')}
              onChange={(e) => {
                setTimeTouched(true);
                form.setFieldValue('occurred_at', e.currentTarget.value);
              }}
            />
            <TextInput label={t('admin.shipments.event.city')} withAsterisk maxLength={100} {...form.getInputProps('city')} />
            <TextInput label={t('admin.shipments.event.state')} withAsterisk maxLength={64} w={90} {...form.getInputProps('state')} />
          </Group>
          <TextInput
            label={t('admin.shipments.event.description')}
            description={t('admin.shipments.event.description_hint')}
            withAsterisk
            maxLength={300}
            {...form.getInputProps('description')}
          />
          <Textarea label={t('admin.shipments.event.reason')} withAsterisk rows={2} maxLength={500} {...form.getInputProps('reason')} />
          <ModalActions onCancel={onClose} submitLabel={t('admin.shipments.event.submit')} submitting={send.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
