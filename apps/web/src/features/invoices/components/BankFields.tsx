import { Group, NativeSelect, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { type BankValues, isRoutingNumber } from '../../../components/payment/processor';

/** What must be right before the account goes to the processor: each field's i18n key. */
export function bankErrors(v: BankValues): Partial<Record<keyof BankValues, string>> {
  const errors: Partial<Record<keyof BankValues, string>> = {};
  if (!v.account_holder.trim()) errors.account_holder = 'validation.required';
  const routing = v.routing_number.replace(/\D/g, '');
  if (!isRoutingNumber(routing)) errors.routing_number = routing ? 'validation.routing_number' : 'validation.required';
  const account = v.account_number.replace(/\D/g, '');
  if (!/^\d{4,17}$/.test(account)) errors.account_number = account ? 'validation.bank_account_number' : 'validation.required';
  return errors;
}

/** A company bank account's inputs (holder, routing and account numbers, type) of a payment form. */
export function BankFields({ input }: { input: (field: keyof BankValues) => GetInputPropsReturnType }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput label={t('invoices.pay.account_holder')} withAsterisk autoComplete="organization" {...input('account_holder')} />
      <Group grow align="flex-start">
        <TextInput label={t('invoices.pay.routing_number')} withAsterisk inputMode="numeric" maxLength={9} {...input('routing_number')} />
        <TextInput label={t('invoices.pay.account_number')} withAsterisk inputMode="numeric" maxLength={20} {...input('account_number')} />
      </Group>
      <NativeSelect
        label={t('invoices.pay.account_type')}
        data={[
          { value: 'checking', label: t('invoices.pay.checking') },
          { value: 'savings', label: t('invoices.pay.savings') },
        ]}
        {...input('account_type')}
      />
    </>
  );
}
