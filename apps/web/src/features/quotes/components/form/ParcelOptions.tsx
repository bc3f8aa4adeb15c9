import { SIGNATURE_OPTIONS } from '@freight/contracts';
import { Grid, NativeSelect, Paper, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { FormValues } from './model';

/** A parcel shipment's options: the signature the carrier gets, and a word on how parcel pickups go. */
export function ParcelOptions({ form }: { form: UseFormReturnType<FormValues> }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('quotes.form.parcel.title')}
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <NativeSelect
            label={t('quotes.form.parcel.signature')}
            data={SIGNATURE_OPTIONS.map((s) => ({
              value: s,
              label: t(`quotes.form.parcel.signatures.${s}`),
            }))}
            description={form.values.signature === 'adult_signature' ? t('quotes.form.parcel.adult_hint') : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('signature')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 8 }}>
          <Text size="sm" c="dimmed" mt={{ sm: 'lg' }}>
            {t('quotes.form.parcel.pickup_note')}
          </Text>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
