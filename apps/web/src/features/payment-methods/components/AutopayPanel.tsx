import type { PaymentMethodsView } from '@freight/contracts';
import { Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { showNotice } from '../../../components/notices/showNotice';
import { PAYMENT_METHODS_KEY } from '../../../components/payment/api';
import { saveAutopay } from '../api/paymentMethodsApi';

/** The autopay switch, with the one line that says when it charges; off and disabled without a default method. */
export function AutopayPanel({ view }: { view: PaymentMethodsView }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const hasDefault = view.methods.some((m) => m.is_default);
  const save = useMutation({
    mutationFn: saveAutopay,
    onSuccess: (saved) => {
      qc.setQueryData(PAYMENT_METHODS_KEY, saved);
      showNotice({ color: 'green', message: { key: saved.autopay ? 'payment_methods.autopay_on' : 'payment_methods.autopay_off' } });
    },
  });
  return (
    <Stack gap="sm">
      <Text size="sm" id="autopay-help">
        {t('payment_methods.autopay_help')}
      </Text>
      <Switch
        label={t('payment_methods.autopay_switch')}
        aria-describedby="autopay-help"
        checked={view.autopay}
        disabled={save.isPending || (!hasDefault && !view.autopay)}
        onChange={(e) => save.mutate(e.currentTarget.checked)}
      />
      {!hasDefault && (
        <Text size="sm" c="dimmed">
          {t('payment_methods.autopay_needs_default')}
        </Text>
      )}
      <ErrorAlert error={save.error} />
    </Stack>
  );
}
