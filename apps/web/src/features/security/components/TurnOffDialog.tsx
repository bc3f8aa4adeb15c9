import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks before the authenticator app is turned off: sign-in then takes the password alone. */
export function TurnOffDialog({ onConfirm, onCancel }: { onConfirm: () => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened onClose={onCancel} title={t('security.app.turn_off_title')} centered>
      <Stack>
        <Text size="sm">{t('security.app.turn_off_warning')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              await onConfirm();
              setBusy(false);
            }}
          >
            {t('security.app.turn_off')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
