import {
  CERTIFIER_ROLES,
  PRODUCER_STATEMENTS,
  type UsmcaCertificationRequest,
  type UsmcaCertificationView,
  usmcaCertificationRequest,
} from '@freight/contracts';
import { Fieldset, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { ModalActions } from '../../../components/ModalActions';
import { zodErrors } from '../../../lib/forms';
import { putUsmcaCertification, USMCA_CERTIFICATION_KEY } from '../api/usmcaApi';
import { notifyAccountUpdated, reportSaveFailure } from './saveNotices';

type Values = Required<{ [K in keyof UsmcaCertificationRequest]: string }>;

// A first certification starts from what a shipment gets without one: the exporter certifies, the producer on request.
const EMPTY: Values = {
  certifier_role: 'exporter',
  company: '',
  name: '',
  title: '',
  address: '',
  phone: '',
  email: '',
  producer: 'on_request',
  blanket_from: '',
  blanket_to: '',
};

const toValues = (saved: UsmcaCertificationView | null): Values => {
  if (!saved) return EMPTY;
  const { updated_at: _at, updated_by: _by, ...fields } = saved;
  return { ...EMPTY, ...fields };
};

/** The account's USMCA certification of origin, edited in a modal: the certifier, the producer and an optional blanket period. */
export function UsmcaCertificationModal({ value, onClose }: { value: UsmcaCertificationView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const hintId = useId();
  const form = useForm<Values>({
    initialValues: toValues(value),
    validate: (v) => zodErrors(usmcaCertificationRequest, t, v),
  });
  const save = useMutation({
    mutationFn: (v: Values) => putUsmcaCertification(v as UsmcaCertificationRequest),
    onSuccess: (saved) => {
      client.setQueryData(USMCA_CERTIFICATION_KEY, saved);
      notifyAccountUpdated();
      onClose();
    },
    onError: (error) => reportSaveFailure(form, error, t),
  });
  const choices = (values: readonly string[], words: string) => values.map((v) => ({ value: v, label: t(`${words}.${v}`) }));
  const text = (field: keyof Values, label: string, extra: Partial<Parameters<typeof TextInput>[0]> = {}) => (
    <TextInput label={t(`settings.usmca.${label}`)} required {...extra} {...form.getInputProps(field)} />
  );
  return (
    <Modal opened onClose={onClose} title={t('settings.usmca.title')} size="lg" centered>
      <form
        noValidate
        onSubmit={form.onSubmit((v) => {
          save.reset();
          save.mutate(v);
        })}
      >
        <Stack>
          <Select
            label={t('settings.usmca.certifier_role')}
            required
            allowDeselect={false}
            data={choices(CERTIFIER_ROLES, 'settings.usmca.role')}
            data-autofocus
            {...form.getInputProps('certifier_role')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('name', 'name', { autoComplete: 'name', maxLength: 120 })}
            {text('title', 'job_title', { autoComplete: 'organization-title', maxLength: 120 })}
          </SimpleGrid>
          {text('company', 'company', { autoComplete: 'organization', maxLength: 160 })}
          {text('address', 'address', { description: t('settings.usmca.address_hint'), maxLength: 300 })}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('phone', 'phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
            {text('email', 'email', { type: 'email', autoComplete: 'email' })}
          </SimpleGrid>
          <Select
            label={t('settings.usmca.producer')}
            required
            allowDeselect={false}
            data={choices(PRODUCER_STATEMENTS, 'settings.usmca.producer_choice')}
            {...form.getInputProps('producer')}
          />
          <Fieldset legend={t('settings.usmca.blanket')} aria-describedby={hintId}>
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {(['blanket_from', 'blanket_to'] as const).map((field) => (
                  <TextInput
                    key={field}
                    type="date"
                    label={t(`settings.usmca.${field}`)}
                    min={field === 'blanket_to' ? form.values.blanket_from || undefined : undefined}
                    {...form.getInputProps(field)}
                  />
                ))}
              </SimpleGrid>
              <Text id={hintId} size="sm" c="dimmed">
                {t('settings.usmca.blanket_hint')}
              </Text>
            </Stack>
          </Fieldset>
          <FormAlert error={save.error} fields={form} />
          <ModalActions onCancel={onClose} submitLabel={t('common.save')} submitting={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
