import { type CredentialView, type IssuedCredential, ROTATION_OVERLAP_HOURS, rotateCredentialRequest } from '@freight/contracts';
import { Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ModalActions } from '../../../../components/ModalActions';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { API_ACCESS_KEY, rotateCredential } from '../../api/apiAccessApi';
import { FormFailure } from './FormFailure';

/** What the hours typed so far mean, said as they are typed (nothing while the field is empty). */
function overlapHint(t: TFunction, hours: number | string) {
  if (typeof hours !== 'number') return undefined;
  if (hours === 0) return t('settings.api.credentials.rotate_form.overlap_none');
  return t('settings.api.credentials.rotate_form.overlap_hint', { count: hours });
}

/** Rotate: a new secret, shown once, while the old one keeps working for the hours chosen. */
export function RotateCredentialModal({
  credential,
  onClose,
  onIssued,
}: {
  credential: CredentialView;
  onClose: () => void;
  onIssued: (issued: IssuedCredential) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<{ overlap_hours: number | string }>({
    initialValues: { overlap_hours: ROTATION_OVERLAP_HOURS.default },
    validate: (v) => zodErrors(rotateCredentialRequest, t, v),
  });
  const rotate = useMutation({
    mutationFn: (hours: number) => rotateCredential(credential.id, hours),
    onSuccess: (issued) => {
      void queryClient.invalidateQueries({ queryKey: API_ACCESS_KEY });
      onIssued(issued);
    },
    onError: (error) => setServerErrors(form, error),
  });
  return (
    <Modal opened onClose={onClose} title={t('settings.api.credentials.rotate_form.title', { name: credential.name })} centered>
      <form onSubmit={form.onSubmit((v) => rotate.mutate(Number(v.overlap_hours)))} noValidate>
        <Stack>
          <Text size="sm">{t('settings.api.credentials.rotate_form.intro')}</Text>
          <NumberInput
            label={t('settings.api.credentials.rotate_form.overlap')}
            description={overlapHint(t, form.getValues().overlap_hours)}
            min={ROTATION_OVERLAP_HOURS.min}
            max={ROTATION_OVERLAP_HOURS.max}
            allowDecimal={false}
            allowNegative={false}
            w={260}
            {...form.getInputProps('overlap_hours')}
          />
          <FormFailure error={rotate.error} />
          <ModalActions
            onCancel={onClose}
            submitLabel={t('settings.api.credentials.rotate_form.submit')}
            submitting={rotate.isPending}
            danger
          />
        </Stack>
      </form>
    </Modal>
  );
}
