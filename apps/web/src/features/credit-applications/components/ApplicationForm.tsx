import { creditApplicationRequest } from '@freight/contracts';
import { Button, Fieldset, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { useAuthUser } from '../../../lib/auth';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { applyForCredit, standingQuery } from '../api/creditApplicationsApi';
import { type ApplicationValues, blankApplication, onFormFields, toApplicationRequest } from './applicationForm';
import { UsdAmountInput } from './UsdAmountInput';

/**
 * The credit application: the business, its bank, two trade references and who pays the
 * invoices. Checked against the contract before it is sent; the server's 422 lands on the fields.
 */
export function ApplicationForm() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const client = useQueryClient();
  const form = useForm<ApplicationValues>({
    initialValues: blankApplication(user?.account?.name ?? '', {
      name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
    }),
  });
  const send = useMutation({
    mutationFn: (v: ApplicationValues) => applyForCredit(toApplicationRequest(v)),
    onSuccess: (standing) => {
      client.setQueryData(standingQuery().queryKey, standing);
      notifications.show({ color: 'green', message: t('credit_applications.form.sent') });
    },
    onError: (e) => setServerErrors(form, e, onFormFields),
  });
  const submit = (v: ApplicationValues) => {
    const errors = onFormFields(zodErrors(creditApplicationRequest, t, v, toApplicationRequest));
    if (Object.keys(errors).length) form.setErrors(errors);
    else send.mutate(v);
  };
  const k = (key: string, params?: Record<string, unknown>) => t(`credit_applications.form.${key}`, params);

  return (
    <form noValidate aria-label={k('title')} onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {k('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {k('intro')}
          </Text>
        </div>
        <FormAlert error={send.error} fields={form} rename={onFormFields} />
        <Fieldset legend={k('business')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={k('legal_name')} withAsterisk maxLength={200} {...form.getInputProps('legal_name')} />
            <TextInput
              label={k('tax_id')}
              description={k('tax_id_hint')}
              withAsterisk
              maxLength={32}
              autoComplete="off"
              {...form.getInputProps('tax_id')}
            />
            <NumberInput
              label={k('years_in_business')}
              withAsterisk
              min={0}
              max={300}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('years_in_business')}
            />
            <UsdAmountInput label={k('requested_limit')} {...form.getInputProps('requested_limit')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={k('bank')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={k('bank_name')} withAsterisk maxLength={160} {...form.getInputProps('bank.name')} />
            <TextInput label={k('bank_contact')} withAsterisk maxLength={120} {...form.getInputProps('bank.contact')} />
            <TextInput label={k('phone')} type="tel" withAsterisk maxLength={40} {...form.getInputProps('bank.phone')} />
          </SimpleGrid>
        </Fieldset>
        {[0, 1].map((i) => (
          <Fieldset key={i} legend={k('reference', { n: i + 1 })}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={k('company')} withAsterisk maxLength={160} {...form.getInputProps(`trade_references.${i}.company`)} />
              <TextInput label={k('contact')} withAsterisk maxLength={120} {...form.getInputProps(`trade_references.${i}.contact`)} />
              <TextInput
                label={k('email')}
                type="email"
                withAsterisk
                maxLength={254}
                {...form.getInputProps(`trade_references.${i}.email`)}
              />
              <TextInput label={k('phone')} type="tel" withAsterisk maxLength={40} {...form.getInputProps(`trade_references.${i}.phone`)} />
            </SimpleGrid>
          </Fieldset>
        ))}
        <Fieldset legend={k('accounts_payable')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={k('name')} withAsterisk maxLength={120} {...form.getInputProps('accounts_payable.name')} />
            <TextInput label={k('email')} type="email" withAsterisk maxLength={254} {...form.getInputProps('accounts_payable.email')} />
            <TextInput label={k('phone')} type="tel" withAsterisk maxLength={40} {...form.getInputProps('accounts_payable.phone')} />
          </SimpleGrid>
        </Fieldset>
        <Group>
          <Button type="submit" loading={send.isPending}>
            {k('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
