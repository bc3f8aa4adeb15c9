import { disputeRequest, type InvoiceView } from '@freight/contracts';
import { disputeMaximum } from '@freight/domain';
import { Button, Group, Modal, NativeSelect, NumberInput, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { major } from '../../../components/shipment/format';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { useFormat } from '../../../lib/useFormat';
import { INVOICES_KEY, openDispute } from '../api/invoicesApi';

interface Values {
  charge_code: string;
  reason: string;
  amount: number | string;
}

/** The most a new dispute of the invoice (key '') or of one line may claim: the server's rule. */
export function maximumCents(invoice: InvoiceView, key: string): number {
  return disputeMaximum(
    {
      balanceCents: invoice.balance_cents,
      lines: invoice.charges.map((c) => ({ key: c.key, invoicedCents: c.invoiced_cents })),
      disputes: invoice.disputes.map((d) => ({
        chargeCode: d.charge_code,
        status: d.status,
        amountCents: d.amount_cents,
        acceptedCents: d.accepted_cents,
      })),
    },
    key || null,
  );
}

/** What a dispute claims by default: a line's difference when the carrier charged more, else the line; never over the maximum. */
function defaultAmount(invoice: InvoiceView, key: string): number {
  const line = invoice.charges.find((c) => c.key === key);
  const wanted = line ? (line.variance_cents > 0 ? line.variance_cents : line.invoiced_cents) : invoice.balance_cents;
  return major(Math.max(0, Math.min(wanted, maximumCents(invoice, key))));
}

const toPayload = (v: Values) => ({
  charge_code: v.charge_code || null,
  reason: v.reason,
  amount_cents: Math.round(Number(v.amount) * 100),
});

/** Request errors as form errors: the request's amount_cents is the form's amount box. */
function formErrors({ amount_cents, ...rest }: Record<string, string>): Record<string, string> {
  return amount_cents ? { ...rest, amount: amount_cents } : rest;
}

/** Disputing the whole invoice or one charge line, with a reason and an amount up to the maximum shown. */
export function DisputeDialog({ invoice, opened, onClose }: { invoice: InvoiceView; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const reweighed = invoice.charges.find((c) => c.variance_cents > 0);
  const form = useForm<Values>({
    initialValues: { charge_code: reweighed?.key ?? '', reason: '', amount: defaultAmount(invoice, reweighed?.key ?? '') },
    validate: (v) => {
      const errors = formErrors(zodErrors(disputeRequest, t, v, toPayload));
      const max = maximumCents(invoice, v.charge_code);
      if (!errors.amount && toPayload(v).amount_cents > max)
        errors.amount = t('validation.dispute_max', { max: fmt.money(major(max), invoice.currency) });
      return errors;
    },
  });
  const max = maximumCents(invoice, form.values.charge_code);
  const send = useMutation({
    mutationFn: (v: Values) => openDispute(invoice.id, disputeRequest.parse(toPayload(v))),
    onSuccess: async () => {
      form.reset();
      notifications.show({ color: 'green', message: t('invoices.dispute.sent') });
      await client.invalidateQueries({ queryKey: INVOICES_KEY });
      onClose();
    },
    onError: (e) => setServerErrors(form, e, formErrors),
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('invoices.dispute.dialog_title', { number: invoice.number })} centered>
      <form onSubmit={form.onSubmit((v) => send.mutate(v))} noValidate>
        <Stack gap="sm">
          <FormAlert error={send.error} fields={form} rename={formErrors} />
          <NativeSelect
            label={t('invoices.dispute.what')}
            data={[{ value: '', label: t('invoices.dispute.whole') }, ...invoice.charges.map((c) => ({ value: c.key, label: c.label }))]}
            {...form.getInputProps('charge_code')}
            onChange={(e) => {
              form.setFieldValue('charge_code', e.currentTarget.value);
              form.setFieldValue('amount', defaultAmount(invoice, e.currentTarget.value));
            }}
          />
          <Textarea
            label={t('invoices.dispute.reason')}
            placeholder={t('invoices.dispute.reason_hint')}
            withAsterisk
            rows={3}
            maxLength={2000}
            {...form.getInputProps('reason')}
          />
          <NumberInput
            label={t('invoices.dispute.amount')}
            description={t('invoices.dispute.maximum', { amount: fmt.money(major(max), invoice.currency) })}
            withAsterisk
            min={0.01}
            decimalScale={2}
            fixedDecimalScale
            {...form.getInputProps('amount')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('invoices.dispute.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t('invoices.dispute.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
