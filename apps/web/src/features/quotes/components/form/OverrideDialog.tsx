import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface OverrideDialogProps {
  opened: boolean;
  /** What departs from the recommendation (useOverrides' text). */
  text: string | null;
  /** Back to the recommendation. */
  onCancel: () => void;
  /** Keep the choice. */
  onAcknowledge: () => void;
}

/** The acknowledgement of a class or service that departs from the recommendation. */
export function OverrideDialog({ opened, text, onCancel, onAcknowledge }: OverrideDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('quotes.form.override.title')} centered>
      <Stack>
        <Text size="sm">{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button color="orange" onClick={onAcknowledge}>
            {t('quotes.form.override.acknowledge')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
