import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { JobOutcome } from '../../jobs/jobs';
import type { AuthenticationNeeded } from './payment-provider';

/**
 * What every place that takes a card (Pay Now, paying invoices, saving a card) answers around the
 * card issuer's 3-D Secure challenge, so the browser handles all three the same way (docs/api.md).
 */

/**
 * The 402 that asks the payer's browser for the challenge. `payment_intent` names a payment's
 * intent; a card being saved names its SetupIntent as `setup_intent`.
 */
export function actionRequired(action: AuthenticationNeeded, name: 'payment_intent' | 'setup_intent' = 'payment_intent') {
  return new AppError(402, 'payment_requires_action', 'errors.payment_requires_action', {}, undefined, {
    [name]: action.ref,
    client_secret: action.client_secret,
    next_action_url: action.next_action_url,
  });
}

/** A card decline the payer reads: a failed challenge says so; any other is the card's. */
export const declined = (reason: string | null) =>
  new AppError(
    402,
    'payment_declined',
    reason === 'authentication_failed' ? 'errors.payment_authentication_failed' : 'errors.payment_declined',
  );

/** Where the issuer's page sends the payer back: the portal's own address and a path the contract checked. */
export const returnUrlOf = (ctx: Pick<AppContext, 'config'>, returnPath: string | undefined) =>
  returnPath ? { return_url: `${ctx.config.appUrl}${returnPath}` } : {};

/**
 * The processor's part of settling a challenge; when it cannot be reached the caller's transaction
 * is undone, the attempt stays waiting and the payer may confirm again (502, as for a payment).
 */
export async function askProcessor<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch {
    throw new AppError(502, 'payment_failed', 'errors.payment_failed');
  }
}

/** How long a card payment or set-up may wait for its payer's challenge before it is abandoned. */
export const CHALLENGE_WAIT_MS = 24 * 3600_000;
/** How often the clean-ups of abandoned challenges run. */
const SWEEP_EVERY_MS = 3600_000;

/** The first round of an hourly clean-up an hour after start (one already waiting keeps its earlier time). */
export async function scheduleChallengeSweep(ctx: Pick<AppContext, 'jobs' | 'now'>, kind: string) {
  await ctx.jobs.schedule(kind, 'hourly', new Date(ctx.now().getTime() + SWEEP_EVERY_MS));
}

/**
 * An hourly clean-up of what still waits for a payer's 3-D Secure challenge CHALLENGE_WAIT_MS
 * after it began (an invoice payment, a card being saved): each is canceled at the processor, so
 * the payer can no longer finish the bank's page with the portal not looking, then settled from
 * the processor's word by the code the payer's return uses (canceled, or done when the payer
 * finished just before the cancel). One failure leaves the others done; the round then fails as a
 * whole, so the runner logs it and runs it again. Run twice it does nothing more: a canceled
 * intent cancels again harmlessly, and a settled one no longer waits.
 */
export function challengeSweep<T>(
  ctx: Pick<AppContext, 'now'>,
  what: string,
  steps: {
    waitingSince: (before: Date) => Promise<T[]>;
    cancel: (item: T) => Promise<unknown>;
    settle: (item: T) => Promise<unknown>;
  },
) {
  return async (): Promise<JobOutcome> => {
    const now = ctx.now();
    const faults: unknown[] = [];
    for (const item of await steps.waitingSince(new Date(now.getTime() - CHALLENGE_WAIT_MS))) {
      try {
        await steps.cancel(item);
        await steps.settle(item);
      } catch (err) {
        faults.push(err);
      }
    }
    if (faults.length) throw new AggregateError(faults, `${what}: ${faults.length} could not be canceled`);
    return { runAgainAt: new Date(now.getTime() + SWEEP_EVERY_MS) };
  };
}
