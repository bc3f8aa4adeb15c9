import { Grid, NativeSelect, Paper, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { fieldId } from './formFields';
import type { BookingValues } from './model';

/** A hazardous shipment's hazmat information: proper name, class, UN number, packing group and the emergency contact. */
export function HazmatFields({ form }: { form: UseFormReturnType<BookingValues> }) {
  const { t } = useTranslation();
  const input = (path: string) => ({ id: fieldId(path), ...form.getInputProps(path) });
  return (
    <Paper withBorder p="sm" bg="red.0" component="section" aria-label={t('shipment.hazmat.title')}>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput label={t('shipment.hazmat.proper_name')} withAsterisk maxLength={200} {...input('hazmat.proper_name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput label={t('shipment.hazmat.hazard_class')} withAsterisk maxLength={16} {...input('hazmat.hazard_class')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput
            label={t('shipment.hazmat.un_number')}
            withAsterisk
            placeholder="UN1993"
            maxLength={8}
            {...input('hazmat.un_number')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NativeSelect
            label={t('shipment.hazmat.packing_group')}
            data={[
              { value: '', label: t('quotes.booking.details.packing_group_none') },
              { value: 'I', label: 'I' },
              { value: 'II', label: 'II' },
              { value: 'III', label: 'III' },
            ]}
            {...input('hazmat.packing_group')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }} />
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('shipment.hazmat.emergency_contact')} withAsterisk maxLength={120} {...input('hazmat.emergency_contact')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('shipment.hazmat.emergency_phone')}
            withAsterisk
            type="tel"
            maxLength={24}
            {...input('hazmat.emergency_phone')}
          />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
