import { REEFER_RUNS } from '@freight/contracts';
import { Fieldset, Grid, NativeSelect, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { fieldId } from './formFields';
import type { BookingValues } from './model';

/** A reefer's temperature range in the user's unit (whole degrees; sent in °F), and whether the unit runs continuously or cycles. */
export function TemperatureSection({ form, unit }: { form: UseFormReturnType<BookingValues>; unit: 'imperial' | 'metric' }) {
  const { t } = useTranslation();
  const degrees = unit === 'metric' ? '°C' : '°F';
  const input = (path: string) => ({ id: fieldId(path), ...form.getInputProps(path) });
  return (
    <Fieldset legend={t('quotes.booking.temperature.title')} data-testid="booking-temperature">
      <Grid gap="sm">
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput
            label={t('quotes.booking.temperature.low', { unit: degrees })}
            withAsterisk
            inputMode="numeric"
            {...input('temperature.low')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput
            label={t('quotes.booking.temperature.high', { unit: degrees })}
            withAsterisk
            inputMode="numeric"
            {...input('temperature.high')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NativeSelect
            label={t('quotes.booking.temperature.run')}
            data={REEFER_RUNS.map((r) => ({ value: r, label: t(`quotes.booking.temperature.runs.${r}`) }))}
            {...input('temperature.run')}
          />
        </Grid.Col>
      </Grid>
    </Fieldset>
  );
}
