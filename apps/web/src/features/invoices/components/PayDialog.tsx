import { type InvoiceListItem, type InvoicePaymentResult, invoicePaymentRequest } from '@freight/contracts';
import { Alert, Button, Group, Modal, NativeSelect, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFields, type CardValues, cardPayload, EMPTY_CARD } from '../../../components/payment/CardFields';
import { paymentFailureText } from '../../../components/payment/paymentFailure';
import { newIdempotencyKey } from '../../../components/shipment/api';
import { major } from '../../../components/shipment/format';
import { isApiError } from '../../../lib/api';
import { translateMessage, zodErrors } from '../../../lib/forms';
import { useFormat } from '../../../lib/useFormat';
import { INVOICES_KEY, payInvoices } from '../api/invoicesApi';

export type Payable = Pick<InvoiceListItem, 'id' | 'number' | 'balance_cents' | 'currency'>;

interface BankValues {
  account_holder: string;
  routing_number: string;
  account_number: string;
  account_type: 'checking' | 'savings';
}
interface Values {
  method: 'card' | 'ach';
  /** Dollars per invoice id, as typed. */
  amounts: Record<string, number | string>;
  card: CardValues;
  bank: BankValues;
}

const toCents = (v: number | string) => Math.round(Number(v) * 100);

function toPayload(invoices: Payable[], v: Values) {
  return {
    method: v.method,
    allocations: invoices.map((i) => ({ invoice_id: i.id, amount_cents: toCents(v.amounts[i.id] ?? 0) })),
    ...(v.method === 'card' ? { card: cardPayload(v.card) } : { bank: v.bank }),
  };
}

/** The form field of a request path: allocations.N.amount_cents is the amount box of the Nth invoice. */
function fieldOf(invoices: Payable[], path: string) {
  const n = /^allocations\.(\d+)\.amount_cents$/.exec(path)?.[1];
  return n !== undefined ? `amounts.${invoices[Number(n)]?.id}` : path;
}

/**
 * Paying one or many invoices in one payment: an amount per invoice (its balance by default; a
 * part of it is allowed), by card or by bank account. The Idempotency-Key is made once for what
 * was typed and reused while it stays the same, so a retry after an outage or a double click is
 * the same payment; the server replays a key's first outcome, so another card after a decline
 * needs a key of its own. What went wrong is said without losing what was typed; when the
 * invoices changed meanwhile (409, or an amount over a balance) they are asked again.
 */
export function PayDialog({
  invoices,
  opened,
  onClose,
  onPaid,
}: {
  invoices: Payable[];
  opened: boolean;
  onClose: () => void;
  onPaid: (result: InvoicePaymentResult) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const currency = invoices[0]?.currency ?? 'USD';
  const form = useForm<Values>({
    initialValues: {
      method: 'card',
      amounts: Object.fromEntries(invoices.map((i) => [i.id, major(i.balance_cents)])),
      card: EMPTY_CARD,
      bank: { account_holder: '', routing_number: '', account_number: '', account_type: 'checking' },
    },
    validate: (v) => {
      const errors = zodErrors(invoicePaymentRequest, t, v, (x) => toPayload(invoices, x));
      return Object.fromEntries(Object.entries(errors).map(([k, m]) => [fieldOf(invoices, k), m]));
    },
  });
  const attempt = useRef<{ key: string; content: string } | null>(null);
  const total = invoices.reduce((s, i) => s + toCents(form.values.amounts[i.id] ?? 0), 0);
  const amount = fmt.money(major(total), currency);

  const pay = useMutation({
    mutationFn: ({ body, key }: { body: Parameters<typeof payInvoices>[0]; key: string }) => payInvoices(body, key),
    onSuccess: (result) => {
      attempt.current = null;
      onPaid(result);
    },
    onError: (e) => {
      if (!isApiError(e)) return;
      const changed = e.status === 409 || Object.keys(e.errors).some((k) => k.startsWith('allocations'));
      if (changed) void client.invalidateQueries({ queryKey: INVOICES_KEY });
      if (e.status === 409) attempt.current = null;
      if (e.status !== 422) return;
      form.setErrors(
        Object.fromEntries(
          Object.entries(e.errors).map(([k, msgs]) => [fieldOf(invoices, k), msgs.map((m) => translateMessage(t, m)).join(' ')]),
        ),
      );
    },
  });

  const submit = form.onSubmit((v) => {
    if (pay.isPending) return;
    const body = invoicePaymentRequest.parse(toPayload(invoices, v));
    const content = JSON.stringify(body);
    if (attempt.current?.content !== content) attempt.current = { key: newIdempotencyKey(), content };
    pay.mutate({ body, key: attempt.current.key });
  });

  const error =
    pay.error && isApiError(pay.error) && !(pay.error.status === 422 && Object.keys(pay.error.errors).length) ? pay.error : null;
  const errorText = error
    ? error.status === 409
      ? error.message || t('errors.invoice_payment_conflict')
      : error.status === 422
        ? error.message
        : paymentFailureText(t, error)
    : // A refusal of the whole payment ('Pay invoices of one currency at a time') has no box of its own.
      ((form.errors.allocations as string | undefined) ?? null);

  return (
    <Modal
      opened={opened}
      onClose={() => !pay.isPending && onClose()}
      title={t('invoices.pay.title', { count: invoices.length })}
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate data-pay-form>
        <Stack gap="sm">
          {errorText && (
            <Alert color="red" role="alert">
              {errorText}
            </Alert>
          )}
          {invoices.map((i) => (
            <Group key={i.id} justify="space-between" align="flex-end" wrap="nowrap">
              <Text size="sm">
                <b>{i.number}</b> · {t('invoices.pay.balance', { amount: fmt.money(major(i.balance_cents), i.currency) })}
              </Text>
              <NumberInput
                label={t('invoices.pay.amount', { currency: i.currency })}
                aria-label={t('invoices.pay.amount_of', { number: i.number })}
                min={0.01}
                max={major(i.balance_cents)}
                decimalScale={2}
                fixedDecimalScale
                w={180}
                {...form.getInputProps(`amounts.${i.id}`)}
              />
            </Group>
          ))}
          <Text fw={700} ta="right">
            {t('invoices.pay.total', { amount })}
          </Text>
          <SegmentedControl
            aria-label={t('invoices.pay.method')}
            data={[
              { value: 'card', label: t('invoices.pay.card') },
              { value: 'ach', label: t('invoices.pay.ach') },
            ]}
            {...form.getInputProps('method')}
          />
          {form.values.method === 'card' ? (
            <>
              <CardFields input={(field) => form.getInputProps(`card.${field}`)} />
              <Text size="xs" c="dimmed">
                {t('shipment.payment.test_cards')}
              </Text>
            </>
          ) : (
            <>
              <TextInput label={t('invoices.pay.account_holder')} withAsterisk {...form.getInputProps('bank.account_holder')} />
              <Group grow>
                <TextInput
                  label={t('invoices.pay.routing_number')}
                  withAsterisk
                  inputMode="numeric"
                  maxLength={9}
                  {...form.getInputProps('bank.routing_number')}
                />
                <TextInput
                  label={t('invoices.pay.account_number')}
                  withAsterisk
                  inputMode="numeric"
                  maxLength={20}
                  {...form.getInputProps('bank.account_number')}
                />
              </Group>
              <NativeSelect
                label={t('invoices.pay.account_type')}
                data={[
                  { value: 'checking', label: t('invoices.pay.checking') },
                  { value: 'savings', label: t('invoices.pay.savings') },
                ]}
                {...form.getInputProps('bank.account_type')}
              />
              <Text size="xs" c="dimmed">
                {t('invoices.pay.ach_note')} {t('invoices.pay.test_bank')}
              </Text>
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pay.isPending}>
              {t('invoices.pay.cancel')}
            </Button>
            <Button type="submit" loading={pay.isPending}>
              {t('invoices.pay.submit', { amount })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
