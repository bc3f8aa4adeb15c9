import {
  type CarrierInvoiceView,
  carrierInvoiceApproveRequest,
  carrierInvoiceDisputeRequest,
  carrierInvoiceMatchRequest,
  carrierInvoiceResolveRequest,
  carrierInvoiceShortPayRequest,
} from '@freight/contracts';
import { Modal, NumberInput, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { announce } from '../../../../components/a11y/announcer';
import { FormAlert } from '../../../../components/FormAlert';
import { ModalActions } from '../../../../components/ModalActions';
import { major } from '../../../../components/shipment/format';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { onFormField } from '../../components/fieldErrors';
import { afterCarrierInvoiceAction, type CarrierInvoiceAction, carrierInvoiceAction } from '../api/carrierInvoicesApi';
import { useCents } from './parts';

/** The actions a person takes in a dialog (a dispute's replies go through the thread's box). */
export type DialogAction = Exclude<CarrierInvoiceAction, 'messages'>;

type Values = { amount: number | string; choice: 'billed' | 'corrected'; text: string };

/** Each action's contract, and the form's text under the name the request gives it. */
const ACTIONS: Record<DialogAction, { schema: z.ZodType; text: 'note' | 'reason' | 'message' | 'number'; amount: boolean }> = {
  approve: { schema: carrierInvoiceApproveRequest, text: 'note', amount: false },
  'short-pay': { schema: carrierInvoiceShortPayRequest, text: 'reason', amount: true },
  dispute: { schema: carrierInvoiceDisputeRequest, text: 'message', amount: false },
  resolve: { schema: carrierInvoiceResolveRequest, text: 'note', amount: true },
  match: { schema: carrierInvoiceMatchRequest, text: 'number', amount: false },
};

/**
 * One action on a carrier invoice, confirmed in its dialog: what it does in words, its fields
 * checked by the contract before sending (an amount typed in the invoice's currency, sent in
 * cents), the server's refusals on their fields, and the result said once done. Every request
 * names the version the page read: another person's action in between is refused (409).
 */
export function ActionDialog({ invoice, action, onClose }: { invoice: CarrierInvoiceView; action: DialogAction; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useCents();
  const client = useQueryClient();
  const spec = ACTIONS[action];
  const key = `admin.carrier_invoices.actions.${action}`;
  const corrected = invoice.audit?.corrected_cents ?? null;
  const form = useForm<Values>({
    initialValues: {
      amount: action === 'resolve' && corrected !== null ? major(corrected) : '',
      choice: 'billed',
      text: '',
    },
  });
  const toBody = (v: Values) => ({
    version: invoice.version,
    [spec.text]: v.text,
    ...(spec.amount ? { amount_cents: v.amount === '' ? undefined : Math.round(Number(v.amount) * 100) } : {}),
    ...(action === 'approve' ? { amount: v.choice } : {}),
  });
  const rename = (errors: Record<string, string>) => onFormField(onFormField(errors, 'amount_cents', 'amount'), spec.text, 'text');
  const send = useMutation({
    mutationFn: (v: Values) => carrierInvoiceAction(invoice.id, action, spec.schema.parse(toBody(v)) as never),
    onSuccess: async (next) => {
      const message = t(`${key}.done`, { number: next.invoice_number });
      notifications.show({ color: 'green', message });
      announce(message);
      onClose();
      await afterCarrierInvoiceAction(client, next);
    },
    onError: (e) => setServerErrors(form, e, rename),
  });
  const validate = (v: Values) => {
    const errors = rename(zodErrors(spec.schema, t, v, toBody));
    const cents = toBody(v).amount_cents;
    if (!errors.amount && action === 'short-pay' && typeof cents === 'number' && cents >= invoice.billed_cents)
      errors.amount = t('validation.short_pay_amount');
    if (!errors.amount && action === 'resolve' && typeof cents === 'number' && cents > invoice.billed_cents)
      errors.amount = t('validation.resolution_over_billed');
    return errors;
  };
  const approveAmount = form.values.choice === 'corrected' && corrected !== null ? corrected : invoice.billed_cents;
  return (
    <Modal opened onClose={onClose} title={t(`${key}.title`, { number: invoice.invoice_number })} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((v) => {
          const errors = validate(v);
          if (Object.keys(errors).length) form.setErrors(errors);
          else send.mutate(v);
        })}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t(`${key}.intro`, { billed: money(invoice.billed_cents, invoice.currency), amount: money(approveAmount, invoice.currency) })}
          </Text>
          <FormAlert error={send.error} fields={form} rename={rename} />
          {action === 'approve' && corrected !== null && corrected !== invoice.billed_cents && (
            <SegmentedControl
              aria-label={t('admin.carrier_invoices.actions.approve.amount')}
              data={[
                {
                  value: 'billed',
                  label: t('admin.carrier_invoices.actions.approve.billed', { amount: money(invoice.billed_cents, invoice.currency) }),
                },
                {
                  value: 'corrected',
                  label: t('admin.carrier_invoices.actions.approve.corrected', { amount: money(corrected, invoice.currency) }),
                },
              ]}
              {...form.getInputProps('choice')}
            />
          )}
          {spec.amount && (
            <NumberInput
              label={t(`${key}.amount`)}
              withAsterisk
              min={0.01}
              fixedDecimalScale
              decimalScale={2}
              rightSection={invoice.currency}
              rightSectionWidth={50}
              w={200}
              {...form.getInputProps('amount')}
            />
          )}
          {spec.text === 'number' ? (
            <TextInput label={t(`${key}.text`)} withAsterisk maxLength={40} {...form.getInputProps('text')} />
          ) : (
            <Textarea
              label={t(`${key}.text`)}
              withAsterisk={spec.text !== 'note' || action === 'resolve'}
              rows={3}
              maxLength={spec.text === 'message' ? 4000 : 2000}
              {...form.getInputProps('text')}
            />
          )}
          <ModalActions onCancel={onClose} submitLabel={t(`${key}.submit`)} submitting={send.isPending} danger={action === 'dispute'} />
        </Stack>
      </form>
    </Modal>
  );
}
