import { BATCH_ITEM_COLUMNS, type BatchColumn } from '@freight/contracts';
import { Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { FixValues } from './fixRowModel';

/**
 * The shipment's further item lines in the fix dialog (a file's next lines of it, an eBay order's
 * other kinds), each a group of the item cells numbered as the shipment's lines are: the row's own
 * line is the first.
 */
/** One cell in the fix dialog: its column's name, the column's code beneath it, its text; `path` is its place in the form. */
export function CellInput({
  form,
  column,
  path = column,
  autofocus,
}: {
  form: UseFormReturnType<FixValues>;
  column: BatchColumn;
  path?: string;
  autofocus?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t(`batches.columns.${column}`)}
      description={column}
      maxLength={255}
      data-autofocus={path === autofocus ? true : undefined}
      {...form.getInputProps(path)}
    />
  );
}

export function FurtherItemLines({ form, autofocus }: { form: UseFormReturnType<FixValues>; autofocus?: string }) {
  const { t } = useTranslation();
  if (!form.values.more_items.length) return null;
  return (
    <Stack gap="sm" mt="sm">
      <Text size="sm" fw={500}>
        {t('batches.fix.more_items')}
      </Text>
      {form.values.more_items.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no id of their own and never move
        <Fieldset key={i} legend={t('batches.fix.item_line', { n: i + 2 })}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            {BATCH_ITEM_COLUMNS.map((c) => (
              <CellInput key={c} form={form} column={c} path={`more_items.${i}.${c}`} autofocus={autofocus} />
            ))}
          </SimpleGrid>
        </Fieldset>
      ))}
    </Stack>
  );
}
