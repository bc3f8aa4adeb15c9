import type { AddressBookEntry } from '@freight/contracts';
import { Grid, Paper, Radio, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AddressPicker } from '../form/AddressPicker';
import type { BrokerValues } from './customsModel';
import { fieldId } from './formFields';
import type { BookingValues } from './model';

/**
 * The customs broker on one side of the border: ours (its line on the rate) or the shipper's own,
 * named with a way to reach it for the BOL (typed, or picked from the address book); choosing one's
 * own says what comes off the total.
 */
export function CustomsBrokerFields({
  form,
  index,
  broker,
  ourCharge,
}: {
  form: UseFormReturnType<BookingValues>;
  index: number;
  broker: BrokerValues;
  /** Our broker's line on this side, formatted. */
  ourCharge: string;
}) {
  const { t } = useTranslation();
  const path = (f: string) => `customs.brokers.${index}.${f}`;
  const input = (f: string) => ({ id: fieldId(path(f)), ...form.getInputProps(path(f)) });
  // A broker kept in the address book fills the company and how to reach it; each field can still be typed.
  const pick = (entry: AddressBookEntry) => {
    const contact = [entry.first_name, entry.last_name].filter(Boolean).join(' ');
    form.setFieldValue(`customs.brokers.${index}`, {
      ...broker,
      company: entry.company,
      contact_name: contact,
      phone: entry.phone,
      email: entry.email,
    });
    for (const f of ['company', 'contact_name', 'phone', 'email']) form.clearFieldError(path(f));
  };
  return (
    <Paper withBorder p="sm" data-testid={`customs-broker-${broker.country}`}>
      <Stack gap="xs">
        <Radio.Group
          label={t(`quotes.booking.customs.broker_side.${broker.country}`)}
          value={broker.ours ? 'ours' : 'own'}
          onChange={(v) => form.setFieldValue(path('ours'), v === 'ours')}
          error={form.errors[path('ours')]}
        >
          <Stack gap={6} mt={6}>
            <Radio id={fieldId(path('ours'))} value="ours" label={t('quotes.booking.customs.broker_ours', { amount: ourCharge })} />
            <Radio value="own" label={t('quotes.booking.customs.broker_own', { amount: ourCharge })} />
          </Stack>
        </Radio.Group>
        {!broker.ours && (
          <AddressPicker
            label={t('quotes.booking.customs.broker_pick')}
            placeholder={t('quotes.booking.place.placeholder')}
            onPick={pick}
            emptyText={t('quotes.booking.place.empty')}
          />
        )}
        {!broker.ours && (
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('quotes.booking.customs.broker_company')} withAsterisk maxLength={160} {...input('company')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('quotes.booking.customs.broker_contact')} maxLength={120} {...input('contact_name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('quotes.booking.customs.broker_phone')} withAsterisk type="tel" maxLength={32} {...input('phone')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('quotes.booking.customs.broker_email')} withAsterisk type="email" maxLength={254} {...input('email')} />
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Paper>
  );
}
