import { CUSTOMS_DOCUMENT_KINDS, type CustomsCorrectionRequest, customsCorrectionRequest } from '@freight/contracts';
import { printedHsCode } from '@freight/domain/customs';
import { Checkbox, Fieldset, Grid, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/CountrySelect';
import { FormAlert } from '../../../components/FormAlert';
import { ModalActions } from '../../../components/ModalActions';
import { MoneyInput, toCents } from '../../../components/MoneyInput';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { sendCustomsCorrection } from '../api/customsApi';
import { type DialogProps, useAfterWrite } from './CustomsDialogs';

interface LineValues {
  hs_code: string;
  origin_country: string;
  /** In the declaration's currency (major units), sent in cents. */
  unit_value: number | '';
}

interface CorrectionValues {
  document: CustomsCorrectionRequest['document'];
  note: string;
  /** The declaration's lines are corrected too: its documents then print the new version. */
  correctLines: boolean;
  lines: LineValues[];
}

const toRequest = (v: CorrectionValues): CustomsCorrectionRequest => ({
  document: v.document,
  note: v.note,
  ...(v.correctLines
    ? {
        lines: v.lines.map((l) => ({
          hs_code: l.hs_code,
          origin_country: l.origin_country,
          unit_value_cents: toCents(l.unit_value) as number,
        })),
      }
    : {}),
});

/** The contract's `lines.N.unit_value_cents` is the form's `lines.N.unit_value`. */
const formKeys = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/\.unit_value_cents$/, '.unit_value'), v]));

/**
 * Sends the broker a corrected document for freight customs hold: which document, what was
 * corrected and, when the declaration itself was wrong, its lines as corrected (HS code, origin,
 * value): the shipment's documents then print the new version, the earlier one kept.
 */
export function CorrectionDialog({ row, onClose }: DialogProps) {
  const { t } = useTranslation();
  const done = useAfterWrite(onClose, 'customs.correction.sent');
  const documents = CUSTOMS_DOCUMENT_KINDS.filter((k) => row.documents.includes(k));
  const form = useForm<CorrectionValues>({
    initialValues: {
      document: documents[0] ?? 'bol',
      note: '',
      correctLines: false,
      lines: row.lines.map((l) => ({
        hs_code: printedHsCode(l.hs_code),
        origin_country: l.origin_country,
        unit_value: l.unit_value_cents / 100,
      })),
    },
  });
  const send = useMutation({
    mutationFn: (values: CorrectionValues) => sendCustomsCorrection(row.id, customsCorrectionRequest.parse(toRequest(values))),
    onSuccess: done,
    onError: (e) => setServerErrors(form, e, formKeys),
  });
  return (
    <Modal opened onClose={onClose} title={t('customs.correction.title', { number: row.bol_number })} centered size="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const errors = formKeys(zodErrors(customsCorrectionRequest, t, values, toRequest));
          if (Object.keys(errors).length) form.setErrors(errors);
          else send.mutate(values);
        })}
      >
        <Stack gap="sm">
          <FormAlert error={send.error} fields={form} />
          {row.hold_reason && <Text size="sm">{t('customs.correction.held_for', { reason: row.hold_reason })}</Text>}
          <NativeSelect
            label={t('customs.correction.document')}
            data={documents.map((k) => ({ value: k, label: t(`shipment.documents.${k}`) }))}
            {...form.getInputProps('document')}
          />
          <Textarea
            label={t('customs.correction.note')}
            withAsterisk
            rows={3}
            maxLength={1000}
            data-autofocus
            {...form.getInputProps('note')}
          />
          {row.lines.length > 0 && (
            <Checkbox
              label={t('customs.correction.correct_lines')}
              description={t('customs.correction.correct_lines_hint', { version: row.customs_version + 1 })}
              {...form.getInputProps('correctLines', { type: 'checkbox' })}
            />
          )}
          {form.values.correctLines &&
            row.lines.map((line, n) => (
              <Fieldset
                // biome-ignore lint/suspicious/noArrayIndexKey: the declaration's lines, fixed in number and order
                key={n}
                variant="filled"
                legend={t('customs.correction.line', { n: n + 1, what: line.description || '—' })}
              >
                <Grid gap="sm">
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <TextInput
                      label={t('customs.correction.hs_code')}
                      withAsterisk
                      maxLength={14}
                      {...form.getInputProps(`lines.${n}.hs_code`)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <CountrySelect
                      label={t('customs.correction.origin_country')}
                      withAsterisk
                      {...form.getInputProps(`lines.${n}.origin_country`)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <MoneyInput
                      label={t('customs.correction.unit_value', { currency: line.currency })}
                      withAsterisk
                      {...form.getInputProps(`lines.${n}.unit_value`)}
                    />
                  </Grid.Col>
                </Grid>
              </Fieldset>
            ))}
          <ModalActions onCancel={onClose} submitLabel={t('customs.correction.submit')} submitting={send.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
