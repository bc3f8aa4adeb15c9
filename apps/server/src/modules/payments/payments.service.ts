import type { PaymentRequest } from '@freight/contracts';
import { CARD_AUTH_HOLD_CENTS, type Currency } from '@freight/domain';
import { convertCents } from '@freight/domain/rating';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { JobOutcome } from '../../jobs/jobs';
import { placeOffsetMinutes } from '../../zones';
import { creditCanceledReceipt, type InvoiceNotifier, recordPrepaidReceipt } from '../invoices/invoices.service';
import { savedMethodOf } from '../payment-methods/payment-methods.service';
import {
  type CarrierFactory,
  defaultCarrierFor,
  exchangeRatesOf,
  PAYMENT_EXPIRY_JOB,
  PAYMENT_VOID_JOB,
  type ShipmentRow,
  shipmentsRepository,
  trackedShipment,
} from '../shipments/shipments.service';
import { webhookEvents } from '../webhooks/webhooks.service';
import { actionRequired, askProcessor, declined, returnUrlOf } from './challenge';
import { type AuthenticationNeeded, type PaymentEvents, type PaymentProvider, PaymentsOff } from './payment-provider';
import { type PaymentRow, paymentsRepository } from './payments.repository';

export interface PaymentsServiceOptions {
  provider?: PaymentProvider;
  /** The processor's later word (webhooks), when it has one. */
  events?: PaymentEvents;
  carrierFor?: CarrierFactory;
}

const conflict = (key: string) => new AppError(409, 'conflict', key);

/** Digit runs that could be a card number, cut from any processor text before it is stored. */
const redact = (text: string) => text.replace(/\d[\d\s-]{10,}\d/g, '[redacted]').slice(0, 500);

type ExpiryCtx = Pick<AppContext, 'db' | 'now' | 'jobs'>;

/**
 * Expires a locked, awaiting booking whose payment time is over: payment 'expired', status
 * 'canceled', a portal event, the carrier told and the account's webhooks too. Answers whether it did.
 */
export async function expireIfDue(tx: Db, ctx: ExpiryCtx, row: ShipmentRow, carrierFor: CarrierFactory): Promise<boolean> {
  const now = ctx.now();
  if (row.paymentState !== 'awaiting' || row.status === 'canceled') return false;
  if (!row.paymentDueAt || now.getTime() < row.paymentDueAt.getTime()) return false;
  const r = shipmentsRepository(tx);
  const carrierRow = await r.carrier(row.carrierId);
  if (carrierRow) await carrierFor(carrierRow).cancel(trackedShipment(row));
  await r.update(row.id, { paymentState: 'expired', status: 'canceled', actionRequired: false, canceledAt: now, updatedAt: now });
  // A card attempt left waiting on 3-D Secure is let go at the processor too.
  await ctx.jobs.schedule(PAYMENT_VOID_JOB, row.id, now, { shipment_id: row.id }, tx);
  await r.addEvent({
    shipmentId: row.id,
    source: 'portal',
    dedupeKey: 'portal-payment-expired',
    statusCode: 'CA',
    reasonCode: null,
    status: 'canceled',
    description: 'Payment not received in time',
    city: row.originCity,
    state: row.originState,
    occurredAt: now,
    utcOffsetMinutes: placeOffsetMinutes(row.originState, row.originCountry, now),
    receivedAt: now,
  });
  await webhookEvents(ctx).statusChanged(tx, row.id, row.status);
  return true;
}

/**
 * The 'shipment.payment_expiry' job: cancels the booking when it is still awaiting payment at its
 * due time; a paid or canceled one is left alone. Registered on `ctx.jobs` (and on any runner a
 * restarted process builds).
 */
export function paymentExpiryHandler(ctx: ExpiryCtx, carrierFor: CarrierFactory = defaultCarrierFor) {
  return async (payload: unknown): Promise<JobOutcome> => {
    const id = (payload as { shipment_id?: unknown } | null)?.shipment_id;
    if (typeof id !== 'string') return;
    return ctx.db.transaction(async (tx): Promise<JobOutcome> => {
      const row = await shipmentsRepository(tx).lock(id);
      if (!row || row.paymentState !== 'awaiting' || row.status === 'canceled') return;
      const now = ctx.now();
      // Run early (a clock moved back, a due time moved on): come back at the due time.
      if (row.paymentDueAt && now.getTime() < row.paymentDueAt.getTime()) return { runAgainAt: row.paymentDueAt };
      await expireIfDue(tx, ctx, row, carrierFor);
    });
  };
}

type VoidCtx = Pick<AppContext, 'db' | 'now' | 'jobs' | 'config'>;

/** What the processor did with one authorization of a canceled booking: released, or captured and refunded. */
interface Settled {
  payment: PaymentRow;
  refundedCents: number | null;
}

/**
 * The job that gives a canceled booking's card money back. Each authorization is voided with the
 * processor; one captured meanwhile cannot be, and is refunded instead, under an idempotency key
 * of the payment, so a retry after a crash gets the same refund, never a second one. Then, in one
 * transaction under the shipment's lock: the payments are marked, the booking's payment becomes
 * 'released' or 'refunded', and its receipt invoice is credited by a credit memo. Only a booking
 * still 'paid' moves, so a second run finds nothing to do: one refund, one memo, one mail.
 * A processor that cannot be reached throws, and the job runner tries again later.
 */
export function paymentVoidHandler(ctx: VoidCtx, provider: PaymentProvider, notifier?: Pick<InvoiceNotifier, 'bookingCredited'>) {
  return async (payload: unknown): Promise<JobOutcome> => {
    const id = (payload as { shipment_id?: unknown } | null)?.shipment_id;
    if (typeof id !== 'string') return;
    const settled: Settled[] = [];
    for (const payment of await paymentsRepository(ctx.db).releasableOf(id)) {
      const captured = payment.providerRef ? await provider.void(payment.providerRef) : undefined;
      if (captured && payment.providerRef) {
        await provider.refund({ ref: payment.providerRef, idempotency_key: `booking-refund:${payment.id}` });
      }
      settled.push({ payment, refundedCents: captured ? captured.captured_cents : null });
    }
    const done = await ctx.db.transaction(async (tx) => {
      const shipments = shipmentsRepository(tx);
      const p = paymentsRepository(tx);
      const row = await shipments.lock(id);
      for (const s of settled) await p.markSettledOnCancel(s.payment.id, s.refundedCents === null ? 'voided' : 'refunded');
      if (!row || row.status !== 'canceled' || row.paymentState !== 'paid') return undefined;
      const refunds = settled.filter((s) => s.refundedCents !== null);
      const state = refunds.length ? ('refunded' as const) : ('released' as const);
      await shipments.update(id, { paymentState: state, updatedAt: ctx.now() });
      const credit = await creditCanceledReceipt(tx, ctx, id, state);
      const [paid] = await p.wentThroughOf(id);
      return { row, state, refunds, credit, paid };
    });
    const memo = done?.credit?.memo;
    if (!done || !memo || !done.credit || !notifier) return;
    const { row, paid, refunds, state } = done;
    notifier.bookingCredited({
      accountId: row.accountId,
      shipmentId: row.id,
      bookerId: row.userId,
      bolNumber: row.bolNumber,
      outcome: state,
      // Released: the whole authorization (the charge and the hold); refunded: what was captured.
      amountCents:
        state === 'refunded'
          ? refunds.reduce((sum, s) => sum + (s.refundedCents ?? 0), 0)
          : (paid?.amountCents ?? 0) + (paid?.holdCents ?? 0),
      currency: memo.currency,
      last4: paid?.cardLast4 ?? null,
      memo: { id: memo.id, number: memo.number, totalCents: memo.totalCents },
      receiptNumber: done.credit.receipt.number,
    });
  };
}

type PayOutcome = { payment: PaymentRow; row: ShipmentRow; action?: AuthenticationNeeded } | { expired: true } | { unusable: true };

/** Paying a prepaid booking by card: the charge plus the authorization hold, in the shipment's currency. */
export function paymentsService(ctx: AppContext, opts: PaymentsServiceOptions = {}) {
  const provider = opts.provider ?? new PaymentsOff();
  const carrierFor = opts.carrierFor ?? defaultCarrierFor;
  const shipments = shipmentsRepository(ctx.db);

  /** The booking is paid: its state, and the paid receipt invoice so the prepaid account's invoice history is complete. */
  async function markPaid(tx: Db, row: ShipmentRow, payment: PaymentRow): Promise<PayOutcome> {
    const now = ctx.now();
    const paidRow = await shipmentsRepository(tx).update(row.id, { paymentState: 'paid', paidAt: now, updatedAt: now });
    await recordPrepaidReceipt(tx, paidRow, payment, now, ctx.config.BUSINESS_TIME_ZONE);
    return { payment, row: paidRow };
  }

  /**
   * An attempt that waited for the payer's 3-D Secure challenge, as the processor has it now (the
   * browser's word that it is done is never taken): still waiting, the same challenge again;
   * failed, a decline ('authentication_failed'); authorized, paid exactly as a direct success is.
   * A booking that stopped awaiting payment meanwhile (paid with another card, canceled, expired)
   * gets no second payment: the hold is released at once.
   */
  async function afterChallenge(tx: Db, row: ShipmentRow, payment: PaymentRow): Promise<PayOutcome> {
    const p = paymentsRepository(tx);
    const state = await askProcessor(() => provider.cardIntentState(payment.providerRef ?? ''));
    if (state.status === 'requires_action') return { payment, row, action: state };
    if (state.status === 'declined') {
      const settled = await p.settleAction(payment.id, { status: 'declined', error: redact(state.reason) });
      return { payment: settled ?? payment, row };
    }
    const card = { cardBrand: state.brand, cardLast4: state.last4.slice(-4) };
    const notDue = row.paymentState !== 'awaiting' || row.status === 'canceled';
    if (notDue || (await expireIfDue(tx, ctx, row, carrierFor))) {
      await askProcessor(() => provider.void(state.ref));
      const settled = await p.settleAction(payment.id, { status: 'voided', ...card });
      return notDue ? { payment: settled ?? payment, row } : { expired: true };
    }
    const settled = await p.settleAction(payment.id, { status: 'authorized', ...card });
    return markPaid(tx, row, settled ?? payment);
  }

  /** The answer of a payment's outcome: the paid shipment, or the refusal it is. */
  async function answer(accountId: string, shipmentId: string, outcome: PayOutcome): Promise<ShipmentRow> {
    if ('expired' in outcome) throw conflict('errors.payment_expired');
    if ('unusable' in outcome) throw AppError.field('payment_method', 'validation.payment_method_refused');
    if (outcome.action) throw actionRequired(outcome.action);
    switch (outcome.payment.status) {
      case 'declined':
        throw declined(outcome.payment.error);
      case 'failed':
        throw new AppError(502, 'payment_failed', 'errors.payment_failed');
      case 'requires_action':
        // Not reached: a waiting attempt is always answered with its challenge (above).
        throw new AppError(502, 'payment_failed', 'errors.payment_failed');
      case 'authorized':
        return (await shipments.find(accountId, shipmentId)) ?? outcome.row;
      case 'voided':
      case 'refunded':
        // The key's payment went through, then the booking was canceled and the money given back.
        throw conflict('errors.payment_not_due');
    }
  }

  /**
   * Authorizes the card for the booking (under a lock of the shipment, so two payments never
   * both go through) and records the attempt. The card is the processor's payment method the
   * payer's browser made, or one of the account's saved cards (charged as the account's customer);
   * a method that cannot pay (another account's saved one, a bank account, an unknown id) is a 422
   * on `payment_method`, recorded nowhere. The same idempotency key answers the first
   * outcome (authorized or declined); after a processor failure (502, the booking stays
   * awaiting) the same key tries again, so the shipper's retry is not stuck on the outage. A card
   * whose issuer asks for 3-D Secure is recorded as waiting ('requires_action', the booking still
   * awaiting) and answered with the challenge (402 `payment_requires_action`); the same key, or
   * `confirm`, then answers how it ended.
   */
  async function pay(accountId: string, shipmentId: string, body: PaymentRequest, idempotencyKey: string): Promise<ShipmentRow> {
    if (!(await shipments.find(accountId, shipmentId))) throw AppError.notFound();
    const outcome = await ctx.db.transaction(async (tx): Promise<PayOutcome> => {
      const r = shipmentsRepository(tx);
      const p = paymentsRepository(tx);
      const row = await r.lock(shipmentId);
      if (!row) throw AppError.notFound();
      const earlier = await p.outcomeOfKey(shipmentId, idempotencyKey);
      if (earlier?.status === 'requires_action') return afterChallenge(tx as Db, row, earlier);
      if (earlier) return { payment: earlier, row };
      if (row.paymentState === 'expired') throw conflict('errors.payment_expired');
      if (row.paymentState !== 'awaiting' || row.status === 'canceled') throw conflict('errors.payment_not_due');
      const now = ctx.now();
      if (await expireIfDue(tx, ctx, row, carrierFor)) return { expired: true };

      const currency = row.currency as Currency;
      const holdCents = convertCents(CARD_AUTH_HOLD_CENTS, 'USD', currency, await exchangeRatesOf(tx));
      const base = {
        accountId,
        shipmentId,
        idempotencyKey,
        provider: provider.name,
        amountCents: row.totalCents,
        holdCents,
        currency,
        createdAt: now,
      };
      const saved = await savedMethodOf(tx as Db, accountId, body.payment_method);
      let result: Awaited<ReturnType<PaymentProvider['authorize']>>;
      try {
        result = await provider.authorize({
          amount_cents: row.totalCents + holdCents,
          currency,
          method_ref: body.payment_method,
          customer_ref: saved?.customerRef,
          idempotency_key: `${shipmentId}:${idempotencyKey}`,
          ...returnUrlOf(ctx, body.return_path),
        });
      } catch (err) {
        const error = redact(err instanceof Error ? err.message : String(err));
        return { payment: await p.insert({ ...base, status: 'failed', error }), row };
      }
      if (result.status === 'unusable') return { unusable: true };
      if (result.status === 'declined') {
        return { payment: await p.insert({ ...base, status: 'declined', error: redact(result.reason) }), row };
      }
      if (result.status === 'requires_action') {
        return { payment: await p.insert({ ...base, status: 'requires_action', providerRef: result.ref }), row, action: result };
      }
      const payment = await p.insert({
        ...base,
        status: 'authorized',
        providerRef: result.ref,
        cardBrand: result.brand,
        cardLast4: result.last4.slice(-4),
      });
      return markPaid(tx as Db, row, payment);
    });
    return answer(accountId, shipmentId, outcome);
  }

  /**
   * The payer is back from the challenge of `intentId` (POST .../payment/confirm): the attempt of
   * this booking with that intent is settled from the processor's own word (`afterChallenge`); one
   * settled already answers as before. An intent of no attempt of this booking is a 404.
   */
  async function confirm(accountId: string, shipmentId: string, intentId: string): Promise<ShipmentRow> {
    if (!(await shipments.find(accountId, shipmentId))) throw AppError.notFound();
    const outcome = await ctx.db.transaction(async (tx): Promise<PayOutcome> => {
      const row = await shipmentsRepository(tx).lock(shipmentId);
      const payment = row ? await paymentsRepository(tx).ofIntent(shipmentId, intentId) : undefined;
      if (!row || !payment) throw AppError.notFound();
      return payment.status === 'requires_action' ? afterChallenge(tx as Db, row, payment) : { payment, row };
    });
    return answer(accountId, shipmentId, outcome);
  }

  return { pay, confirm };
}

export { PAYMENT_EXPIRY_JOB, PAYMENT_VOID_JOB };
