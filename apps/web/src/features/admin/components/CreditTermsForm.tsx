import { type AdminCreditView, creditTermsRequest } from '@freight/contracts';
import { NET_TERMS_DAYS } from '@freight/domain';
import { Button, Group, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWithPasswordConfirmation } from '../../../components/ConfirmPasswordModal';
import { FormAlert } from '../../../components/FormAlert';
import { major } from '../../../components/shipment/format';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { afterCreditChange, saveCreditTerms } from '../api/creditApi';
import { onFormField } from './fieldErrors';

type Values = {
  payment_terms: 'credit' | 'prepaid';
  net_days: string;
  credit_limit: number | string;
  grace_days: number | string;
  reason: string;
};

/** The form's values as the request: the limit is typed in dollars and sent in cents. */
const toBody = (v: Values) => ({
  payment_terms: v.payment_terms,
  net_days: Number(v.net_days),
  credit_limit_cents: v.credit_limit === '' ? undefined : Math.round(Number(v.credit_limit) * 100),
  grace_days: v.grace_days === '' ? undefined : Number(v.grace_days),
  reason: v.reason,
});

const onFields = (errors: Record<string, string>) => onFormField(errors, 'credit_limit_cents', 'credit_limit');

/** An account's terms (on credit net 15 or 30 days, or prepaid by card), credit limit and grace days. */
export function CreditTermsForm({ view }: { view: AdminCreditView }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const c = view.summary.credit;
  const form = useForm<Values>({
    initialValues: {
      payment_terms: c.payment_terms,
      net_days: String(c.net_days),
      credit_limit: major(c.credit_limit_cents),
      grace_days: c.grace_days,
      reason: '',
    },
  });
  // Terms decide how much a customer may owe: the server asks for the password again (423), the dialog asks it.
  const proven = useWithPasswordConfirmation((v: Values) => saveCreditTerms(view.account_id, creditTermsRequest.parse(toBody(v))));
  const save = useMutation({
    mutationFn: proven.run,
    onSuccess: (data) => {
      if (!data) return;
      form.setFieldValue('reason', '');
      afterCreditChange(client, data);
    },
    onError: (e) => setServerErrors(form, e, onFields),
  });
  // The password dialog is the form's sibling: a submit inside it must not reach this form's onSubmit.
  return (
    <>
      <form
        noValidate
        aria-label={t('admin.credit.terms_form')}
        onSubmit={form.onSubmit((v) => {
          const errors = onFields(zodErrors(creditTermsRequest, t, v, toBody));
          if (Object.keys(errors).length) form.setErrors(errors);
          else save.mutate(v);
        })}
      >
        <Stack gap="xs">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <NativeSelect
              label={t('admin.credit.terms')}
              data={[
                { value: 'credit', label: t('admin.credit.on_terms') },
                { value: 'prepaid', label: t('admin.credit.prepaid') },
              ]}
              {...form.getInputProps('payment_terms')}
            />
            <NativeSelect
              label={t('admin.credit.net_days')}
              data={NET_TERMS_DAYS.map(String)}
              disabled={form.values.payment_terms === 'prepaid'}
              {...form.getInputProps('net_days')}
            />
            <NumberInput label={t('admin.credit.limit')} min={0} decimalScale={2} w={170} {...form.getInputProps('credit_limit')} />
            <NumberInput
              label={t('admin.credit.grace_days')}
              min={0}
              max={120}
              allowDecimal={false}
              w={120}
              {...form.getInputProps('grace_days')}
            />
            <TextInput
              label={t('admin.credit.terms_reason')}
              withAsterisk
              maxLength={500}
              miw={220}
              style={{ flex: 1 }}
              {...form.getInputProps('reason')}
            />
            <Button type="submit" mt={25} loading={save.isPending}>
              {t('admin.credit.save')}
            </Button>
          </Group>
          <FormAlert error={save.error} fields={form} rename={onFields} />
        </Stack>
      </form>
      {proven.modal}
    </>
  );
}
