import { EBAY_BATCH_RULES } from '@freight/contracts';
import { Alert, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ModalActions } from '../../../components/ModalActions';
import { isApiError } from '../../../lib/api';
import { translateMessage } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { RuleSelect } from '../../batches';
import { batchOfOrders, EBAY_KEY, type EbayBatchRule } from '../api/ebayApi';

/**
 * The picked orders made a batch, one shipment per order: the rule that will choose each row's
 * rate, then the batch's page, where the rows are rated, checked and booked together (booking an
 * order's row ships it and sends its tracking to eBay).
 */
export function BatchOfOrdersDialog({ orderIds, opened, onClose }: { orderIds: string[]; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [rule, setRule] = useState<EbayBatchRule>('cheapest');
  const make = useMutation({
    mutationFn: () => batchOfOrders(orderIds, rule),
    onSuccess: (batch) => {
      void queryClient.invalidateQueries({ queryKey: EBAY_KEY });
      navigate(paths.batch(batch.id));
    },
  });
  // An order that cannot go (shipped or canceled since the list was read) is said in the field's words.
  const refusal = isApiError(make.error) ? make.error.errors.order_ids?.[0] : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    make.mutate();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('ebay.batch.title', { count: orderIds.length })}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">{t('ebay.batch.intro')}</Text>
          <RuleSelect rules={EBAY_BATCH_RULES} value={rule} onChange={setRule} />
          {refusal ? (
            <Alert color="red" role="alert">
              {translateMessage(t, refusal)}
            </Alert>
          ) : (
            <ErrorAlert error={make.error} />
          )}
          <ModalActions onCancel={onClose} submitLabel={t('ebay.batch.submit')} submitting={make.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
