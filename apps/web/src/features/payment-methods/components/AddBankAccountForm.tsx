import type { PaymentProcessorView } from '@freight/contracts';
import { Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type BankValues,
  EMPTY_BANK,
  isRoutingNumber,
  type ProcessorRefused,
  refusedBankField,
  usesStripeJs,
} from '../../../components/payment/processor';
import { useNewBank } from '../../../components/payment/useNewMethod';
import { FormEnd } from './FormEnd';
import { type Refusal, useProcessorForm } from './useProcessorForm';

/** The field the processor's refusal names (the routing or the account number), in this form's words. */
function refusalOf(e: ProcessorRefused): Refusal<BankValues> {
  const field = refusedBankField(e);
  if (field === 'routing_number') return { field, key: 'payment_methods.refused_routing' };
  if (field === 'account_number') return { field, key: 'payment_methods.refused_account' };
  return { field: null, key: 'payment_methods.refused_bank' };
}

/** A routing number failing the ABA checksum, or an account number of other than 4-17 digits, is refused before it goes out. */
function bankProblems(v: BankValues): Partial<Record<keyof BankValues, string>> {
  const problems: Partial<Record<keyof BankValues, string>> = {};
  if (!isRoutingNumber(v.routing_number.replace(/\D/g, ''))) problems.routing_number = 'validation.routing_number';
  if (!/^\d{4,17}$/.test(v.account_number.replace(/\D/g, ''))) problems.account_number = 'validation.bank_account_number';
  return problems;
}

/**
 * A company bank account for ACH debits, sent from this browser straight to the processor like a
 * card; the words above the button are the account holder's authorization to debit it. The
 * processor then sends it a small deposit whose code verifies it (the list's Verify). With the test
 * processor the test account and the deposit's code are shown.
 */
export function AddBankAccountForm({ processor }: { processor: PaymentProcessorView }) {
  const { t } = useTranslation();
  // To the simulator, or through Stripe.js for Stripe itself (as paying invoices does).
  const bank = useNewBank(processor);
  const { field, submit, busy, refused, failure } = useProcessorForm({
    empty: EMPTY_BANK,
    processor,
    create: (_processor, values) => bank.create(values),
    refusalOf,
    refusedKey: 'payment_methods.refused_bank',
    check: bankProblems,
  });

  return (
    <form onSubmit={submit} noValidate aria-describedby="add-bank-note">
      <Stack gap="sm">
        <TextInput label={t('payment_methods.account_holder')} autoComplete="organization" required {...field('account_holder')} />
        <Group grow gap="sm" wrap="wrap" align="flex-start">
          <TextInput
            label={t('payment_methods.routing_number')}
            inputMode="numeric"
            maxLength={9}
            miw="10rem"
            required
            {...field('routing_number')}
          />
          <TextInput
            label={t('payment_methods.account_number')}
            inputMode="numeric"
            maxLength={17}
            miw="10rem"
            required
            {...field('account_number')}
          />
        </Group>
        <NativeSelect
          label={t('payment_methods.account_type')}
          data={[
            { value: 'checking', label: t('payment_methods.checking') },
            { value: 'savings', label: t('payment_methods.savings') },
          ]}
          {...field('account_type')}
        />
        <Text size="sm" id="add-bank-note">
          {t('payment_methods.bank_authorization')} {t('payment_methods.bank_verification_note')}
        </Text>
        {!usesStripeJs(processor) && (
          <Text size="xs" c="dimmed" data-testid="test-bank">
            {t('payment_methods.test_bank')}
          </Text>
        )}
        <FormEnd refused={refused} failure={failure} busy={busy} label={t('payment_methods.add_bank')} />
      </Stack>
    </form>
  );
}
