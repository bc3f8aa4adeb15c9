import { Alert, Button, Fieldset, Grid, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { type BookingValues, fieldId, pickupOutsideHours, todayIso } from './model';

/**
 * The pickup date and window (warned when outside the pickup place's hours), the delivery (first
 * come, first served or an appointment) and the residential / lift-gate question, with the way
 * back to re-rate when an answer needs a service the rates lack.
 */
export function ScheduleSection({
  form,
  needsAppointmentRerate,
  needsResidentialRerate,
  onRequote,
}: {
  form: UseFormReturnType<BookingValues>;
  needsAppointmentRerate: boolean;
  needsResidentialRerate: boolean;
  onRequote: () => void;
}) {
  const { t } = useTranslation();
  const values = form.values;
  const input = (path: string) => ({ id: fieldId(path), ...form.getInputProps(path) });
  const outsideHours = pickupOutsideHours(values);
  return (
    <Fieldset legend={t('quotes.booking.schedule.title')}>
      <Stack gap="sm">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              type="date"
              label={t('quotes.booking.schedule.pickup_date')}
              withAsterisk
              min={todayIso()}
              {...input('pickup_date')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <TextInput type="time" label={t('quotes.booking.schedule.ready_time')} withAsterisk {...input('ready_time')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <TextInput type="time" label={t('quotes.booking.schedule.close_time')} withAsterisk {...input('close_time')} />
          </Grid.Col>
        </Grid>
        <Text size="xs" c="dimmed" mt={-4}>
          {t('quotes.booking.schedule.times_hint')}
        </Text>
        {outsideHours && (
          <Alert color="yellow" role="status" data-testid="outside-hours">
            {t('quotes.booking.schedule.outside_hours', outsideHours)}
          </Alert>
        )}
        <Radio.Group
          label={t('quotes.booking.schedule.delivery')}
          value={values.delivery_appointment ? 'appointment' : 'first_come'}
          onChange={(v) => form.setFieldValue('delivery_appointment', v === 'appointment')}
          error={form.errors.delivery_appointment}
        >
          <Group gap="lg" mt={6}>
            <Radio id={fieldId('delivery_appointment')} value="first_come" label={t('quotes.booking.schedule.first_come')} />
            <Radio value="appointment" label={t('quotes.booking.schedule.appointment')} />
          </Group>
        </Radio.Group>
        {values.delivery_appointment && (
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                type="date"
                label={t('quotes.booking.schedule.delivery_date')}
                withAsterisk
                min={values.pickup_date || todayIso()}
                {...input('delivery_date')}
              />
            </Grid.Col>
          </Grid>
        )}
        {needsAppointmentRerate && (
          <RerateAlert testId="appointment-rerate" message={t('quotes.booking.schedule.appointment_requote')} onRequote={onRequote} />
        )}
        <Radio.Group label={t('quotes.booking.residential.question')} withAsterisk {...form.getInputProps('residential_or_liftgate')}>
          <Group gap="lg" mt={6}>
            <Radio id={fieldId('residential_or_liftgate')} value="yes" label={t('quotes.booking.residential.yes')} />
            <Radio value="no" label={t('quotes.booking.residential.no')} />
          </Group>
        </Radio.Group>
        {needsResidentialRerate && (
          <RerateAlert testId="residential-rerate" message={t('quotes.booking.residential.requote')} onRequote={onRequote} />
        )}
      </Stack>
    </Fieldset>
  );
}

/** An answer the rates do not price: what to do, and the way back to the details to re-rate. */
function RerateAlert({ testId, message, onRequote }: { testId: string; message: string; onRequote: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="white" color="yellow" onClick={onRequote}>
          {t('quotes.booking.schedule.back_to_details')}
        </Button>
      </Stack>
    </Alert>
  );
}
