import { ETA_OVERRIDES, etaOverrideRequest, type StaffShipmentDetail } from '@freight/contracts';
import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/FormAlert';
import { ModalActions } from '../../../../components/ModalActions';
import { Section } from '../../../../components/Section';
import { formatLocalDate } from '../../../../components/tracking/localTime';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { afterShipmentAction, shipmentAction } from '../../api/shipmentsApi';

/** The estimated delivery as staff see it (the carrier's, their override and why, what the shipper sees), and the way to change it. */
export function EtaPanel({ detail, final }: { detail: StaffShipmentDetail; final: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const eta = detail.eta;
  const day = (d: string | null) => (d ? formatLocalDate(d, i18n.language) : t('admin.shipments.eta.none'));
  return (
    <Section title={t('admin.shipments.eta.title')}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" data-testid="eta-shown">
            {t('admin.shipments.eta.shown', { date: day(eta.shown) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('admin.shipments.eta.carrier', { date: day(eta.carrier_estimate) })}
          </Text>
          {eta.override && (
            <Text size="sm" c="dimmed">
              {t(`admin.shipments.eta.override_${eta.override}`, { reason: eta.reason ?? '' })}
            </Text>
          )}
        </Stack>
        <Button variant="light" onClick={() => setOpen(true)} disabled={final}>
          {t('admin.shipments.eta.change')}
        </Button>
      </Group>
      {open && <EtaDialog detail={detail} onClose={() => setOpen(false)} />}
    </Section>
  );
}

function EtaDialog({ detail, onClose }: { detail: StaffShipmentDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const s = detail.shipment;
  const form = useForm({
    initialValues: {
      override: 'set' as (typeof ETA_OVERRIDES)[number],
      date: detail.eta.shown ?? s.pickup_date,
      reason: '',
    },
  });
  const body = (v: typeof form.values) => (v.override === 'set' ? v : { override: v.override, reason: v.reason });
  const send = useMutation({
    mutationFn: (v: typeof form.values) => shipmentAction(s.id, 'eta', etaOverrideRequest.parse(body(v))),
    onSuccess: async (next) => {
      onClose();
      await afterShipmentAction(client, next);
    },
    onError: (e) => setServerErrors(form, e),
  });
  return (
    <Modal opened onClose={onClose} title={t('admin.shipments.eta.title')} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const errors = zodErrors(etaOverrideRequest, t, body(values));
          if (Object.keys(errors).length) form.setErrors(errors);
          else send.mutate(values);
        })}
      >
        <Stack gap="sm">
          <FormAlert error={send.error} fields={form} />
          <SegmentedControl
            fullWidth
            aria-label={t('admin.shipments.eta.title')}
            data={ETA_OVERRIDES.map((o) => ({ value: o, label: t(`admin.shipments.eta.choice_${o}`) }))}
            {...form.getInputProps('override')}
          />
          {form.values.override === 'set' && (
            <TextInput type="date" label={t('admin.shipments.eta.date')} min={s.pickup_date} withAsterisk {...form.getInputProps('date')} />
          )}
          <Textarea label={t('admin.shipments.eta.reason')} withAsterisk rows={2} maxLength={500} {...form.getInputProps('reason')} />
          <ModalActions onCancel={onClose} submitLabel={t('admin.shipments.eta.submit')} submitting={send.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
