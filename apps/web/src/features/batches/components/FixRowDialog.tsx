import { BATCH_CSV_COLUMNS, BATCH_ITEM_COLUMNS, type BatchColumn, parseCsvBoolean } from '@freight/contracts';
import { Alert, Fieldset, List, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../../../components/a11y/announcer';
import { FormAlert } from '../../../components/FormAlert';
import { ModalActions } from '../../../components/ModalActions';
import { setServerErrors, translateMessage } from '../../../lib/forms';
import { type Batch, type BatchRow, batchKey, fixRow } from '../api/batchesApi';
import { CellInput, FurtherItemLines } from './FurtherItemLines';
import { type FixValues, firstFieldInError, splitRowErrors, valuesOf } from './fixRowModel';
import { rowName } from './parts';

const HAZMAT_COLUMNS = BATCH_CSV_COLUMNS.filter((c) => c.startsWith('hazmat_'));
const TEMPERATURE_COLUMNS = BATCH_CSV_COLUMNS.filter((c) => c.startsWith('temperature_'));

/** The row's cells in the dialog, grouped as a shipment is read: the shipment, where from, where to, what. */
type GroupKey = 'shipment' | 'origin' | 'destination' | 'item' | 'hazmat' | 'temperature' | 'delivery';

const GROUPS: { key: GroupKey; columns: readonly BatchColumn[] }[] = [
  {
    key: 'shipment',
    columns: ['client_ref', 'mode', 'pickup_date', 'insured_value', 'insurance', 'equipment_type', 'accessorials', 'references'],
  },
  {
    key: 'origin',
    columns: BATCH_CSV_COLUMNS.filter((c) => c.startsWith('origin_')),
  },
  {
    key: 'destination',
    columns: BATCH_CSV_COLUMNS.filter((c) => c.startsWith('destination_')),
  },
  {
    key: 'item',
    columns: ['product_number', ...BATCH_ITEM_COLUMNS],
  },
  { key: 'hazmat', columns: HAZMAT_COLUMNS },
  { key: 'temperature', columns: TEMPERATURE_COLUMNS },
  { key: 'delivery', columns: ['delivery_appointment_date', 'notes'] },
];

/**
 * The hazardous materials' cells are shown for a row that says it is hazardous (any word but an
 * empty, false, no or 0), or that already has them or a problem with them.
 */
function asksHazmat(values: FixValues, errors: Record<string, unknown>) {
  const says = (cell: string | undefined) => {
    const said = (cell ?? '').trim();
    return said !== '' && parseCsvBoolean(said) !== false;
  };
  return says(values.hazardous) || values.more_items.some((i) => says(i.hazardous)) || HAZMAT_COLUMNS.some((c) => values[c] || errors[c]);
}

/** The temperature range is a truckload's (its equipment says whether it is needed), or shown when it is filled or wrong. */
function asksTemperature(values: FixValues, errors: Record<string, unknown>) {
  return values.mode.trim().toLowerCase() === 'truckload' || TEMPERATURE_COLUMNS.some((c) => values[c] || errors[c]);
}

/** The groups shown only when the row needs them; every other group is always shown. */
const ASKED: Partial<Record<GroupKey, (values: FixValues, errors: Record<string, unknown>) => boolean>> = {
  hazmat: asksHazmat,
  temperature: asksTemperature,
};

/**
 * Fixes a row in place: every cell of the row as text (the file's words), its problems at their
 * fields. Saved, the row is checked again as on upload: still wrong, its new problems show at
 * their fields and focus goes to the first; good, the dialog closes and focus returns to its Fix
 * button.
 */
export function FixRowDialog({ batchId, row, onClose }: { batchId: string; row: BatchRow; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('batches.fix.title', { name: rowName(row, t) })} size="xl" centered>
      <FixRowForm batchId={batchId} row={row} onDone={onClose} />
    </Modal>
  );
}

function FixRowForm({ batchId, row, onDone }: { batchId: string; row: BatchRow; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const say = (m: string) => translateMessage(t, m);
  const initial = splitRowErrors(row, say);
  const [rest, setRest] = useState<string[]>(initial.rest);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<FixValues>({ initialValues: valuesOf(row), initialErrors: initial.fields });
  const firstInError = firstFieldInError(initial.fields);
  const formRef = useRef<HTMLFormElement>(null);
  // The dialog focuses the field in error as it opens, before its content can scroll, so the
  // browser does not bring it into view: it may be far down (a further item line). Once drawn, it is.
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.scrollIntoView?.({ block: 'center' }),
    );
    return () => cancelAnimationFrame(frame);
  }, []);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const before = valuesOf(row);
    const changed = Object.fromEntries(BATCH_CSV_COLUMNS.filter((c) => values[c] !== before[c]).map((c) => [c, values[c]]));
    const linesChanged = JSON.stringify(values.more_items) !== JSON.stringify(before.more_items);
    // Saved unchanged, the row is checked again as it is (the server wants something to change).
    const everyCell = () => Object.fromEntries(BATCH_CSV_COLUMNS.map((c) => [c, values[c]]));
    const change = linesChanged
      ? { ...(Object.keys(changed).length ? { cells: changed } : {}), more_items: values.more_items }
      : { cells: Object.keys(changed).length ? changed : everyCell() };
    try {
      const batch: Batch = await fixRow(batchId, row.line, change);
      queryClient.setQueryData(batchKey(batchId), batch);
      const now = batch.rows.find((r) => r.line === row.line);
      if (now && now.status === 'invalid') {
        const again = splitRowErrors(now, say);
        form.setErrors(again.fields);
        setRest(again.rest);
        return;
      }
      announce(t('batches.fix.fixed', { name: rowName(row, t) }));
      onDone();
    } catch (e) {
      setServerErrors(form, e, (errors) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^cells\./, ''), v])));
      setFailure(e);
    }
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t('batches.fix.title', { name: rowName(row, t) })}>
      <Stack gap="md">
        <Text size="sm">{t('batches.fix.intro')}</Text>
        {rest.length > 0 && (
          <Alert color="red" role="alert" title={t('batches.fix.row_problems')}>
            <List size="sm">
              {rest.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <FormAlert
          error={failure}
          fields={form}
          rename={(errors) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^cells\./, ''), v]))}
        />
        {GROUPS.filter((g) => ASKED[g.key]?.(form.values, form.errors) ?? true).map((group) => (
          <Fieldset key={group.key} legend={t(`batches.fix.groups.${group.key}`)}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              {group.columns.map((c) => (
                <CellInput key={c} form={form} column={c} autofocus={firstInError} />
              ))}
            </SimpleGrid>
            {group.key === 'item' && <FurtherItemLines form={form} autofocus={firstInError} />}
          </Fieldset>
        ))}
        <ModalActions onCancel={onDone} submitLabel={t('batches.fix.save')} submitting={form.submitting} />
      </Stack>
    </form>
  );
}
