import { type PaymentMethodView, verifyBankAccountRequest } from '@freight/contracts';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { showNotice } from '../../../components/notices/showNotice';
import { PAYMENT_METHODS_KEY, processorQuery } from '../../../components/payment/api';
import { methodLabel } from '../../../components/payment/methodLabel';
import { usesStripeJs } from '../../../components/payment/processor';
import { isApiError } from '../../../lib/api';
import { zodErrors } from '../../../lib/forms';
import { verifyBankAccount } from '../api/paymentMethodsApi';

/**
 * The code of the micro-deposit on a bank account's statement, which verifies the account before
 * it may be debited: six characters, SM and four more. A wrong code says how many tries are left
 * (the server's words, at the field); the last wrong one leaves the account failed, and the list
 * says so once the dialog closes. With the test processor the code to use is shown.
 */
export function VerifyBankDialog({ method, onClose }: { method: PaymentMethodView; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const processor = useQuery(processorQuery());
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const label = methodLabel(t, method);
  const form = useForm({
    initialValues: { code: '' },
    validate: (values) => zodErrors(verifyBankAccountRequest, t, values),
  });

  const submit = form.onSubmit(async ({ code }) => {
    setFailure(null);
    setBusy(true);
    try {
      await verifyBankAccount(method.id, code);
      showNotice({ color: 'green', message: { key: 'payment_methods.verified', params: { method: label } } });
      await qc.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY });
      onClose();
    } catch (e) {
      const field = isApiError(e) && e.status === 422 ? e.errors.code?.join(' ') : undefined;
      if (field) form.setFieldError('code', field);
      else setFailure(e);
      // Out of tries: the list shows it failed.
      if (isApiError(e) && e.body.verification === 'failed') await qc.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY });
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened onClose={onClose} title={t('payment_methods.verify_title', { method: label })} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" id="verify-bank-help">
            {t('payment_methods.verify_help')}
          </Text>
          {processor.data && !usesStripeJs(processor.data) && (
            <Text size="sm" c="dimmed" data-testid="test-microdeposit-code">
              {t('payment_methods.verify_test_code')}
            </Text>
          )}
          <TextInput
            label={t('payment_methods.verify_code')}
            description={t('payment_methods.verify_code_format')}
            withAsterisk
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={8}
            data-autofocus
            styles={{ input: { textTransform: 'uppercase', maxWidth: '12rem' } }}
            {...form.getInputProps('code')}
          />
          <ErrorAlert error={failure} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('payment_methods.verify')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
