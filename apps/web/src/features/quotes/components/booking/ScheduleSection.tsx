import { Alert, Fieldset, Grid, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Quote, QuoteRate } from '../../api/quotesApi';
import { fieldId } from './formFields';
import { type BookingValues, pickupOutsideHours, todayIso } from './model';
import { ParcelDelivery, ParcelHandoff } from './ParcelQuestions';
import { RerateAlert } from './RerateAlert';

/**
 * The pickup date and window (warned when outside the pickup place's hours) and the delivery, with
 * the way back to re-rate when an answer needs a service the rates lack. Freight is asked the dock
 * questions (first come, first served or an appointment; residential or lift-gate); a parcel is
 * asked its own (picked up or dropped off, the signature), and a drop-off has no window.
 */
export function ScheduleSection({
  form,
  quote,
  rate,
  needsAppointmentRerate,
  needsResidentialRerate,
  onRequote,
}: {
  form: UseFormReturnType<BookingValues>;
  quote: Quote;
  rate: QuoteRate;
  needsAppointmentRerate: boolean;
  needsResidentialRerate: boolean;
  onRequote: () => void;
}) {
  const { t } = useTranslation();
  const values = form.values;
  const input = (path: string) => ({ id: fieldId(path), ...form.getInputProps(path) });
  const parcel = quote.mode === 'parcel';
  const window = !parcel || values.parcel.handoff === 'pickup';
  const outsideHours = window ? pickupOutsideHours(values) : undefined;
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
          {window && (
            <>
              <Grid.Col span={{ base: 6, sm: 4 }}>
                <TextInput type="time" label={t('quotes.booking.schedule.ready_time')} withAsterisk {...input('ready_time')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 4 }}>
                <TextInput type="time" label={t('quotes.booking.schedule.close_time')} withAsterisk {...input('close_time')} />
              </Grid.Col>
            </>
          )}
        </Grid>
        {window && (
          <Text size="xs" c="dimmed" mt={-4}>
            {t('quotes.booking.schedule.times_hint')}
          </Text>
        )}
        {parcel && <ParcelHandoff form={form} rate={rate} />}
        {outsideHours && (
          <Alert color="yellow" role="status" data-testid="outside-hours">
            {t('quotes.booking.schedule.outside_hours', outsideHours)}
          </Alert>
        )}
        {parcel ? (
          <ParcelDelivery form={form} quote={quote} onRequote={onRequote} />
        ) : (
          <FreightDelivery
            form={form}
            needsAppointmentRerate={needsAppointmentRerate}
            needsResidentialRerate={needsResidentialRerate}
            onRequote={onRequote}
          />
        )}
      </Stack>
    </Fieldset>
  );
}

/** The dock questions of LTL and truckload: first come or an appointment, residential or lift-gate. */
function FreightDelivery({
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
  return (
    <>
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
    </>
  );
}
