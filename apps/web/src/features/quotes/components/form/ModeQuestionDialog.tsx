import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ModeQuestionDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The shipper's answer: the request is rated in that mode. */
  onAnswer: (mode: 'ltl' | 'parcel') => void;
}

/** 'LTL or parcel?', asked when the cargo fits both and the shipper left the mode to the form. */
export function ModeQuestionDialog({ opened, onClose, onAnswer }: ModeQuestionDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('quotes.form.mode_choice.title')} centered>
      <Stack>
        <Text size="sm">{t('quotes.form.mode_choice.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onAnswer('ltl')}>
            {t('quotes.form.mode_choice.ltl')}
          </Button>
          <Button onClick={() => onAnswer('parcel')}>{t('quotes.form.mode_choice.parcel')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
