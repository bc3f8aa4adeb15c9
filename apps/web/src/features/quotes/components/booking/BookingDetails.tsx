import { Checkbox, Fieldset, Stack, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { fieldId } from './formFields';
import { HazmatFields } from './HazmatFields';
import type { BookingValues } from './model';
import { ReferencesField } from './ReferencesField';

/** The shipment's details: references, notes, hazardous materials and whether the consignee is notified. */
export function BookingDetails({ form }: { form: UseFormReturnType<BookingValues> }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('quotes.booking.details.title')}>
      <Stack gap="sm">
        <ReferencesField form={form} />
        <Textarea
          label={t('quotes.booking.details.notes')}
          description={t('quotes.booking.details.notes_hint')}
          rows={3}
          resize="vertical"
          maxLength={1000}
          id={fieldId('notes')}
          {...form.getInputProps('notes')}
        />
        <Checkbox
          label={t('quotes.booking.details.hazardous')}
          description={t('quotes.booking.details.hazardous_hint')}
          id={fieldId('hazardous')}
          {...form.getInputProps('hazardous', { type: 'checkbox' })}
        />
        {form.values.hazardous && <HazmatFields form={form} />}
        <Checkbox label={t('quotes.booking.details.notify_consignee')} {...form.getInputProps('notify_consignee', { type: 'checkbox' })} />
      </Stack>
    </Fieldset>
  );
}
