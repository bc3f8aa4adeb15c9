import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';

/** A yes/no question before a change that cannot be taken back (revoke, withdraw, delete, rotate). */
export function ConfirmModal({
  title,
  body,
  confirmLabel,
  onCancel,
  onConfirm,
  pending,
  error,
  color = 'red',
}: {
  title: string;
  body: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  pending: boolean;
  error: unknown;
  color?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onCancel} title={title} centered>
      <Stack>
        <Text size="sm">{body}</Text>
        <ErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button color={color} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
