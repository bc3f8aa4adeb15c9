import {
  type InvoiceListItem,
  type InvoicePaymentResult,
  invoicePaymentRequest,
  type PaymentMethodView,
  type PaymentProcessorView,
} from '@freight/contracts';
import { Alert, Anchor, Button, Group, Loader, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { paymentMethodsQuery, processorQuery } from '../../../components/payment/api';
import { type CardValues, cardErrors, EMPTY_CARD } from '../../../components/payment/CardFields';
import { withChallenge } from '../../../components/payment/challenge';
import { NewCardFields } from '../../../components/payment/NewCardFields';
import { paymentFailureText } from '../../../components/payment/paymentFailure';
import { ProcessorRefused, payFormRefusal } from '../../../components/payment/processor';
import { firstChoice, NEW_METHOD, SavedMethodChoice } from '../../../components/payment/SavedMethodChoice';
import { useNewCard } from '../../../components/payment/useNewMethod';
import { newIdempotencyKey } from '../../../components/shipment/api';
import { major } from '../../../components/shipment/format';
import { isApiError } from '../../../lib/api';
import { translateMessage, zodErrors } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { confirmInvoicePayment, INVOICES_KEY, payInvoices } from '../api/invoicesApi';

export type Payable = Pick<InvoiceListItem, 'id' | 'number' | 'balance_cents' | 'currency'>;

interface Values {
  method: 'card' | 'ach';
  /** Dollars per invoice id, as typed. */
  amounts: Record<string, number | string>;
  /** A saved method's processor id, or NEW_METHOD (a new card only). */
  choice: string;
  card: CardValues;
}

const toCents = (v: number | string) => Math.round(Number(v) * 100);

/** The request without its method: the allocations (the method is made or chosen at submit). */
function toPayload(invoices: Payable[], v: Values, paymentMethod = 'pm_pending') {
  return {
    method: v.method,
    allocations: invoices.map((i) => ({ invoice_id: i.id, amount_cents: toCents(v.amounts[i.id] ?? 0) })),
    payment_method: paymentMethod,
  };
}

/**
 * The saved methods of a payment method kind (a card payment, or a bank one) that may pay: a bank
 * account awaiting its micro-deposit's code (or failed) is left out. A bank account is never typed
 * in here: it is debited only once saved and verified under Payment methods (the server refuses
 * any other), so a bank payment is always one of these.
 */
const savedOf = (methods: PaymentMethodView[], method: Values['method']) =>
  methods.filter((m) => m.verification === 'verified' && (method === 'card' ? m.type === 'card' : m.type === 'us_bank_account'));

/** The new card's field errors, at their form paths, in words. */
function newCardErrors(v: Values, elements: boolean, t: (k: string) => string) {
  if (v.method !== 'card' || v.choice !== NEW_METHOD) return {};
  return Object.fromEntries(Object.entries(cardErrors(v.card, elements)).map(([k, key]) => [`card.${k}`, t(key)]));
}

/** The first method offered: for a card the default saved one or a new card; for a bank the default verified account, if any. */
const firstOf = (methods: PaymentMethodView[], method: Values['method']) => {
  const offered = savedOf(methods, method);
  return method === 'card' ? firstChoice(offered) : (offered.find((m) => m.is_default)?.ref ?? offered[0]?.ref ?? '');
};

/** The form field of a request path: allocations.N.amount_cents is the amount box of the Nth invoice. */
function fieldOf(invoices: Payable[], path: string) {
  const n = /^allocations\.(\d+)\.amount_cents$/.exec(path)?.[1];
  return n !== undefined ? `amounts.${invoices[Number(n)]?.id}` : path;
}

/**
 * Paying one or many invoices in one payment: an amount per invoice (its balance by default; a
 * part of it is allowed), by card or by a saved, verified bank account. The Idempotency-Key is made once for what
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
  const saved = useQuery({ ...paymentMethodsQuery(), enabled: opened });
  const processor = useQuery({ ...processorQuery(), enabled: opened });
  const busy = useRef(false);
  const error = saved.error ?? processor.error;
  return (
    <Modal
      opened={opened}
      onClose={() => !busy.current && onClose()}
      title={t('invoices.pay.title', { count: invoices.length })}
      centered
      size="lg"
    >
      {saved.data && processor.data !== undefined ? (
        processor.data ? (
          <PayForm
            invoices={invoices}
            methods={saved.data.methods}
            processor={processor.data}
            onClose={onClose}
            onPaid={onPaid}
            onBusy={(b) => {
              busy.current = b;
            }}
          />
        ) : (
          <Alert color="red" role="alert">
            {t('payment.processor_off')}
          </Alert>
        )
      ) : error ? (
        <ErrorAlert error={error} />
      ) : (
        <Loader size="sm" role="status" aria-label={t('payment.loading')} />
      )}
    </Modal>
  );
}

function PayForm({
  invoices,
  methods,
  processor,
  onClose,
  onPaid,
  onBusy,
}: {
  invoices: Payable[];
  methods: PaymentMethodView[];
  processor: PaymentProcessorView;
  onClose: () => void;
  onPaid: (result: InvoicePaymentResult) => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const currency = invoices[0]?.currency ?? 'USD';
  const card = useNewCard(processor);
  const [refused, setRefused] = useState<string | null>(null);
  const [challenging, setChallenging] = useState(false);
  const form = useForm<Values>({
    initialValues: {
      method: 'card',
      amounts: Object.fromEntries(invoices.map((i) => [i.id, major(i.balance_cents)])),
      choice: firstOf(methods, 'card'),
      card: EMPTY_CARD,
    },
    validate: (v) => {
      const errors = zodErrors(invoicePaymentRequest, t, v, (x) => toPayload(invoices, x));
      return {
        ...Object.fromEntries(Object.entries(errors).map(([k, m]) => [fieldOf(invoices, k), m])),
        ...newCardErrors(v, card.elements, t),
      };
    },
  });
  const attempt = useRef<{ key: string; content: string } | null>(null);
  const total = invoices.reduce((s, i) => s + toCents(form.values.amounts[i.id] ?? 0), 0);
  const amount = fmt.money(major(total), currency);
  const offered = savedOf(methods, form.values.method);

  const pay = useMutation({
    mutationFn: async (v: Values) => {
      const paymentMethod = v.choice !== NEW_METHOD ? v.choice : await card.create(v.card);
      // The card issuer's 3-D Secure page sends the payer back to Open Invoices, which confirms.
      const body = invoicePaymentRequest.parse({ ...toPayload(invoices, v, paymentMethod), return_path: paths.myInvoices });
      const content = JSON.stringify(body);
      if (attempt.current?.content !== content) attempt.current = { key: newIdempotencyKey(), content };
      const key = attempt.current.key;
      return withChallenge(processor, () => payInvoices(body, key), confirmInvoicePayment, setChallenging);
    },
    onMutate: () => {
      setRefused(null);
      onBusy(true);
    },
    onSettled: () => onBusy(false),
    onSuccess: (result) => {
      attempt.current = null;
      onPaid(result);
    },
    onError: (e) => {
      if (e instanceof ProcessorRefused) {
        const r = payFormRefusal(e);
        if (r.field) form.setFieldError(`card.${r.field}`, t(r.key));
        else setRefused(t(r.key));
        return;
      }
      if (!isApiError(e)) return;
      const changed = e.status === 409 || Object.keys(e.errors).some((k) => k.startsWith('allocations'));
      if (changed) void client.invalidateQueries({ queryKey: INVOICES_KEY });
      if (e.status === 409) attempt.current = null;
      if (e.status !== 422) return;
      // The portal refused the method itself (not this account's, the other kind): said above the choice.
      const method = e.errors.payment_method;
      if (method) setRefused(method.map((m) => translateMessage(t, m)).join(' '));
      form.setErrors(
        Object.fromEntries(
          Object.entries(e.errors)
            .filter(([k]) => k !== 'payment_method')
            .map(([k, msgs]) => [fieldOf(invoices, k), msgs.map((m) => translateMessage(t, m)).join(' ')]),
        ),
      );
    },
  });

  const submit = form.onSubmit((v) => {
    if (!pay.isPending) pay.mutate(v);
  });

  const error =
    pay.error && isApiError(pay.error) && !(pay.error.status === 422 && Object.keys(pay.error.errors).length) ? pay.error : null;
  const failure = pay.error && !isApiError(pay.error) && !(pay.error instanceof ProcessorRefused) ? pay.error : null;
  const errorText =
    refused ??
    (error
      ? error.status === 409
        ? error.message || t('errors.invoice_payment_conflict')
        : error.status === 422
          ? error.message
          : paymentFailureText(t, error)
      : // A refusal of the whole payment ('Pay invoices of one currency at a time') has no box of its own.
        ((form.errors.allocations as string | undefined) ?? null));

  return (
    <form onSubmit={submit} noValidate data-pay-form>
      <Stack gap="sm">
        {errorText && (
          <Alert color="red" role="alert">
            {errorText}
          </Alert>
        )}
        <ErrorAlert error={failure} />
        {challenging && (
          <Alert color="blue" role="status">
            {t('invoices.pay.challenge_opening')}
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
          value={form.values.method}
          onChange={(value) => {
            const method = value as Values['method'];
            form.setValues({ method, choice: firstOf(methods, method) });
          }}
        />
        <SavedMethodChoice
          methods={offered}
          kind={form.values.method === 'card' ? 'card' : 'bank'}
          value={form.values.choice}
          onChange={(choice) => form.setFieldValue('choice', choice)}
          allowNew={form.values.method === 'card'}
        />
        {form.values.method === 'card' && form.values.choice === NEW_METHOD && (
          <>
            <NewCardFields card={card} input={(field) => form.getInputProps(`card.${field}`)} />
            <Text size="xs" c="dimmed">
              {t('payment.processor_note')}
            </Text>
            {!card.elements && (
              <Text size="xs" c="dimmed">
                {t('shipment.payment.test_cards')}
              </Text>
            )}
          </>
        )}
        {form.values.method === 'ach' && !offered.length && (
          <Alert color="blue" role="status">
            {t('invoices.pay.bank_needs_saving')}{' '}
            <Anchor component={Link} to={paths.paymentMethodsSettings}>
              {t('invoices.pay.add_bank')}
            </Anchor>
          </Alert>
        )}
        {form.values.method === 'ach' && (
          <Text size="xs" c="dimmed">
            {t('invoices.pay.ach_note')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pay.isPending}>
            {t('invoices.pay.cancel')}
          </Button>
          <Button type="submit" loading={pay.isPending} disabled={!form.values.choice}>
            {t('invoices.pay.submit', { amount })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
