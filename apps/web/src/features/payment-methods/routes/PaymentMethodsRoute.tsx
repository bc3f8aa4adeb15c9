import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paymentMethodsQuery, processorQuery } from '../../../components/payment/api';
import { paymentFailureText } from '../../../components/payment/paymentFailure';
import { useChallengeReturn } from '../../../components/payment/useChallengeReturn';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { translateMessage } from '../../../lib/forms';
import { confirmPaymentMethod } from '../api/paymentMethodsApi';
import { AddBankAccountForm } from '../components/AddBankAccountForm';
import { AddCardForm } from '../components/AddCardForm';
import { AutopayPanel } from '../components/AutopayPanel';
import { SavedMethodsList } from '../components/SavedMethodsList';
import { useMethodSaved } from '../components/useMethodSaved';

/**
 * Settings > Payment methods (account admins and billing: whoever may pay invoices): the saved
 * cards and bank accounts with the default, adding a card or a bank account, and autopay.
 */
export function PaymentMethodsRoute() {
  const { t } = useTranslation();
  const methodSaved = useMethodSaved();
  // Back from the card issuer's 3-D Secure page: the server says whether the card was saved; the
  // list waits for that answer (listed before, it would miss the card).
  const challenge = useChallengeReturn('setup_intent', confirmPaymentMethod, (saved) => void methodSaved(saved));
  const methods = useQuery({ ...paymentMethodsQuery(), enabled: !challenge.checking });
  const processor = useQuery(processorQuery());
  // A refused card names its field (422); anything else is a payment failure's words.
  const refusal = challenge.error?.errors.payment_method?.map((m) => translateMessage(t, m)).join(' ');
  return (
    <Stack gap="xl" maw={760}>
      <Text size="sm">{t('payment_methods.intro')}</Text>
      {challenge.checking && (
        <Text size="sm" role="status">
          {t('payment_methods.challenge_checking')}
        </Text>
      )}
      {challenge.error && (
        <Alert color="red" role="alert" title={t('payment_methods.challenge_failed_title')} data-testid="card-challenge-failed">
          {refusal || paymentFailureText(t, challenge.error)}
        </Alert>
      )}
      <Section title={t('payment_methods.saved_title')} testId="saved-payment-methods">
        <QueryStatus query={methods} />
        {methods.data && <SavedMethodsList methods={methods.data.methods} />}
      </Section>
      <Section title={t('payment_methods.add_title')} testId="add-card">
        <QueryStatus query={processor} />
        {processor.data && <AddCardForm processor={processor.data} />}
        {processor.data === null && <Alert color="yellow">{t('payment_methods.processor_off')}</Alert>}
      </Section>
      {processor.data && (
        <Section title={t('payment_methods.add_bank_title')} testId="add-bank-account">
          <AddBankAccountForm processor={processor.data} />
        </Section>
      )}
      <Section title={t('payment_methods.autopay_title')} testId="autopay">
        {methods.data && <AutopayPanel view={methods.data} />}
      </Section>
    </Stack>
  );
}
