import { Checkbox, Grid, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { fieldId } from './formFields';
import type { BookingValues } from './model';
import { PlaceSection } from './PlaceSection';

/**
 * A truckload's extra stops on Book Shipment, in the quote's route order: each stop's
 * full place as pickup and delivery ask it (pickable from the address book, postal code the
 * quote's), and when the truck is expected there: a date with a window, or an appointment.
 */
export function BookingStops({ form, onRequote }: { form: UseFormReturnType<BookingValues>; onRequote: () => void }) {
  const { t } = useTranslation();
  const stops = form.values.stops;
  if (stops.length === 0) return null;
  const input = (path: string) => ({ id: fieldId(path), ...form.getInputProps(path) });
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" data-testid="booking-stops">
      {stops.map((stop, n) => (
        <PlaceSection
          // biome-ignore lint/suspicious/noArrayIndexKey: the quote's stops, fixed in number and order
          key={n}
          form={form}
          end={`stops.${n}.place`}
          onRequote={onRequote}
          title={t(`shipment.stops.stop_${stop.kind}`, { n: n + 1 })}
          pickLabel={t('quotes.booking.stops.pick', { n: n + 1 })}
        >
          <Grid gap="sm">
            <Grid.Col span={12} pb={0}>
              <Text size="sm" fw={500}>
                {t('quotes.booking.stops.when')}
              </Text>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput type="date" label={t('quotes.booking.stops.date', { n: n + 1 })} withAsterisk {...input(`stops.${n}.date`)} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <TextInput
                type="time"
                label={t(stop.appointment ? 'quotes.booking.stops.appointment_time' : 'quotes.booking.stops.from', { n: n + 1 })}
                withAsterisk
                {...input(`stops.${n}.time_from`)}
              />
            </Grid.Col>
            {!stop.appointment && (
              <Grid.Col span={{ base: 6, sm: 4 }}>
                <TextInput type="time" label={t('quotes.booking.stops.to', { n: n + 1 })} withAsterisk {...input(`stops.${n}.time_to`)} />
              </Grid.Col>
            )}
            <Grid.Col span={12}>
              <Checkbox
                id={fieldId(`stops.${n}.appointment`)}
                label={t('quotes.booking.stops.appointment')}
                {...form.getInputProps(`stops.${n}.appointment`, { type: 'checkbox' })}
              />
            </Grid.Col>
          </Grid>
        </PlaceSection>
      ))}
    </SimpleGrid>
  );
}
