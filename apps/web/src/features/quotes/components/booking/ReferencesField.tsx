import { MAX_SHIPMENT_REFERENCES, REFERENCE_TYPES } from '@freight/contracts';
import { ActionIcon, Button, Grid, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fieldId } from './formFields';
import type { BookingValues } from './model';

/**
 * The shipment's references (PO, SO, the shipper's own...): a type and a value per row, added and
 * removed with buttons; a row left without a value is not sent. Native controls, so the keyboard
 * reaches every one.
 */
export function ReferencesField({ form }: { form: UseFormReturnType<BookingValues> }) {
  const { t } = useTranslation();
  const rows = form.values.references;
  const errorId = `${fieldId('references')}-error`;
  const types = REFERENCE_TYPES.map((r) => ({ value: r, label: t(`shipment.reference_types.${r}`) }));
  const add = () => {
    form.insertListItem('references', { type: 'po_number', value: '' });
    // The new row's value is where the user types next.
    requestAnimationFrame(() => document.getElementById(fieldId(`references.${rows.length}.value`))?.focus());
  };
  const remove = (n: number) => {
    form.removeListItem('references', n);
    requestAnimationFrame(() => document.getElementById(fieldId('references.add'))?.focus());
  };
  return (
    <Stack
      gap="xs"
      role="group"
      aria-labelledby={fieldId('references')}
      aria-describedby={form.errors.references ? errorId : undefined}
      data-testid="booking-references"
    >
      <Text size="sm" fw={500} id={fieldId('references')}>
        {t('quotes.booking.references.title')}
      </Text>
      {form.errors.references && (
        <Text id={errorId} size="xs" c="red" role="alert">
          {form.errors.references}
        </Text>
      )}
      {rows.map((_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; their fields are addressed by index
        <Grid gap="xs" key={n} align="flex-end">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <NativeSelect
              label={t('quotes.booking.references.type', { n: n + 1 })}
              data={types}
              id={fieldId(`references.${n}.type`)}
              {...form.getInputProps(`references.${n}.type`)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 10, sm: 6 }}>
            <TextInput
              label={t('quotes.booking.references.value', { n: n + 1 })}
              maxLength={64}
              id={fieldId(`references.${n}.value`)}
              {...form.getInputProps(`references.${n}.value`)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 2, sm: 1 }}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={2}
              onClick={() => remove(n)}
              aria-label={t('quotes.booking.references.remove', { n: n + 1 })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Grid.Col>
        </Grid>
      ))}
      <Group gap="sm">
        <Button
          id={fieldId('references.add')}
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={add}
          disabled={rows.length >= MAX_SHIPMENT_REFERENCES}
        >
          {t('quotes.booking.references.add')}
        </Button>
        {rows.length >= MAX_SHIPMENT_REFERENCES && (
          <Text size="xs" c="dimmed">
            {t('quotes.booking.references.max', { max: MAX_SHIPMENT_REFERENCES })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
