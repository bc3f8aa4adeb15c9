import { createHash } from 'node:crypto';
import type { InvoicePaymentRequest } from '@freight/contracts';
import { ACH_SETTLE_DAYS, checkAllocations } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import type { JobOutcome } from '../../jobs/jobs';
import { savedMethodOf } from '../payment-methods/payment-methods.service';
import { actionRequired, declined, type PaymentProvider, returnUrlOf } from '../payments/payment-processor.service';
import { canonicalJson } from '../shipments/shipments.service';
import { webhookEvents } from '../webhooks/webhooks.service';
import { reevaluateHold } from './credit';
import { applyAllocations } from './invoice-allocations';
import { type InvoicePayOutcome, PAID_MEANWHILE, redact, settleChallenge } from './invoice-challenge';
import { invoiceChallengesRepository } from './invoice-challenges.repository';
import { type InvoiceNotifier, invoiceNotifier } from './invoice-notices';
import { type InvoicePaymentRow, invoicesRepository } from './invoices.repository';

/** Settles or returns a pending bank payment (keyed by payment). */
export const ACH_SETTLE_JOB = 'invoice.ach_settle';

/**
 * A method saved with the processor, charged with nobody present (autopay): the body then names
 * only the method kind and the allocations, and carries no card or bank details.
 */
export interface SavedSource {
  customer_ref: string;
  method_ref: string;
  method_type: 'card' | 'us_bank_account';
  brand: string | null;
  last4: string;
}

/** The fields of a payment that make it the same payment: method, allocations, the processor's method that paid. */
function requestHash(body: InvoicePaymentRequest, saved?: SavedSource) {
  const allocations = [...body.allocations].sort((a, b) => a.invoice_id.localeCompare(b.invoice_id));
  const paidWith = saved ? saved.method_ref : body.payment_method;
  return createHash('sha256')
    .update(canonicalJson({ method: body.method, allocations, paidWith }))
    .digest('hex');
}

/**
 * Paying invoices: one payment, an allocation per invoice. The invoices are locked in
 * id order for the whole payment, so overlapping payments queue and never pay a balance twice;
 * the same Idempotency-Key answers the first outcome (50 identical submits make one charge), and
 * a processor outage is no outcome (the same key may try again). Card payments settle at once;
 * a bank (ACH) payment is pending: the invoices show 'processing' until the settle job runs. A
 * card whose issuer asks for 3-D Secure waits ('requires_action', no balance moved) until the
 * payer is back: `confirm`, or the same key, settles it (invoice-challenge.ts).
 */
export function invoicePaymentsService(ctx: AppContext, provider: PaymentProvider, notifier: InvoiceNotifier) {
  /**
   * The provider's answer, or a thrown outage recorded as a failed payment (no allocations,
   * nothing charged). `saved`: autopay's off-session charge; otherwise the body's method, with the
   * account's customer when it is one of its saved methods (`customerRef`).
   */
  async function collect(
    body: InvoicePaymentRequest,
    totalCents: number,
    currency: string,
    key: string,
    methodRef: string,
    customerRef: string | undefined,
    saved?: SavedSource,
  ) {
    try {
      if (saved) {
        const r = await provider.chargeSaved({
          customer_ref: saved.customer_ref,
          method_ref: saved.method_ref,
          method_type: saved.method_type,
          amount_cents: totalCents,
          currency,
          idempotency_key: key,
        });
        if (r.status === 'declined') return { status: 'declined', error: r.reason } as const;
        return { status: r.status === 'paid' ? 'settled' : 'pending', ref: r.ref, brand: saved.brand, last4: saved.last4 } as const;
      }
      // The payer's own method (the browser made it) or one of the account's saved ones, charged as its customer's.
      const paying = { amount_cents: totalCents, currency, method_ref: methodRef, customer_ref: customerRef, idempotency_key: key };
      if (body.method === 'card') {
        const r = await provider.charge({ ...paying, ...returnUrlOf(ctx, body.return_path) });
        // A card whose issuer asks the payer for 3-D Secure waits for the challenge (`settleChallenge`).
        if (r.status === 'unusable' || r.status === 'requires_action') return r;
        if (r.status === 'authorized') return { status: 'settled', ref: r.ref, brand: r.brand, last4: r.last4 } as const;
        return { status: 'declined', error: r.reason } as const;
      }
      const r = await provider.debit(paying);
      if (r.status === 'unusable') return r;
      return r.status === 'pending'
        ? ({ status: 'pending', ref: r.ref, brand: null, last4: r.last4 } as const)
        : ({ status: 'declined', error: r.reason } as const);
    } catch (err) {
      return { status: 'failed', error: err instanceof Error ? err.message : String(err) } as const;
    }
  }

  /** `saved`: charge that method instead of the body's card or bank (autopay; `userId` is who turned it on). */
  async function pay(
    accountId: string,
    userId: string | null,
    body: InvoicePaymentRequest,
    key: string,
    saved?: SavedSource,
  ): Promise<InvoicePayOutcome> {
    const methodRef = saved?.method_ref ?? body.payment_method;
    if (!methodRef) throw AppError.field('payment_method', 'validation.payment_method_id');
    const ids = body.allocations.map((a) => a.invoice_id);
    if (!ids.every(isUuid)) throw AppError.notFound();
    const hash = requestHash(body, saved);
    const outcome = await ctx.db.transaction(async (tx): Promise<InvoicePayOutcome> => {
      const repo = invoicesRepository(tx as Db);
      const locked = await repo.lockMany(accountId, ids);
      if (locked.length !== new Set(ids).size) throw AppError.notFound();
      const earlier = await repo.paymentOfKey(accountId, key);
      if (earlier) {
        if (earlier.requestHash !== hash) throw new AppError(409, 'conflict', 'errors.payment_repeat_conflict');
        // The same key after the payer's challenge: how it ended, as the confirm endpoint says.
        if (earlier.status === 'requires_action') return settleChallenge(ctx, provider, tx as Db, earlier);
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
      const savedHere = saved ? undefined : await savedMethodOf(tx as Db, accountId, methodRef);
      // A bank account is debited only once the account saved it and verified its micro-deposit,
      // as the processor asks of an account typed in by hand: one made at payment time is refused.
      if (!saved && body.method === 'ach' && !savedHere) throw AppError.field('payment_method', 'validation.bank_account_not_saved');
      const customerRef = savedHere?.customerRef;
      const result = await collect(body, checked.totalCents, currency, `${accountId}:${key}`, methodRef, customerRef, saved);
      // Another account's saved method, the other kind (a card for a bank payment), an unknown id: nothing was charged.
      if (result.status === 'unusable') throw AppError.field('payment_method', 'validation.payment_method_refused');
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
      const allocations = body.allocations.map((a) => ({ invoiceId: a.invoice_id, amountCents: a.amount_cents }));
      if (result.status === 'requires_action') {
        // What it is to pay is kept with it; no balance moves until the processor says it was paid.
        const waiting = await repo.insertPayment({ ...base, status: 'requires_action', providerRef: result.ref });
        await repo.insertAllocations(allocations.map((a) => ({ ...a, paymentId: waiting.id })));
        return { payment: waiting, replay: false, action: result };
      }
      const payment = await repo.insertPayment({
        ...base,
        status: result.status,
        providerRef: result.ref,
        cardBrand: result.brand,
        last4: result.last4.slice(-4),
        settledAt: result.status === 'settled' ? now : null,
      });
      await repo.insertAllocations(allocations.map((a) => ({ ...a, paymentId: payment.id })));
      await applyAllocations(ctx, tx as Db, accountId, allocations, locked, result.status === 'pending', now);
      if (result.status === 'pending') {
        await ctx.jobs.schedule(
          ACH_SETTLE_JOB,
          payment.id,
          new Date(now.getTime() + ACH_SETTLE_DAYS * 86_400_000),
          { payment_id: payment.id },
          tx as Db,
        );
      }
      return { payment, replay: false };
    });
    return answer(outcome);
  }

  /** The refusal a payment's outcome is, if any (the challenge still to do among them). */
  function refusal(outcome: InvoicePayOutcome): AppError | undefined {
    const { payment } = outcome;
    if (outcome.action) return actionRequired(outcome.action);
    if (payment.status === 'declined')
      return payment.method === 'card' ? declined(payment.error) : new AppError(402, 'payment_declined', 'errors.bank_declined');
    if (payment.status === 'failed') return new AppError(502, 'payment_failed', 'errors.payment_failed');
    if (payment.status === 'refunded' && payment.error === PAID_MEANWHILE)
      return new AppError(409, 'conflict', 'errors.invoice_paid_meanwhile_refunded');
    if (payment.status === 'canceled') return new AppError(409, 'conflict', 'errors.invoice_payment_challenge_expired');
    return undefined;
  }

  /** A payment that went through just now (not a replay, not a refusal) is mailed. */
  async function announce(outcome: InvoicePayOutcome) {
    if (outcome.replay || refusal(outcome)) return;
    const numbers = (await invoicesRepository(ctx.db).allocationsOf(outcome.payment.id)).map((a) => a.number);
    notifier.paymentReceived(outcome.payment, numbers);
  }

  /**
   * The answer of a payment's outcome (committed already): the payment, mailed when it is new; or
   * the refusal it is.
   */
  async function answer(outcome: InvoicePayOutcome): Promise<InvoicePayOutcome> {
    const refused = refusal(outcome);
    if (refused) throw refused;
    await announce(outcome);
    return outcome;
  }

  /**
   * A payment that waited for the payer's challenge, settled now from the processor's own word
   * (`settleChallenge`), whoever asks: the payer back at the portal, the processor's webhook, the
   * clean-up of abandoned ones. They may come in any order or at once: the payment's lock and its
   * status let one of them settle it, and the others find it settled (a replay, no second mail).
   */
  async function settleWaiting(found: InvoicePaymentRow): Promise<InvoicePayOutcome> {
    if (found.status !== 'requires_action') return { payment: found, replay: true };
    const outcome = await ctx.db.transaction((tx) => settleChallenge(ctx, provider, tx as Db, found));
    await announce(outcome);
    return outcome;
  }

  /**
   * The payer is back from the challenge of `intentId` (POST /api/invoice-payments/confirm): the
   * account's payment with that intent is settled (`settleWaiting`); one settled already answers
   * as before. An intent of no payment of this account is a 404.
   */
  async function confirm(accountId: string, intentId: string): Promise<InvoicePayOutcome> {
    const found = await invoiceChallengesRepository(ctx.db).paymentOfIntent(accountId, intentId);
    if (!found || found.method !== 'card') throw AppError.notFound();
    const outcome = await settleWaiting(found);
    const refused = refusal(outcome);
    if (refused) throw refused;
    return outcome;
  }

  return { pay, confirm, settleWaiting };
}

/** Paying with a saved method (autopay): the same payment code as a payer's, mailing as it does. */
export function savedMethodPayments(ctx: AppContext, provider: PaymentProvider) {
  return invoicePaymentsService(ctx, provider, invoiceNotifier(ctx));
}

/**
 * A pending bank payment's outcome, however it came (the settle job asked, or the processor's
 * webhook told): settled, the invoices it paid are paid; returned, their balances come back, they
 * are open again, the account is mailed and its hold evaluated. A payment no longer pending (the
 * other way came first) is left alone.
 */
export async function applyDebitOutcome(
  ctx: Pick<AppContext, 'db' | 'now' | 'jobs' | 'config'>,
  notifier: InvoiceNotifier,
  id: string,
  outcome: 'settled' | 'returned',
) {
  const now = ctx.now();
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
  await reevaluateHold(ctx.db, done.payment.accountId, now, ctx.config.BUSINESS_TIME_ZONE);
  if (outcome === 'returned') notifier.achReturned(done.payment, done.numbers);
}

/**
 * The 'invoice.ach_settle' job: asks the processor how a pending bank payment ended and applies it
 * (`applyDebitOutcome`). Still pending: asked again tomorrow. A processor that cannot be reached
 * throws, and the runner tries again.
 */
export function achSettleHandler(
  ctx: Pick<AppContext, 'db' | 'now' | 'jobs' | 'config'>,
  provider: PaymentProvider,
  notifier: InvoiceNotifier,
) {
  return async (payload: unknown): Promise<JobOutcome> => {
    const id = (payload as { payment_id?: unknown } | null)?.payment_id;
    if (typeof id !== 'string') return;
    const found = await invoicesRepository(ctx.db).paymentById(id);
    if (!found || found.status !== 'pending' || !found.providerRef) return;
    const outcome = await provider.debitOutcome(found.providerRef);
    if (outcome === 'pending') return { runAgainAt: new Date(ctx.now().getTime() + 86_400_000) };
    await applyDebitOutcome(ctx, notifier, id, outcome);
  };
}

/** The processor's word on a bank debit (its webhook), applied to the pending payment it names, if any. */
export function debitEventHandler(
  ctx: Pick<AppContext, 'db' | 'now' | 'jobs' | 'config'>,
  notifier: InvoiceNotifier,
  outcome: 'settled' | 'returned',
) {
  return async (ref: string) => {
    const found = await invoicesRepository(ctx.db).paymentByProviderRef(ref);
    if (found?.status === 'pending') await applyDebitOutcome(ctx, notifier, found.id, outcome);
  };
}
