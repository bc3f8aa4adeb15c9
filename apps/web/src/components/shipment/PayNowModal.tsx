import type { BookingPaymentMethodsView, ShipmentView } from '@freight/contracts';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { translateMessage } from '../../lib/forms';
import { useFormat } from '../../lib/useFormat';
import { ErrorAlert } from '../ErrorAlert';
import { bookingPaymentMethodsQuery } from '../payment/api';
import { type CardValues, cardErrors, EMPTY_CARD } from '../payment/CardFields';
import { withChallenge } from '../payment/challenge';
import { NewCardFields } from '../payment/NewCardFields';
import { paymentFailureText } from '../payment/paymentFailure';
import { ProcessorRefused, payFormRefusal } from '../payment/processor';
import { firstChoice, NEW_METHOD, SavedMethodChoice } from '../payment/SavedMethodChoice';
import { useNewCard } from '../payment/useNewMethod';
import { confirmShipmentPayment, newIdempotencyKey, payShipment } from './api';
import { major } from './format';

interface Values {
  /** A saved card's processor id, or NEW_METHOD. */
  choice: string;
  card: CardValues;
}

/**
 * Pay Now: one of the account's saved cards (the default chosen at first) or a new card, which
 * goes from this browser straight to the processor (the simulator's fields, or Stripe's Element);
 * only its pm_ id reaches the portal, sent once per content with an Idempotency-Key. A refusal of
 * the card lands on its field; a decline or a processor failure is said above the fields, which
 * keep what was typed.
 */
function PayNowForm({
  shipment,
  offer,
  onClose,
  onPaid,
  onConflict,
  onBusy,
}: {
  shipment: ShipmentView;
  offer: BookingPaymentMethodsView;
  onClose: () => void;
  onPaid: (shipment: ShipmentView) => void;
  onConflict: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const amount = fmt.money(major(shipment.payment.amount_cents), shipment.currency);
  const card = useNewCard(offer.processor);
  const [refused, setRefused] = useState<string | null>(null);
  const [challenging, setChallenging] = useState(false);
  const form = useForm<Values>({
    initialValues: { choice: firstChoice(offer.cards), card: EMPTY_CARD },
    validate: (v) =>
      v.choice !== NEW_METHOD
        ? {}
        : Object.fromEntries(Object.entries(cardErrors(v.card, card.elements)).map(([k, key]) => [`card.${k}`, t(key)])),
  });
  const attempt = useRef<{ key: string; content: string } | null>(null);

  const pay = useMutation({
    mutationFn: async (v: Values) => {
      const body = { payment_method: v.choice === NEW_METHOD ? await card.create(v.card) : v.choice };
      const content = JSON.stringify(body);
      if (attempt.current?.content !== content) attempt.current = { key: newIdempotencyKey(), content };
      const key = attempt.current.key;
      // The issuer's page sends the payer back to this shipment's page, which confirms (useChallengeReturn).
      const returnPath = `/track/detail/${encodeURIComponent(shipment.id)}`;
      return withChallenge(
        offer.processor,
        () => payShipment(shipment.id, { ...body, return_path: returnPath }, key),
        (intent) => confirmShipmentPayment(shipment.id, intent),
        setChallenging,
      );
    },
    onMutate: () => {
      setRefused(null);
      onBusy(true);
    },
    onSettled: () => onBusy(false),
    onSuccess: ({ data }) => {
      attempt.current = null;
      form.reset();
      onPaid(data);
    },
    onError: (e) => {
      if (e instanceof ProcessorRefused) {
        const r = payFormRefusal(e);
        if (r.field) form.setFieldError(`card.${r.field}`, t(r.key));
        else setRefused(t(r.key));
        return;
      }
      if (!isApiError(e)) return;
      // The portal refused the method itself (not this account's, not a card): choose another.
      const method = e.errors.payment_method;
      if (e.status === 422 && method) setRefused(method.map((m) => translateMessage(t, m)).join(' '));
      if (e.status === 409) onConflict();
    },
  });

  const submit = form.onSubmit(
    (v) => {
      if (!pay.isPending) pay.mutate(v);
    },
    () => {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-card-form] [aria-invalid="true"]')?.focus());
    },
  );

  const error =
    pay.error && isApiError(pay.error) && !(pay.error.status === 422 && Object.keys(pay.error.errors).length) ? pay.error : null;
  const failure = pay.error && !isApiError(pay.error) && !(pay.error instanceof ProcessorRefused) ? pay.error : null;

  return (
    <form onSubmit={submit} noValidate data-card-form>
      <Stack gap="sm">
        {(error || refused) && (
          <Alert color="red" role="alert">
            {refused ?? (error && paymentFailureText(t, error))}
          </Alert>
        )}
        <ErrorAlert error={failure} />
        {challenging && (
          <Alert color="blue" role="status">
            {t('shipment.payment.challenge_opening')}
          </Alert>
        )}
        <SavedMethodChoice
          methods={offer.cards}
          kind="card"
          value={form.values.choice}
          onChange={(choice) => form.setFieldValue('choice', choice)}
        />
        {form.values.choice === NEW_METHOD && (
          <>
            <NewCardFields card={card} input={(field) => form.getInputProps(`card.${field}`)} />
            <Text size="xs" c="dimmed">
              {t('payment.processor_note')}
            </Text>
            {!card.elements && (
              <Text size="xs" c="dimmed" data-testid="test-cards">
                {t('shipment.payment.test_cards')}
              </Text>
            )}
          </>
        )}
        <Text size="xs" c="dimmed">
          {t('shipment.payment.hold_note', { hold: fmt.money(major(shipment.payment.hold_cents), shipment.currency) })}
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
  );
}

/** Pay Now's dialog: what the booker may pay with (the processor, the account's saved cards), then the form. */
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
  const offer = useQuery({ ...bookingPaymentMethodsQuery(), enabled: opened });
  const busy = useRef(false);

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy.current) onClose();
      }}
      title={t('shipment.payment.modal_title', { amount })}
      centered
    >
      {offer.data ? (
        offer.data.processor ? (
          <PayNowForm
            shipment={shipment}
            offer={offer.data}
            onClose={onClose}
            onPaid={onPaid}
            onConflict={onConflict}
            onBusy={(b) => {
              busy.current = b;
            }}
          />
        ) : (
          <Alert color="red" role="alert">
            {t('payment.processor_off')}
          </Alert>
        )
      ) : offer.error ? (
        <ErrorAlert error={offer.error} />
      ) : (
        <Loader size="sm" role="status" aria-label={t('payment.loading')} />
      )}
    </Modal>
  );
}
