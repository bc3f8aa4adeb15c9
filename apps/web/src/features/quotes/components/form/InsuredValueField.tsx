import { Grid, NumberInput, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { FormValues } from './model';
import { UnitLabel } from './UnitLabel';

/** The shipment's value, in the form's currency. */
export function InsuredValueField({ form }: { form: UseFormReturnType<FormValues> }) {
  const { t } = useTranslation();
  const currency = form.values.currency;
  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
        <NumberInput
          label={<UnitLabel label={t('quotes.form.insured_value')} unit={currency} />}
          withAsterisk
          min={0}
          allowNegative={false}
          decimalScale={2}
          hideControls
          rightSection={
            <Text size="xs" c="dimmed" aria-hidden>
              {currency}
            </Text>
          }
          rightSectionPointerEvents="none"
          description={t('quotes.form.insured_value_hint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('insured_value')}
        />
      </Grid.Col>
    </Grid>
  );
}
