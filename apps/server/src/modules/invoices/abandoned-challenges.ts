import type { AppContext } from '../../context';
import { challengeSweep, type PaymentProvider, scheduleChallengeSweep } from '../payments/payment-processor.service';
import { invoiceChallengesRepository } from './invoice-challenges.repository';
import type { InvoicePaymentRow } from './invoices.repository';
import { invoicesRepository } from './invoices.repository';

/** The hourly clean-up of card payments whose payer never came back from the 3-D Secure challenge (key 'hourly'). */
export const ABANDONED_CHALLENGES_JOB = 'invoice.abandoned_challenges';

/** Settles a payment that waited for its challenge, as the confirm endpoint does (invoice-payments.ts). */
type SettleWaiting = (payment: InvoicePaymentRow) => Promise<unknown>;

/** The first clean-up an hour after start (one already waiting keeps its earlier time). */
export const scheduleAbandonedChallenges = (ctx: Pick<AppContext, 'jobs' | 'now'>) => scheduleChallengeSweep(ctx, ABANDONED_CHALLENGES_JOB);

/**
 * The processor's word that a card intent ended (its webhook: paid, failed or canceled): the
 * payment waiting on that intent's challenge is settled exactly as the payer's confirm would
 * settle it, so a payer who finished the bank's page and never came back has the payment recorded
 * (and refunded when its invoices were paid meanwhile). Any other payment is not this handler's.
 */
export function challengeEventHandler(ctx: Pick<AppContext, 'db'>, settleWaiting: SettleWaiting) {
  return async (ref: string) => {
    const found = await invoicesRepository(ctx.db).paymentByProviderRef(ref);
    if (found?.status === 'requires_action') await settleWaiting(found);
  };
}

/**
 * The clean-up (`challengeSweep`): every card payment still waiting for its challenge a day after
 * it began is canceled at the processor (its hold voided), then settled from the processor's word:
 * 'canceled' with its allocations let go, or paid when the payer finished just before the cancel
 * (the processor then refuses it and says the money was taken).
 */
export function abandonedChallengesHandler(
  ctx: Pick<AppContext, 'db' | 'now'>,
  provider: Pick<PaymentProvider, 'void'>,
  settleWaiting: SettleWaiting,
) {
  return challengeSweep(ctx, 'abandoned 3-D Secure payments', {
    waitingSince: (before) => invoiceChallengesRepository(ctx.db).waitingSince(before),
    cancel: async (payment) => {
      if (payment.providerRef) await provider.void(payment.providerRef);
    },
    settle: settleWaiting,
  });
}
