import { type DutyRateTableView, type DutyRateView, dutyHsCode, dutyRateRequest, dutyRateSourceRequest } from '@freight/contracts';
import { printedHsCode } from '@freight/domain/customs';
import { Modal, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { ModalActions } from '../../../components/ModalActions';
import { showNotice } from '../../../components/notices/showNotice';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { DUTY_RATES_KEY, type DutyCountry, setDutyRate, setDutySource } from '../api/dutyRatesApi';
import { percentToBasisPoints } from '../percent';

/** Every write answers the whole table: it is shown as it came, without reading it again. */
export function useShowTable() {
  const client = useQueryClient();
  return (table: DutyRateTableView) => client.setQueryData([...DUTY_RATES_KEY, table.country], table);
}

/** Where the table's figures come from and as of when (the estimate shows shippers both). */
export function SourceDialog({ table, onClose }: { table: DutyRateTableView; onClose: () => void }) {
  const { t } = useTranslation();
  const show = useShowTable();
  const country = table.country as DutyCountry;
  const form = useForm({ initialValues: { source: table.source, as_of: table.as_of } });
  const send = useMutation({
    mutationFn: (values: typeof form.values) => setDutySource(country, values),
    onSuccess: (next) => {
      show(next);
      onClose();
      showNotice({ color: 'green', message: { key: 'customs.duty_rates.source_dialog.saved' } });
    },
    onError: (e) => setServerErrors(form, e),
  });
  return (
    <Modal opened onClose={onClose} title={t('customs.duty_rates.source_dialog.title', { country: t(`countries.${country}`) })} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const errors = zodErrors(dutyRateSourceRequest, t, values);
          if (Object.keys(errors).length) form.setErrors(errors);
          else send.mutate(values);
        })}
      >
        <Stack gap="sm">
          <FormAlert error={send.error} fields={form} />
          <Textarea
            label={t('customs.duty_rates.source_dialog.source')}
            description={t('customs.duty_rates.source_dialog.source_hint')}
            withAsterisk
            autosize
            minRows={2}
            maxLength={300}
            data-autofocus
            {...form.getInputProps('source')}
          />
          <TextInput type="date" label={t('customs.duty_rates.source_dialog.as_of')} withAsterisk {...form.getInputProps('as_of')} />
          <ModalActions onCancel={onClose} submitLabel={t('customs.duty_rates.source_dialog.submit')} submitting={send.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** The form keeps the rate in percent as typed; the contract's field is in basis points. */
const toFormField = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k === 'rate_basis_points' ? 'rate' : k, v]));

/** A new code needs its code; a code already in the table keeps the one it has. */
const newRate = dutyRateRequest.extend({ hs_code: dutyHsCode });

interface RateValues {
  hs_code: string;
  rate: number | string;
  description: string;
}

/** The fields each form shows: a refusal about another (the code of a rate being changed) is said in its alert. */
const EDIT_FIELDS = ['rate', 'description'];
const ADD_FIELDS = ['hs_code', ...EDIT_FIELDS];

const toPayload = (v: RateValues) => ({ rate_basis_points: percentToBasisPoints(v.rate), description: v.description });

/**
 * Adds a rate to the table (`rate` null) or changes one: the HS code (only when adding; typed with
 * dots or without), the rate in percent, and the schedule's words for the line.
 */
export function RateDialog({ table, rate, onClose }: { table: DutyRateTableView; rate: DutyRateView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const show = useShowTable();
  const country = table.country as DutyCountry;
  const form = useForm<RateValues>({
    initialValues: {
      hs_code: rate ? printedHsCode(rate.hs_code) : '',
      // Basis points over 100 are the percentage exactly (at most two decimals).
      rate: rate ? rate.rate_basis_points / 100 : '',
      description: rate?.description ?? '',
    },
  });
  const send = useMutation({
    mutationFn: ({ hsCode, values }: { hsCode: string; values: RateValues }) =>
      setDutyRate(country, hsCode, dutyRateRequest.parse(toPayload(values))),
    onSuccess: (next, { hsCode }) => {
      show(next);
      onClose();
      showNotice({ color: 'green', message: { key: 'customs.duty_rates.rate_dialog.saved', params: { code: printedHsCode(hsCode) } } });
    },
    onError: (e) => setServerErrors(form, e, toFormField),
  });
  const submit = (values: RateValues) => {
    const errors = toFormField(zodErrors(rate ? dutyRateRequest : newRate, t, values, (v) => ({ ...v, ...toPayload(v) })));
    const hsCode = rate ? rate.hs_code : dutyHsCode.safeParse(values.hs_code).data;
    // Adding a code the table already has would quietly replace its rate: its own Edit says so plainly.
    if (!rate && hsCode && table.rates.some((r) => r.hs_code === hsCode)) {
      errors.hs_code = t('customs.duty_rates.rate_dialog.exists', { code: printedHsCode(hsCode) });
    }
    if (Object.keys(errors).length || !hsCode) form.setErrors(errors);
    else send.mutate({ hsCode, values });
  };
  const title = rate
    ? t('customs.duty_rates.rate_dialog.edit_title', { code: printedHsCode(rate.hs_code) })
    : t('customs.duty_rates.rate_dialog.add_title', { country: t(`countries.${country}`) });
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          <FormAlert error={send.error} fields={rate ? EDIT_FIELDS : ADD_FIELDS} rename={toFormField} />
          {!rate && (
            <TextInput
              label={t('customs.duty_rates.rate_dialog.hs_code')}
              description={t('customs.duty_rates.rate_dialog.hs_code_hint')}
              withAsterisk
              maxLength={20}
              inputMode="decimal"
              autoComplete="off"
              data-autofocus
              {...form.getInputProps('hs_code')}
            />
          )}
          <NumberInput
            label={t('customs.duty_rates.rate_dialog.rate')}
            description={t('customs.duty_rates.rate_dialog.rate_hint')}
            withAsterisk
            min={0}
            max={1000}
            decimalScale={2}
            allowNegative={false}
            hideControls
            w={200}
            maw="100%"
            data-autofocus={rate ? true : undefined}
            {...form.getInputProps('rate')}
          />
          <Textarea
            label={t('customs.duty_rates.rate_dialog.description')}
            description={t('customs.duty_rates.rate_dialog.description_hint')}
            withAsterisk
            autosize
            minRows={2}
            maxLength={200}
            {...form.getInputProps('description')}
          />
          <ModalActions onCancel={onClose} submitLabel={t('customs.duty_rates.rate_dialog.submit')} submitting={send.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
