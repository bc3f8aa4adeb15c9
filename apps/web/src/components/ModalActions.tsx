import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The foot of a form modal: Cancel, then the submit button (red when it destroys) that shows the form is saving. */
export function ModalActions({
  onCancel,
  submitLabel,
  submitting,
  danger = false,
}: {
  onCancel: () => void;
  submitLabel: string;
  submitting: boolean;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={submitting} color={danger ? 'red' : undefined}>
        {submitLabel}
      </Button>
    </Group>
  );
}
