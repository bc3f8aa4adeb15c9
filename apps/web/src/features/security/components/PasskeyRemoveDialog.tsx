import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks before a passkey is removed: it no longer signs the user in. */
export function PasskeyRemoveDialog({ name, onConfirm, onCancel }: { name: string; onConfirm: () => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened onClose={onCancel} title={t('security.passkeys.remove_title')} centered>
      <Stack>
        <Text size="sm">{t('security.passkeys.remove_warning', { name })}</Text>
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
            {t('security.passkeys.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
