import { type CredentialView, type IssuedCredential, ROTATION_OVERLAP_HOURS, rotateCredentialRequest } from '@freight/contracts';
import { Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { ModalActions } from '../../../../components/ModalActions';
import { serverFieldErrors, zodErrors } from '../../../../lib/forms';
import { afterIntegrationChange, credentialActions } from '../../api/integrationsApi';
import { isFormError } from '../fieldErrors';

/** A NumberInput's value: a number, or '' when left empty. */
type Values = { overlap_hours: number | string };
const toBody = (v: Values) => ({ overlap_hours: v.overlap_hours === '' ? undefined : Number(v.overlap_hours) });

/**
 * Rotates a credential: a new secret now, the old one still accepted for the overlap so the
 * partner can switch without an outage. Hands the answer (the new secret) to `onIssued`.
 */
export function RotateDialog({
  credential,
  onClose,
  onIssued,
}: {
  credential: CredentialView;
  onClose: () => void;
  onIssued: (issued: IssuedCredential) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<Values>({ initialValues: { overlap_hours: ROTATION_OVERLAP_HOURS.default } });
  const rotate = useMutation({
    mutationFn: (v: Values) => credentialActions.rotate(credential.id, toBody(v).overlap_hours ?? ROTATION_OVERLAP_HOURS.default),
    onSuccess: async (issued) => {
      onIssued(issued);
      await afterIntegrationChange(client);
    },
    onError: (e) => form.setErrors(serverFieldErrors(e)),
  });
  const title = t('admin.oauth.rotate_title', { name: credential.name });
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form
        noValidate
        aria-label={title}
        onSubmit={form.onSubmit((v) => {
          const errors = zodErrors(rotateCredentialRequest, t, v, toBody);
          if (Object.keys(errors).length) form.setErrors(errors);
          else rotate.mutate(v);
        })}
      >
        <Stack gap="md">
          {isFormError(rotate.error) && <ErrorAlert error={rotate.error} />}
          <Text size="sm">{t('admin.oauth.rotate_intro')}</Text>
          <NumberInput
            label={t('admin.oauth.overlap_hours')}
            description={t('admin.oauth.overlap_hint', { max: ROTATION_OVERLAP_HOURS.max })}
            min={ROTATION_OVERLAP_HOURS.min}
            max={ROTATION_OVERLAP_HOURS.max}
            allowDecimal={false}
            clampBehavior="none"
            w={220}
            {...form.getInputProps('overlap_hours')}
          />
          <ModalActions onCancel={onClose} submitLabel={t('admin.oauth.rotate')} submitting={rotate.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
