import type { InvoicePaymentResult } from '@freight/contracts';
import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { major } from '../../../components/shipment/format';
import { CURRENT_USER_KEY } from '../../../lib/currentUserQuery';
import { useFormat } from '../../../lib/useFormat';
import { INVOICES_KEY } from '../api/invoicesApi';
import { useReceiptDownload } from './useReceiptDownload';

/**
 * What follows a payment wherever it was made: a notification (a bank payment says it is
 * processing) with the receipt, and the invoices and the account (a hold may have lifted) asked again.
 */
export function usePaymentDone() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const receipt = useReceiptDownload();
  return async (result: InvoicePaymentResult) => {
    const amount = fmt.money(major(result.total_cents), result.currency);
    notifications.show({
      color: 'green',
      message: (
        <Stack gap={2}>
          <Text size="sm">{t(result.status === 'pending' ? 'invoices.pay.done_ach' : 'invoices.pay.done_card', { amount })}</Text>
          <Anchor size="sm" component="button" onClick={() => receipt(result)}>
            {t('invoices.pay.receipt')}
          </Anchor>
        </Stack>
      ),
      autoClose: 10_000,
    });
    await Promise.all([client.invalidateQueries({ queryKey: INVOICES_KEY }), client.invalidateQueries({ queryKey: CURRENT_USER_KEY })]);
  };
}
