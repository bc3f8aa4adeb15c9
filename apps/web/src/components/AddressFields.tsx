import { COUNTRIES } from '@freight/domain';
import { Grid, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

// biome-ignore lint/suspicious/noExplicitAny: shared by forms of different shapes
export type AnyForm = UseFormReturnType<any>;

/** Street, city, state, postal code and country inputs bound to `prefix` of a form. */
export function AddressFields({ form, prefix }: { form: AnyForm; prefix: string }) {
  const { t } = useTranslation();
  const p = (f: string) => (prefix ? `${prefix}.${f}` : f);
  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('address.street1')} withAsterisk autoComplete="address-line1" {...form.getInputProps(p('street1'))} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('address.street2')} autoComplete="address-line2" {...form.getInputProps(p('street2'))} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('address.city')} withAsterisk autoComplete="address-level2" {...form.getInputProps(p('city'))} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('address.state')} withAsterisk autoComplete="address-level1" {...form.getInputProps(p('state'))} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('address.postal_code')} withAsterisk autoComplete="postal-code" {...form.getInputProps(p('postal_code'))} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={t('address.country')}
          withAsterisk
          allowDeselect={false}
          data={COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) }))}
          {...form.getInputProps(p('country'))}
        />
      </Grid.Col>
    </Grid>
  );
}

/** First name, last name, email and phone inputs bound to `prefix` of a form. */
export function ContactFields({ form, prefix }: { form: AnyForm; prefix: string }) {
  const { t } = useTranslation();
  const p = (f: string) => (prefix ? `${prefix}.${f}` : f);
  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('contact.first_name')} withAsterisk autoComplete="given-name" {...form.getInputProps(p('first_name'))} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('contact.last_name')} withAsterisk autoComplete="family-name" {...form.getInputProps(p('last_name'))} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('contact.email')} withAsterisk type="email" autoComplete="email" {...form.getInputProps(p('email'))} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('contact.phone')} withAsterisk type="tel" autoComplete="tel" {...form.getInputProps(p('phone'))} />
      </Grid.Col>
    </Grid>
  );
}

export const emptyAddress = { street1: '', street2: '', city: '', state: '', postal_code: '', country: 'US' };
export const emptyContact = { first_name: '', last_name: '', email: '', phone: '' };
