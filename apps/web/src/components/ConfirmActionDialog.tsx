import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Asks before an action that cannot simply be undone (a second factor turned off, a passkey
 * removed): what happens next in `warning`, anything to give with it (`children`), Cancel, and the
 * action in red, busy while it runs.
 */
export function ConfirmActionDialog({
  title,
  warning,
  action,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  warning: string;
  action: string;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened onClose={onCancel} title={title} centered>
      <Stack>
        <Text size="sm">{warning}</Text>
        {children}
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
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
