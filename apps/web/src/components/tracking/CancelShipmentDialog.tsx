import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { ErrorAlert } from '../ErrorAlert';
import { cancelShipment, SHIPMENTS_KEY, shipmentKey } from './api';

/**
 * 'Cancel shipment BOL …?' with Keep / Cancel. A 409 (the carrier has the freight by now) is said in
 * the dialog, and the shipment is read again so the page shows where it stands.
 */
export function CancelShipmentDialog({
  shipment,
  onClose,
}: {
  /** The shipment to cancel; null closes the dialog. */
  shipment: { id: string; bol_number: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (id: string) => cancelShipment(id),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(shipmentKey(data.id), data);
      notifications.show({ color: 'green', message: t('tracking_ui.cancel.done', { bol: data.bol_number }) });
      close();
      await queryClient.invalidateQueries({ queryKey: SHIPMENTS_KEY });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: SHIPMENTS_KEY });
    },
  });
  const close = () => {
    cancel.reset();
    onClose();
  };
  const conflict = isApiError(cancel.error) && cancel.error.status === 409;

  return (
    <Modal
      opened={shipment !== null}
      onClose={close}
      title={shipment ? t('tracking_ui.cancel.title', { bol: shipment.bol_number }) : ''}
      centered
    >
      {shipment && (
        <Stack>
          <Text>{t('tracking_ui.cancel.body')}</Text>
          {cancel.error !== null && (
            <ErrorAlert error={cancel.error} title={conflict ? t('tracking_ui.cancel.conflict_title') : undefined} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {conflict ? t('tracking_ui.close') : t('tracking_ui.cancel.keep')}
            </Button>
            {!conflict && (
              <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate(shipment.id)}>
                {t('tracking_ui.cancel.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
