import { type PaymentRequest, paymentRequest, type ShipmentView } from '@freight/contracts';
import { Alert, Button, Grid, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isApiError } from '../../lib/api';
import { translateMessage, zodErrors } from '../../lib/forms';
import { useFormat } from '../../lib/useFormat';
import { newIdempotencyKey, payShipment } from './api';
import { major } from './format';

interface CardValues {
  cardholder: string;
  card_number: string;
  exp_month: string;
  exp_year: string;
  cvc: string;
}

const EMPTY: CardValues = { cardholder: '', card_number: '', exp_month: '', exp_year: '', cvc: '' };
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** The form's values as the request: months and years as numbers (missing ones left out, so 'Field is required'). */
function toPayload(v: CardValues): Record<string, unknown> {
  return {
    cardholder: v.cardholder,
    card_number: v.card_number,
    ...(v.exp_month ? { exp_month: Number(v.exp_month) } : {}),
    ...(v.exp_year ? { exp_year: Number(v.exp_year) } : {}),
    cvc: v.cvc,
  };
}

/** What went wrong with a payment, in words (the server's translated message first). */
function failureText(t: (k: string, o?: Record<string, unknown>) => string, e: ApiError): string {
  if (e.status === 0) return t('common.network_error');
  if (e.code === 'payment_declined') return e.message || t('errors.payment_declined');
  if (e.code === 'payment_failed' || e.status === 502) return e.body.message ? e.message : t('errors.payment_failed');
  if (e.status >= 500) return t('shipment.payment.failed');
  return e.message || t('shipment.payment.failed');
}

/**
 * Pay Now: the card form (cardholder, number, expiry, CVC) checked with the contract's
 * paymentRequest, sent once per content with an Idempotency-Key. A decline or a processor failure
 * is said above the fields, which keep what was typed.
 */
export function PayNowModal({
  shipment,
  opened,
  onClose,
  onPaid,
  onConflict,
}: {
  shipment: ShipmentView;
  opened: boolean;
  onClose: () => void;
  onPaid: (shipment: ShipmentView) => void;
  /** 409: the shipment is no longer awaiting payment (paid elsewhere, or expired): refetch it. */
  onConflict: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const amount = fmt.money(major(shipment.payment.amount_cents), shipment.currency);
  const form = useForm<CardValues>({ initialValues: EMPTY, validate: (v) => zodErrors(paymentRequest, t, v, toPayload) });
  const attempt = useRef<{ key: string; content: string } | null>(null);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 16 }, (_, i) => String(thisYear + i));

  const pay = useMutation({
    mutationFn: ({ body, key }: { body: PaymentRequest; key: string }) => payShipment(shipment.id, body, key),
    onSuccess: ({ data }) => {
      attempt.current = null;
      form.reset();
      onPaid(data);
    },
    onError: (e) => {
      if (!isApiError(e)) return;
      if (e.status === 422) {
        const fields = Object.entries(e.errors).filter(([k]) => k in EMPTY);
        form.setErrors(Object.fromEntries(fields.map(([k, msgs]) => [k, msgs.map((m) => translateMessage(t, m)).join(' ')])));
      }
      if (e.status === 409) onConflict();
    },
  });

  const submit = form.onSubmit(
    (v) => {
      if (pay.isPending) return;
      const body = paymentRequest.parse(toPayload(v));
      const content = JSON.stringify(body);
      if (attempt.current?.content !== content) attempt.current = { key: newIdempotencyKey(), content };
      pay.mutate({ body, key: attempt.current.key });
    },
    () => {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-card-form] [aria-invalid="true"]')?.focus());
    },
  );

  const error =
    pay.error && isApiError(pay.error) && !(pay.error.status === 422 && Object.keys(pay.error.errors).length) ? pay.error : null;

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!pay.isPending) onClose();
      }}
      title={t('shipment.payment.modal_title', { amount })}
      centered
    >
      <form onSubmit={submit} noValidate data-card-form>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {failureText(t, error)}
            </Alert>
          )}
          <TextInput label={t('shipment.payment.cardholder')} withAsterisk autoComplete="cc-name" {...form.getInputProps('cardholder')} />
          <TextInput
            label={t('shipment.payment.card_number')}
            withAsterisk
            autoComplete="cc-number"
            inputMode="numeric"
            maxLength={23}
            {...form.getInputProps('card_number')}
          />
          <Grid gap="sm">
            <Grid.Col span={{ base: 6, xs: 4 }}>
              <NativeSelect
                label={t('shipment.payment.exp_month')}
                withAsterisk
                autoComplete="cc-exp-month"
                data={[{ value: '', label: '—' }, ...MONTHS]}
                {...form.getInputProps('exp_month')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, xs: 4 }}>
              <NativeSelect
                label={t('shipment.payment.exp_year')}
                withAsterisk
                autoComplete="cc-exp-year"
                data={[{ value: '', label: '—' }, ...years]}
                {...form.getInputProps('exp_year')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 4 }}>
              <TextInput
                label={t('shipment.payment.cvc')}
                aria-label={t('shipment.payment.cvc_long')}
                withAsterisk
                autoComplete="cc-csc"
                inputMode="numeric"
                maxLength={4}
                {...form.getInputProps('cvc')}
              />
            </Grid.Col>
          </Grid>
          <Text size="xs" c="dimmed">
            {t('shipment.payment.hold_note', { hold: fmt.money(major(shipment.payment.hold_cents), shipment.currency) })}
          </Text>
          <Text size="xs" c="dimmed" data-testid="test-cards">
            {t('shipment.payment.test_cards')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pay.isPending}>
              {t('shipment.payment.cancel')}
            </Button>
            <Button type="submit" loading={pay.isPending}>
              {t('shipment.payment.submit', { amount })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
