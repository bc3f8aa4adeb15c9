import type { PaymentProcessorView } from '@freight/contracts';
import { isApiError } from '../../lib/api';
import { usesStripeJs } from './processor';

/**
 * What the card issuer's 3-D Secure challenge is for: a payment (a PaymentIntent, Pay Now and
 * paying invoices) or a card being saved (a SetupIntent). Stripe's names, in the 402's body and in
 * the address the issuer's page sends the payer back to.
 */
export type IntentKind = 'payment_intent' | 'setup_intent';

/** The 402 `payment_requires_action`, whichever intent it names: what the browser shows the challenge with. */
export interface Challenge {
  /** The intent's id (pi_... or seti_...): what the portal's confirm endpoint is asked about. */
  intent: string;
  client_secret: string;
  next_action_url: string | null;
}

const ID_PATTERN: Record<IntentKind, RegExp> = { payment_intent: /^pi_[A-Za-z0-9_]+$/, setup_intent: /^seti_[A-Za-z0-9_]+$/ };

/** What the card issuer's page adds to the address it sends the payer back to (Stripe's names). */
const RETURN_PARAMS = [
  'payment_intent',
  'payment_intent_client_secret',
  'setup_intent',
  'setup_intent_client_secret',
  'redirect_status',
] as const;

/** The 402 that asks for the card issuer's 3-D Secure challenge, or null for any other answer. */
export function challengeOf(e: unknown): Challenge | null {
  if (!isApiError(e) || e.code !== 'payment_requires_action') return null;
  const { payment_intent, setup_intent, client_secret, next_action_url } = e.body;
  const intent = typeof payment_intent === 'string' ? payment_intent : setup_intent;
  if (typeof intent !== 'string' || typeof client_secret !== 'string') return null;
  return { intent, client_secret, next_action_url: typeof next_action_url === 'string' ? next_action_url : null };
}

/**
 * Shows the challenge. With Stripe itself, Stripe.js does (handleNextAction, loaded on demand),
 * in this page or by sending the payer away and back; resolves when it is over, whatever its
 * outcome (the server asks Stripe). With the simulator, the browser goes to its page and comes back
 * to the `return_path` the request named (never resolves: the page is left).
 */
export async function showChallenge(processor: PaymentProcessorView, challenge: Challenge): Promise<void> {
  if (usesStripeJs(processor)) {
    const { handleNextActionWithStripeJs } = await import('./stripeJs');
    await handleNextActionWithStripeJs(processor.publishable_key, challenge.client_secret);
    return;
  }
  if (!challenge.next_action_url) throw new Error('no challenge page');
  window.location.assign(challenge.next_action_url);
  await new Promise<never>(() => {});
}

/**
 * Sends a request that takes a card (`send`); when the card's issuer asks for 3-D Secure, says so
 * (`onChallenge`), shows the challenge and then asks the server how it ended (`confirm`, with the
 * intent's id). Any other answer is `send`'s own. Pay Now, paying invoices and saving a card all
 * take this one path.
 */
export async function withChallenge<T>(
  processor: PaymentProcessorView | null,
  send: () => Promise<T>,
  confirm: (intent: string) => Promise<T>,
  onChallenge?: (challenging: boolean) => void,
): Promise<T> {
  try {
    return await send();
  } catch (e) {
    const challenge = challengeOf(e);
    if (!challenge || !processor) throw e;
    onChallenge?.(true);
    try {
      await showChallenge(processor, challenge);
      // Stripe.js showed it in this page: the server asks the processor how it ended.
      return await confirm(challenge.intent);
    } finally {
      onChallenge?.(false);
    }
  }
}

/** The intent of `kind` the payer is back from (the issuer's page added it to this page's address), if any. */
export function challengeReturnOf(search: string, kind: IntentKind = 'payment_intent'): string | null {
  const id = new URLSearchParams(search).get(kind);
  return id && ID_PATTERN[kind].test(id) ? id : null;
}

/** This page's address without what the issuer's page added: where to come back to, and what to show once back. */
export function withoutChallengeReturn(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
