import type { PaymentRequest } from '@freight/contracts';
import { CARD_AUTH_HOLD_CENTS, type Currency } from '@freight/domain';
import { convertCents } from '@freight/domain/rating';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { shipments as shipmentsTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { JobOutcome } from '../../jobs/jobs';
import { recordPrepaidReceipt } from '../invoices/invoicing';
import { trackedShipment } from '../shipments/shipments.presenter';
import { type ShipmentRow, shipmentsRepository } from '../shipments/shipments.repository';
import {
  type CarrierFactory,
  defaultCarrierFor,
  exchangeRatesOf,
  PAYMENT_EXPIRY_JOB,
  PAYMENT_VOID_JOB,
} from '../shipments/shipments.service';
import { placeOffsetMinutes } from '../tracking/zones';
import { webhookEvents } from '../webhooks/webhook-events';
import { isLuhnValid, type PaymentProvider, TestProcessor } from './payment-provider';
import { type PaymentRow, paymentsRepository } from './payments.repository';

export interface PaymentsServiceOptions {
  provider?: PaymentProvider;
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

/**
 * The job that releases a canceled booking's card authorizations: each is voided with the
 * processor, then marked; the booking's payment becomes 'released'. A processor that cannot be
 * reached throws, and the job runner tries again later; what was voided stays voided.
 */
export function paymentVoidHandler(ctx: Pick<AppContext, 'db' | 'now'>, provider: PaymentProvider) {
  return async (payload: unknown): Promise<JobOutcome> => {
    const id = (payload as { shipment_id?: unknown } | null)?.shipment_id;
    if (typeof id !== 'string') return;
    const payments = paymentsRepository(ctx.db);
    for (const payment of await payments.authorizedOf(id)) {
      if (payment.providerRef) await provider.void(payment.providerRef);
      await payments.markVoided(payment.id);
    }
    await ctx.db
      .update(shipmentsTable)
      .set({ paymentState: 'released', updatedAt: ctx.now() })
      .where(and(eq(shipmentsTable.id, id), eq(shipmentsTable.status, 'canceled'), eq(shipmentsTable.paymentState, 'paid')));
  };
}

type PayOutcome = { payment: PaymentRow; row: ShipmentRow } | { expired: true };

/** Paying a prepaid booking by card: the charge plus the authorization hold, in the shipment's currency. */
export function paymentsService(ctx: AppContext, opts: PaymentsServiceOptions = {}) {
  const provider = opts.provider ?? new TestProcessor();
  const carrierFor = opts.carrierFor ?? defaultCarrierFor;
  const shipments = shipmentsRepository(ctx.db);

  /** 422 for a card the processor need not see: a number failing the Luhn check, an expiry before this month. */
  function checkCard(card: PaymentRequest) {
    if (!isLuhnValid(card.card_number)) throw AppError.field('card_number', 'validation.card_number');
    const now = ctx.now();
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (card.exp_year * 12 + (card.exp_month - 1) < thisMonth) throw AppError.field('exp_year', 'validation.card_expiry');
  }

  /**
   * Authorizes the card for the booking (under a lock of the shipment, so two payments never
   * both go through) and records the attempt. The same idempotency key answers the first
   * outcome (authorized or declined); after a processor failure (502, the booking stays
   * awaiting) the same key tries again, so the shipper's retry is not stuck on the outage.
   */
  async function pay(accountId: string, shipmentId: string, card: PaymentRequest, idempotencyKey: string): Promise<ShipmentRow> {
    if (!(await shipments.find(accountId, shipmentId))) throw AppError.notFound();
    checkCard(card);
    const outcome = await ctx.db.transaction(async (tx): Promise<PayOutcome> => {
      const r = shipmentsRepository(tx);
      const p = paymentsRepository(tx);
      const row = await r.lock(shipmentId);
      if (!row) throw AppError.notFound();
      const earlier = await p.outcomeOfKey(shipmentId, idempotencyKey);
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
      let result: Awaited<ReturnType<PaymentProvider['authorize']>>;
      try {
        result = await provider.authorize({
          amount_cents: row.totalCents + holdCents,
          currency,
          card: {
            number: card.card_number,
            exp_month: card.exp_month,
            exp_year: card.exp_year,
            cvc: card.cvc,
            cardholder: card.cardholder,
          },
          idempotency_key: `${shipmentId}:${idempotencyKey}`,
        });
      } catch (err) {
        const error = redact(err instanceof Error ? err.message : String(err));
        return { payment: await p.insert({ ...base, status: 'failed', error }), row };
      }
      if (result.status === 'declined') {
        return { payment: await p.insert({ ...base, status: 'declined', error: redact(result.reason) }), row };
      }
      const payment = await p.insert({
        ...base,
        status: 'authorized',
        providerRef: result.ref,
        cardBrand: result.brand,
        cardLast4: result.last4.slice(-4),
      });
      const paidRow = await r.update(shipmentId, { paymentState: 'paid', paidAt: now, updatedAt: now });
      // The paid receipt invoice, so the prepaid account's invoice history is complete.
      await recordPrepaidReceipt(tx as Db, paidRow, payment, now);
      return { payment, row: paidRow };
    });
    if ('expired' in outcome) throw conflict('errors.payment_expired');
    switch (outcome.payment.status) {
      case 'declined':
        throw new AppError(402, 'payment_declined', 'errors.payment_declined');
      case 'failed':
        throw new AppError(502, 'payment_failed', 'errors.payment_failed');
      case 'authorized':
        return (await shipments.find(accountId, shipmentId)) ?? outcome.row;
      case 'voided':
        // The key's payment went through, then the booking was canceled and the hold released.
        throw conflict('errors.payment_not_due');
    }
  }

  return { pay };
}

export { PAYMENT_EXPIRY_JOB, PAYMENT_VOID_JOB };
