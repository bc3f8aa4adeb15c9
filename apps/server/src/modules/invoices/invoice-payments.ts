import { createHash } from 'node:crypto';
import type { InvoicePaymentRequest } from '@freight/contracts';
import { ACH_SETTLE_DAYS, checkAllocations } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import type { JobOutcome } from '../../jobs/jobs';
import { isLuhnValid, type PaymentProvider } from '../payments/payment-provider';
import { canonicalJson } from '../shipments/shipments.service';
import { webhookEvents } from '../webhooks/webhook-events';
import { evaluateHold, reevaluateHold } from './credit';
import type { InvoiceNotifier } from './invoice-notices';
import { type InvoicePaymentRow, type InvoiceRow, invoicesRepository } from './invoices.repository';

/** Settles or returns a pending bank payment (keyed by payment). */
export const ACH_SETTLE_JOB = 'invoice.ach_settle';

/** Digit runs that could be a card or account number, cut from any processor text before it is stored. */
const redact = (text: string) => text.replace(/\d[\d\s-]{6,}\d/g, '[redacted]').slice(0, 500);

type PayOutcome = { payment: InvoicePaymentRow; replay: boolean };

/** The fields of a payment that make it the same payment: method, allocations, the last digits of what paid. */
function requestHash(body: InvoicePaymentRequest) {
  const allocations = [...body.allocations].sort((a, b) => a.invoice_id.localeCompare(b.invoice_id));
  const paidWith = body.method === 'card' ? body.card?.card_number.slice(-4) : body.bank?.account_number.slice(-4);
  return createHash('sha256')
    .update(canonicalJson({ method: body.method, allocations, paidWith }))
    .digest('hex');
}

/**
 * Paying invoices: one payment, an allocation per invoice. The invoices are locked in
 * id order for the whole payment, so overlapping payments queue and never pay a balance twice;
 * the same Idempotency-Key answers the first outcome (50 identical submits make one charge), and
 * a processor outage is no outcome (the same key may try again). Card payments settle at once;
 * a bank (ACH) payment is pending: the invoices show 'processing' until the settle job runs.
 */
export function invoicePaymentsService(ctx: AppContext, provider: PaymentProvider, notifier: InvoiceNotifier) {
  function checkCard(body: InvoicePaymentRequest) {
    const card = body.card;
    if (!card) return;
    if (!isLuhnValid(card.card_number)) throw AppError.field('card.card_number', 'validation.card_number');
    const now = ctx.now();
    if (card.exp_year * 12 + (card.exp_month - 1) < now.getUTCFullYear() * 12 + now.getUTCMonth()) {
      throw AppError.field('card.exp_year', 'validation.card_expiry');
    }
  }

  /** The provider's answer, or a thrown outage recorded as a failed payment (no allocations, nothing charged). */
  async function collect(body: InvoicePaymentRequest, totalCents: number, currency: string, key: string) {
    try {
      if (body.method === 'card' && body.card) {
        const c = body.card;
        const r = await provider.charge({
          amount_cents: totalCents,
          currency,
          card: { number: c.card_number, exp_month: c.exp_month, exp_year: c.exp_year, cvc: c.cvc, cardholder: c.cardholder },
          idempotency_key: key,
        });
        return r.status === 'authorized'
          ? ({ status: 'settled', ref: r.ref, brand: r.brand, last4: r.last4 } as const)
          : ({ status: 'declined', error: r.reason } as const);
      }
      const b = body.bank!;
      const r = await provider.debit({
        amount_cents: totalCents,
        currency,
        account_holder: b.account_holder,
        routing_number: b.routing_number,
        account_number: b.account_number,
        account_type: b.account_type,
        idempotency_key: key,
      });
      return r.status === 'pending'
        ? ({ status: 'pending', ref: r.ref, brand: null, last4: r.last4 } as const)
        : ({ status: 'declined', error: r.reason } as const);
    } catch (err) {
      return { status: 'failed', error: err instanceof Error ? err.message : String(err) } as const;
    }
  }

  async function pay(accountId: string, userId: string, body: InvoicePaymentRequest, key: string): Promise<PayOutcome> {
    checkCard(body);
    const ids = body.allocations.map((a) => a.invoice_id);
    if (!ids.every(isUuid)) throw AppError.notFound();
    const hash = requestHash(body);
    const outcome = await ctx.db.transaction(async (tx): Promise<PayOutcome> => {
      const repo = invoicesRepository(tx as Db);
      const locked = await repo.lockMany(accountId, ids);
      if (locked.length !== new Set(ids).size) throw AppError.notFound();
      const earlier = await repo.paymentOfKey(accountId, key);
      if (earlier) {
        if (earlier.requestHash !== hash) throw new AppError(409, 'conflict', 'errors.payment_repeat_conflict');
        return { payment: earlier, replay: true };
      }
      const checked = checkAllocations(
        body.allocations.map((a) => ({ invoiceId: a.invoice_id, amountCents: a.amount_cents })),
        locked.map((i) => ({ id: i.id, balanceCents: i.balanceCents })),
      );
      if (!checked.ok) {
        const field = `allocations.${checked.index}.amount_cents`;
        throw AppError.field(field, checked.problem === 'duplicate' ? 'validation.choice' : 'validation.amount_over_balance');
      }
      const currencies = new Set(locked.map((i) => i.currency));
      if (currencies.size !== 1) throw AppError.field('allocations', 'validation.one_currency');
      const currency = locked[0]!.currency;
      const now = ctx.now();
      const result = await collect(body, checked.totalCents, currency, `${accountId}:${key}`);
      const base = {
        accountId,
        userId,
        idempotencyKey: key,
        requestHash: hash,
        method: body.method,
        provider: provider.name,
        amountCents: checked.totalCents,
        currency,
        createdAt: now,
      };
      if (result.status === 'failed' || result.status === 'declined') {
        return { payment: await repo.insertPayment({ ...base, status: result.status, error: redact(result.error) }), replay: false };
      }
      const payment = await repo.insertPayment({
        ...base,
        status: result.status,
        providerRef: result.ref,
        cardBrand: result.brand,
        last4: result.last4.slice(-4),
        settledAt: result.status === 'settled' ? now : null,
      });
      await repo.insertAllocations(
        body.allocations.map((a) => ({ paymentId: payment.id, invoiceId: a.invoice_id, amountCents: a.amount_cents })),
      );
      const byId = new Map(locked.map((i) => [i.id, i]));
      for (const a of body.allocations) {
        const inv = byId.get(a.invoice_id) as InvoiceRow;
        const balance = inv.balanceCents - a.amount_cents;
        const pending = inv.pendingCents + (result.status === 'pending' ? a.amount_cents : 0);
        await repo.update(inv.id, {
          balanceCents: balance,
          pendingCents: pending,
          // What is disputed cannot be more than what is still owed.
          disputedCents: Math.min(inv.disputedCents, Math.max(0, balance)),
          paidAt: balance === 0 && pending === 0 ? now : null,
          updatedAt: now,
        });
        if (balance === 0 && pending === 0) await webhookEvents(ctx).invoice(tx as Db, 'invoice.paid', inv.id);
      }
      if (result.status === 'pending') {
        await ctx.jobs.schedule(
          ACH_SETTLE_JOB,
          payment.id,
          new Date(now.getTime() + ACH_SETTLE_DAYS * 86_400_000),
          { payment_id: payment.id },
          tx as Db,
        );
      }
      await evaluateHold(tx as Db, accountId, now);
      return { payment, replay: false };
    });
    const { payment } = outcome;
    if (payment.status === 'declined')
      throw new AppError(402, 'payment_declined', body.method === 'card' ? 'errors.payment_declined' : 'errors.bank_declined');
    if (payment.status === 'failed') throw new AppError(502, 'payment_failed', 'errors.payment_failed');
    if (!outcome.replay) {
      const numbers = (await invoicesRepository(ctx.db).allocationsOf(payment.id)).map((a) => a.number);
      notifier.paymentReceived(payment, numbers);
    }
    return outcome;
  }

  return { pay };
}

/**
 * The 'invoice.ach_settle' job: asks the processor how a pending bank payment ended. Settled: the
 * invoices it paid are paid. Returned: their balances come back, they are open again, the account
 * is mailed and its hold evaluated. Still pending: asked again tomorrow. A processor that cannot
 * be reached throws, and the runner tries again.
 */
export function achSettleHandler(ctx: Pick<AppContext, 'db' | 'now' | 'jobs'>, provider: PaymentProvider, notifier: InvoiceNotifier) {
  return async (payload: unknown): Promise<JobOutcome> => {
    const id = (payload as { payment_id?: unknown } | null)?.payment_id;
    if (typeof id !== 'string') return;
    const now = ctx.now();
    const found = await invoicesRepository(ctx.db).paymentById(id);
    if (!found || found.status !== 'pending' || !found.providerRef) return;
    const outcome = await provider.debitOutcome(found.providerRef);
    if (outcome === 'pending') return { runAgainAt: new Date(now.getTime() + 86_400_000) };
    const done = await ctx.db.transaction(async (tx) => {
      const repo = invoicesRepository(tx as Db);
      const payment = await repo.lockPayment(id);
      if (!payment || payment.status !== 'pending') return undefined;
      const allocations = await repo.allocationsOf(id);
      const invoices = await repo.lockMany(
        payment.accountId,
        allocations.map((a) => a.invoiceId),
      );
      const amountOf = new Map(allocations.map((a) => [a.invoiceId, a.amountCents]));
      for (const inv of invoices) {
        const amount = amountOf.get(inv.id) ?? 0;
        const pending = inv.pendingCents - amount;
        const balance = outcome === 'returned' ? inv.balanceCents + amount : inv.balanceCents;
        await repo.update(inv.id, {
          pendingCents: pending,
          balanceCents: balance,
          paidAt: balance === 0 && pending === 0 ? now : null,
          updatedAt: now,
        });
        if (balance === 0 && pending === 0) await webhookEvents(ctx).invoice(tx as Db, 'invoice.paid', inv.id);
      }
      await repo.updatePayment(id, outcome === 'settled' ? { status: 'settled', settledAt: now } : { status: 'returned', returnedAt: now });
      return { payment: { ...payment, status: outcome }, numbers: allocations.map((a) => a.number) };
    });
    if (!done) return;
    await reevaluateHold(ctx.db, done.payment.accountId, now);
    if (outcome === 'returned') notifier.achReturned(done.payment, done.numbers);
  };
}
