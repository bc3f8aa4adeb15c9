import { COUNTRIES, MAX_TRUCKLOAD_STOPS, TRUCKLOAD_STOP_KINDS, type TruckloadStopKind } from '@freight/domain';
import { Button, Grid, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { emptyStop, type FormValues, type StopValues } from './model';
import { usePlaceLookup } from './PlaceFields';
import { PlaceLine } from './PlaceLine';

/**
 * A truckload's extra stops, between the pickup and the final delivery in route
 * order: each an extra pickup or an extra drop at a postal code, each a stop-off charge; at most
 * MAX_TRUCKLOAD_STOPS. Its own section of the truckload form, apart from the equipment.
 */
export function TruckloadStops({ form }: { form: UseFormReturnType<FormValues> }) {
  const { t } = useTranslation();
  const stops = form.values.stops;
  const full = stops.length >= MAX_TRUCKLOAD_STOPS;

  /** Stops move up when one goes: their errors are by position, so they all go with it. */
  const clearStopErrors = () => {
    for (const path of Object.keys(form.errors)) if (path === 'stops' || path.startsWith('stops.')) form.clearFieldError(path);
  };
  const add = () => {
    const current = form.getValues();
    form.setFieldValue('stops', [...current.stops, emptyStop(current.origin.country)]);
    form.clearFieldError('stops');
  };
  const remove = (key: string) => {
    form.setFieldValue(
      'stops',
      form.getValues().stops.filter((s) => s.key !== key),
    );
    clearStopErrors();
  };

  return (
    <Stack
      gap="xs"
      mt="md"
      component="section"
      aria-labelledby="truckload-stops-title"
      aria-describedby={form.errors.stops ? 'truckload-stops-error' : undefined}
      data-testid="truckload-stops"
    >
      <div>
        <Text id="truckload-stops-title" size="sm" fw={600}>
          {t('quotes.form.stops.title')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('quotes.form.stops.hint', { max: MAX_TRUCKLOAD_STOPS })}
        </Text>
      </div>
      {stops.map((stop, i) => (
        <StopLine key={stop.key} form={form} stop={stop} index={i} onRemove={() => remove(stop.key)} />
      ))}
      <Group gap="sm">
        <Button variant="light" size="xs" onClick={add} disabled={full}>
          {t('quotes.form.stops.add')}
        </Button>
        {full && (
          <Text size="xs" c="dimmed">
            {t('quotes.form.stops.max_reached', { max: MAX_TRUCKLOAD_STOPS })}
          </Text>
        )}
      </Group>
      {form.errors.stops && (
        <Text id="truckload-stops-error" size="sm" c="red.8" role="alert">
          {form.errors.stops}
        </Text>
      )}
    </Stack>
  );
}

function StopLine({
  form,
  stop,
  index,
  onRemove,
}: {
  form: UseFormReturnType<FormValues>;
  stop: StopValues;
  index: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const n = index + 1;
  const path = `stops.${index}`;
  const lookup = usePlaceLookup(stop.country, stop.postal_code);
  const found = lookup.place
    ? lookup.place.city
      ? t('quotes.form.lookup.place', { city: lookup.place.city, state: lookup.place.state })
      : lookup.place.state
    : null;
  return (
    <Paper withBorder p="sm" radius="sm" data-testid={`stop-${n}`}>
      <Grid gap="xs" align="flex-start">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <NativeSelect
            label={t('quotes.form.stops.kind', { n })}
            withAsterisk
            data={[
              { value: '', label: t('quotes.form.choose'), disabled: true },
              ...TRUCKLOAD_STOP_KINDS.map((k) => ({ value: k, label: t(`quotes.form.stops.kinds.${k}`) })),
            ]}
            value={stop.kind}
            onChange={(e) => form.setFieldValue(`${path}.kind`, e.currentTarget.value as TruckloadStopKind)}
            error={form.errors[`${path}.kind`]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label={t('quotes.form.stops.postal_code', { n })}
            withAsterisk
            autoComplete="off"
            maxLength={16}
            value={stop.postal_code}
            onChange={(e) => form.setFieldValue(`${path}.postal_code`, e.currentTarget.value)}
            error={form.errors[`${path}.postal_code`] ?? lookup.error}
            description={<PlaceLine found={found} testId={`stop-${n}-place`} />}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 8, sm: 3 }}>
          <NativeSelect
            label={t('quotes.form.stops.country', { n })}
            data={COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) }))}
            {...form.getInputProps(`${path}.country`)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 4, sm: 2 }} style={{ alignSelf: 'flex-end' }}>
          <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove} mb={6}>
            {t('quotes.form.stops.remove', { n })}
          </Button>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
