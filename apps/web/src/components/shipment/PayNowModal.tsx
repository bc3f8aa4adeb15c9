import { type PaymentRequest, paymentRequest, type ShipmentView } from '@freight/contracts';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { translateMessage, zodErrors } from '../../lib/forms';
import { useFormat } from '../../lib/useFormat';
import { CardFields, type CardValues, cardPayload, EMPTY_CARD } from '../payment/CardFields';
import { paymentFailureText } from '../payment/paymentFailure';
import { newIdempotencyKey, payShipment } from './api';
import { major } from './format';

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
  const form = useForm<CardValues>({ initialValues: EMPTY_CARD, validate: (v) => zodErrors(paymentRequest, t, v, cardPayload) });
  const attempt = useRef<{ key: string; content: string } | null>(null);

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
        const fields = Object.entries(e.errors).filter(([k]) => k in EMPTY_CARD);
        form.setErrors(Object.fromEntries(fields.map(([k, msgs]) => [k, msgs.map((m) => translateMessage(t, m)).join(' ')])));
      }
      if (e.status === 409) onConflict();
    },
  });

  const submit = form.onSubmit(
    (v) => {
      if (pay.isPending) return;
      const body = paymentRequest.parse(cardPayload(v));
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
              {paymentFailureText(t, error)}
            </Alert>
          )}
          <CardFields input={(field) => form.getInputProps(field)} />
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
