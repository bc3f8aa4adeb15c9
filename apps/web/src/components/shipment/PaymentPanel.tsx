import type { ShipmentView } from '@freight/contracts';
import { AWAITING_PAYMENT_MINUTES } from '@freight/domain';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/permissions';
import { useFormat } from '../../lib/useFormat';
import { announce } from '../a11y/announcer';
import { paymentFailureText } from '../payment/paymentFailure';
import { extendPayment } from './api';
import { major, timeLeft } from './format';
import { PayNowModal } from './PayNowModal';
import { useChallengeReturn } from './useChallengeReturn';

/** Milliseconds until `dueAt`, ticking every second while `active`. */
function useMsLeft(dueAt: string | null, active: boolean): number {
  const due = dueAt ? Date.parse(dueAt) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active || Number.isNaN(due)) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active, due]);
  return Number.isNaN(due) ? Number.POSITIVE_INFINITY : due - now;
}

/**
 * The credit memo that credits a canceled booking's receipt: a link to it for whoever sees
 * invoices, its number alone otherwise (the page would refuse them).
 */
function CreditMemoLine({ memo }: { memo: { id: string; number: string } }) {
  const { t } = useTranslation();
  const seesInvoices = useCan('invoices.view');
  return (
    <Text size="sm" data-testid="payment-credit-memo">
      {t('shipment.payment.credit_memo')}{' '}
      {seesInvoices ? (
        <Anchor component={Link} to={`/invoice-detail/${encodeURIComponent(memo.id)}`} fw={600}>
          {memo.number}
        </Anchor>
      ) : (
        <b>{memo.number}</b>
      )}
    </Text>
  );
}

/** How often to ask again whether an expired booking has been canceled yet. */
const EXPIRED_REFETCH_MS = 15_000;

/** How long before the cancellation the shipper is warned, on screen and to screen readers. */
export const PAYMENT_WARNING_MINUTES = 2;

/**
 * Says once, politely, that the time to pay is nearly over (a timed response needs a warning and
 * a way to get more time: the extension).
 */
function useLastMinutesWarning(warn: boolean, message: string) {
  const said = useRef(false);
  useEffect(() => {
    if (!warn) {
      said.current = false;
      return;
    }
    if (said.current) return;
    said.current = true;
    announce(message);
  }, [warn, message]);
}

/**
 * Payment of a booking by a prepaid account ('Awaiting payment'): a live countdown to the
 * automatic cancellation, warned of in its last minutes, Pay Now (the card form), Pay Later and,
 * once, more time; the expired
 * state when the time runs out (the shipment is fetched again to see the cancellation); the paid
 * state with the card's last 4 digits; once a paid booking is canceled, the hold released or the
 * payment refunded, with the credit memo of its receipt. Nothing for accounts on terms.
 */
export function PaymentPanel({
  shipment,
  onPaid,
  onRefresh,
}: {
  shipment: ShipmentView;
  /** The shipment as a successful payment answered it (or an extension of the time to pay). */
  onPaid: (shipment: ShipmentView) => void;
  /** Fetch the shipment again (the countdown ran out, or the server said it is no longer due). */
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  // Paying for a booking, or moving its time to pay on, is booking: a role that cannot book reads the panel only.
  const mayPay = useCan('shipments.book');
  const { payment } = shipment;
  const awaiting = payment.state === 'awaiting';
  const msLeft = useMsLeft(payment.due_at, awaiting);
  const left = timeLeft(msLeft);
  const lapsed = awaiting && left.expired;
  const [later, setLater] = useState(false);
  const [paying, setPaying] = useState(false);
  const [extending, setExtending] = useState(false);
  const warn = awaiting && !lapsed && msLeft <= PAYMENT_WARNING_MINUTES * 60_000;
  useLastMinutesWarning(warn, t('shipment.payment.warning', { minutes: PAYMENT_WARNING_MINUTES }));
  const amount = fmt.money(major(payment.amount_cents), shipment.currency);
  const paidNow = (paid: ShipmentView) => {
    setPaying(false);
    notifications.show({ color: 'green', message: t('shipment.payment.success') });
    announce(t('shipment.payment.success'));
    onPaid(paid);
  };
  // Back from the card issuer's 3-D Secure page: the server says how the payment ended.
  const challenge = useChallengeReturn(shipment, paidNow);

  // The moment the time runs out: fetch the shipment (the server cancels it), then again now and
  // then until it says so.
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;
  useEffect(() => {
    if (!lapsed) return;
    setPaying(false);
    refresh.current();
    const id = setInterval(() => refresh.current(), EXPIRED_REFETCH_MS);
    return () => clearInterval(id);
  }, [lapsed]);

  if (payment.state === 'not_required') return null;

  // Canceled, and the job giving the card's money back has not run yet.
  if (payment.state === 'paid' && shipment.status === 'canceled') {
    return (
      <Alert color="gray" title={t('shipment.payment.releasing_title')} data-testid="payment-panel">
        {t('shipment.payment.releasing_body')}
      </Alert>
    );
  }

  if (payment.state === 'paid') {
    const date = fmt.dateTime(payment.paid_at);
    return (
      <Alert color="green" title={t('shipment.payment.paid_title')} data-testid="payment-panel">
        {payment.card_last4
          ? t('shipment.payment.paid_body', { amount, last4: payment.card_last4, date })
          : t('shipment.payment.paid_body_no_card', { amount, date })}
      </Alert>
    );
  }

  if (payment.state === 'released' || payment.state === 'refunded') {
    const released = payment.state === 'released';
    return (
      <Alert color="gray" title={t(`shipment.payment.${payment.state}_title`)} data-testid="payment-panel">
        <Stack gap="xs">
          <Text size="sm">
            {released
              ? t('shipment.payment.released_body', {
                  amount: fmt.money(major(payment.amount_cents + payment.hold_cents), shipment.currency),
                })
              : payment.card_last4
                ? t('shipment.payment.refunded_body', { last4: payment.card_last4 })
                : t('shipment.payment.refunded_body_no_card')}
          </Text>
          {payment.credit_memo && <CreditMemoLine memo={payment.credit_memo} />}
        </Stack>
      </Alert>
    );
  }

  if (payment.state === 'expired' || lapsed) {
    return (
      <Alert color="red" title={t('shipment.payment.expired_title')} role="alert" data-testid="payment-panel">
        {t(
          payment.state === 'expired' || shipment.status === 'canceled' ? 'shipment.payment.expired_done' : 'shipment.payment.expired_body',
        )}
      </Alert>
    );
  }

  const countdown = !Number.isFinite(msLeft)
    ? null
    : left.h > 0
      ? t('shipment.time_left.hm', { h: left.h, m: left.m })
      : t('shipment.time_left.ms', { mm: String(left.m).padStart(2, '0'), ss: String(left.s).padStart(2, '0') });
  const dueTime = fmt.dateTime(payment.due_at);
  const extend = async () => {
    setExtending(true);
    try {
      const { data } = await extendPayment(shipment.id);
      announce(t('shipment.payment.extended', { minutes: AWAITING_PAYMENT_MINUTES, time: fmt.dateTime(data.payment.due_at) }));
      onPaid(data);
    } catch {
      // A 409 (extended already, or the time ran out meanwhile): show what the server now says.
      onRefresh();
    } finally {
      setExtending(false);
    }
  };

  return (
    <Alert color="orange" title={t('shipment.payment.awaiting_title')} data-testid="payment-panel">
      <Stack gap="xs">
        {challenge.checking && (
          <Text size="sm" role="status">
            {t('shipment.payment.challenge_checking')}
          </Text>
        )}
        {challenge.error && (
          <Alert color="red" role="alert" title={t('shipment.payment.challenge_failed_title')} data-testid="payment-challenge-failed">
            {paymentFailureText(t, challenge.error)}
          </Alert>
        )}
        {countdown && (
          <Group gap="xs" align="baseline">
            <Text size="sm">{t('shipment.payment.countdown_label')}:</Text>
            {/* role=timer is not announced on every tick; the due time below says when. */}
            <Text fz="xl" fw={700} role="timer" aria-label={t('shipment.payment.countdown_label')} data-testid="payment-countdown">
              {countdown}
            </Text>
          </Group>
        )}
        {warn && (
          <Text size="sm" fw={700} data-testid="payment-warning">
            {t('shipment.payment.warning', { minutes: PAYMENT_WARNING_MINUTES })}
          </Text>
        )}
        {later ? (
          <Text size="sm">{t('shipment.payment.later_note', { time: dueTime })}</Text>
        ) : (
          <>
            <Text size="sm">{t('shipment.payment.awaiting_body', { amount })}</Text>
            {dueTime && <Text size="sm">{t('shipment.payment.cancels_at', { time: dueTime })}</Text>}
          </>
        )}
        {mayPay && (
          <Group gap="sm">
            <Button color="orange" onClick={() => setPaying(true)}>
              {t('shipment.payment.pay_now')}
            </Button>
            {!later && (
              <Button variant="default" onClick={() => setLater(true)}>
                {t('shipment.payment.pay_later')}
              </Button>
            )}
            {payment.can_extend && (
              <Button variant="default" loading={extending} onClick={() => void extend()}>
                {t('shipment.payment.extend', { minutes: AWAITING_PAYMENT_MINUTES })}
              </Button>
            )}
          </Group>
        )}
        {mayPay && payment.can_extend && <Text size="sm">{t('shipment.payment.extend_offer', { minutes: AWAITING_PAYMENT_MINUTES })}</Text>}
      </Stack>
      <PayNowModal shipment={shipment} opened={paying} onClose={() => setPaying(false)} onPaid={paidNow} onConflict={onRefresh} />
    </Alert>
  );
}
