import { checkAllocations } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { type AuthenticationNeeded, askProcessor, type PaymentProvider } from '../payments/payment-processor.service';
import { applyAllocations } from './invoice-allocations';
import { invoiceChallengesRepository } from './invoice-challenges.repository';
import { type InvoicePaymentRow, invoicesRepository } from './invoices.repository';

/**
 * What became of a payment: `replay` when nothing new went through (no mail, 200); `action` when
 * the payer's challenge is still to do.
 */
export type InvoicePayOutcome = {
  payment: InvoicePaymentRow;
  replay: boolean;
  action?: AuthenticationNeeded;
};

/** The error kept on a payment refunded because its invoices were paid meanwhile (its answer is a 409). */
export const PAID_MEANWHILE = 'paid_meanwhile';

/** Digit runs that could be a card or account number, cut from any processor text before it is stored. */
export const redact = (text: string) => text.replace(/\d[\d\s-]{6,}\d/g, '[redacted]').slice(0, 500);

/**
 * An invoice payment that waited for the payer's 3-D Secure challenge, settled from the
 * processor's own word (the browser's is never taken), in the caller's transaction. Its invoices
 * are locked (id order, as every payment locks them) before the payment, so a payment of the same
 * invoices queues. Still waiting: the same challenge again. Failed: declined
 * ('authentication_failed'), nothing allocated; canceled at the processor: 'canceled', likewise. Paid: applied exactly as a card paid at once. Paid
 * while its invoices were paid meanwhile by another payment (what it allocates no longer fits
 * their balances): the charge is refunded, so no invoice is paid twice.
 */
export async function settleChallenge(
  ctx: Pick<AppContext, 'db' | 'config' | 'jobs' | 'now'>,
  provider: PaymentProvider,
  tx: Db,
  waiting: InvoicePaymentRow,
): Promise<InvoicePayOutcome> {
  const repo = invoicesRepository(tx);
  const challenges = invoiceChallengesRepository(tx);
  const allocations = await repo.allocationsOf(waiting.id);
  const locked = await repo.lockMany(
    waiting.accountId,
    allocations.map((a) => a.invoiceId),
  );
  const payment = await repo.lockPayment(waiting.id);
  if (!payment || payment.status !== 'requires_action') return { payment: payment ?? waiting, replay: true };
  const state = await askProcessor(() => provider.cardIntentState(payment.providerRef ?? ''));
  if (state.status === 'requires_action') return { payment, replay: true, action: state };
  if (state.status === 'declined') {
    await challenges.dropAllocations(payment.id);
    // Canceled at the processor (the clean-up of a payment nobody came back to): nothing was asked of the card.
    const ended =
      state.reason === 'canceled' ? { status: 'canceled' as const } : { status: 'declined' as const, error: redact(state.reason) };
    const settled = await challenges.settle(payment.id, ended);
    return { payment: settled ?? payment, replay: true };
  }
  const card = { cardBrand: state.brand, last4: state.last4.slice(-4) };
  const fits =
    locked.length === allocations.length &&
    checkAllocations(
      allocations.map((a) => ({ invoiceId: a.invoiceId, amountCents: a.amountCents })),
      locked.map((i) => ({ id: i.id, balanceCents: i.balanceCents })),
    ).ok;
  if (!fits) {
    await askProcessor(() => provider.refund({ ref: state.ref, idempotency_key: `${payment.id}:${PAID_MEANWHILE}` }));
    await challenges.dropAllocations(payment.id);
    const refunded = await challenges.settle(payment.id, { status: 'refunded', error: PAID_MEANWHILE, ...card });
    return { payment: refunded ?? payment, replay: true };
  }
  const now = ctx.now();
  const settled = await challenges.settle(payment.id, { status: 'settled', settledAt: now, ...card });
  await applyAllocations(ctx, tx, payment.accountId, allocations, locked, false, now);
  return { payment: settled ?? payment, replay: false };
}
