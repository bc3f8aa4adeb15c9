import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The booking disclaimer (spec: the disclaimer must be accepted): what the rate does and does not promise. */
export function DisclaimerDialog({ opened, onClose, onAccept }: { opened: boolean; onClose: () => void; onAccept: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('quotes.booking.disclaimer.title')} size="lg" centered>
      <Stack gap="sm">
        {(['p1', 'p2', 'p3', 'p4', 'p5'] as const).map((p) => (
          <Text key={p} size="sm">
            {t(`quotes.booking.disclaimer.${p}`)}
          </Text>
        ))}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('quotes.booking.disclaimer.close')}
          </Button>
          <Button onClick={onAccept}>{t('quotes.booking.disclaimer.accept_button')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
