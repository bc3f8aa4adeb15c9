import { type CredentialView, type IssuedCredential, ROTATION_OVERLAP_HOURS, rotateCredentialRequest } from '@freight/contracts';
import { Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { setServerErrors, zodErrors } from '../../lib/forms';
import { useWithPasswordConfirmation } from '../ConfirmPasswordModal';
import { FormAlert } from '../FormAlert';
import { ModalActions } from '../ModalActions';

/** A NumberInput's value: a number, or '' when left empty (the default overlap then). */
type Values = { overlap_hours: number | string };
const toBody = (v: Values) => ({ overlap_hours: v.overlap_hours === '' ? undefined : Number(v.overlap_hours) });

/** What the hours typed so far mean, said as they are typed (nothing while the field is empty). */
function overlapHint(t: TFunction, hours: number | string) {
  if (typeof hours !== 'number') return undefined;
  if (hours === 0) return t('integrations.rotate.overlap_none');
  return t('integrations.rotate.overlap_hint', { count: hours });
}

/**
 * Rotates a credential: a new secret now, the old one still accepted for the overlap so its
 * programs can switch without an outage. `rotate` is the screen's own call; its answer (the new
 * secret, shown once) goes to `onRotated`.
 */
export function RotateCredentialModal({
  credential,
  rotate,
  onRotated,
  onClose,
}: {
  credential: CredentialView;
  rotate: (overlapHours: number) => Promise<IssuedCredential>;
  onRotated: (issued: IssuedCredential) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: { overlap_hours: ROTATION_OVERLAP_HOURS.default },
    validate: (v) => zodErrors(rotateCredentialRequest, t, v, toBody),
  });
  // A new secret is a grant of power: the server asks for the password again (423), the dialog asks it.
  const proven = useWithPasswordConfirmation(rotate);
  const save = useMutation({
    mutationFn: (v: Values) => proven.run(toBody(v).overlap_hours ?? ROTATION_OVERLAP_HOURS.default),
    onSuccess: (issued) => issued && onRotated(issued),
    onError: (error) => setServerErrors(form, error),
  });
  const title = t('integrations.rotate.title', { name: credential.name });
  return (
    <>
      <Modal opened onClose={onClose} title={title} centered>
        <form noValidate aria-label={title} onSubmit={form.onSubmit((v) => save.mutate(v))}>
          <Stack>
            <Text size="sm">{t('integrations.rotate.intro')}</Text>
            <NumberInput
              label={t('integrations.rotate.overlap')}
              description={overlapHint(t, form.getValues().overlap_hours)}
              min={ROTATION_OVERLAP_HOURS.min}
              max={ROTATION_OVERLAP_HOURS.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              w={260}
              {...form.getInputProps('overlap_hours')}
            />
            <FormAlert error={save.error} fields={form} />
            <ModalActions onCancel={onClose} submitLabel={t('integrations.rotate.submit')} submitting={save.isPending} danger />
          </Stack>
        </form>
      </Modal>
      {proven.modal}
    </>
  );
}
