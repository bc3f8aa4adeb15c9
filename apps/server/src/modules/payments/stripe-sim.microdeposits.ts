import { nextBankingDay } from '@freight/domain/rating';
import { type Obj, type StripeEngine, StripeSimError } from './stripe-sim.engine';

/**
 * Micro-deposit verification of a US bank account being saved (a `us_bank_account` SetupIntent), as
 * Stripe's test mode does it when the account is typed in rather than linked: the SetupIntent waits
 * in `requires_action` with `next_action.verify_with_microdeposits` until the payer reads the
 * deposit off the statement. Stripe's test values: the descriptor code SM11AA, or the amounts 32
 * and 45 cents. Ten wrong tries and the verification fails for good.
 */
export const TEST_DESCRIPTOR_CODE = 'SM11AA';
export const TEST_AMOUNTS = [32, 45] as const;
export const MICRODEPOSIT_ATTEMPTS = 10;

/**
 * Wrong tries of a SetupIntent so far. Kept among the engine's secrets (what Stripe knows and never
 * shows), so they last as long as the simulator's other state does.
 */
const attemptsKey = (id: string) => `${id}:microdeposit_attempts`;

/**
 * When the deposit is expected: the next banking day after `now` (the Fed's calendar, so one or two
 * calendar days on a weekday, more over a weekend or a bank holiday), at the same time of day.
 */
export function arrivalDate(now: Date) {
  const today = now.toISOString().slice(0, 10);
  const day = nextBankingDay(today);
  return new Date(`${day}T${now.toISOString().slice(11)}`);
}

/** The `next_action` of a SetupIntent waiting for the payer's code. */
export function microdepositAction(e: StripeEngine, verificationUrl: string) {
  return {
    type: 'verify_with_microdeposits',
    verify_with_microdeposits: {
      arrival_date: Math.floor(arrivalDate(e.opts.now()).getTime() / 1000),
      hosted_verification_url: verificationUrl,
      microdeposit_type: 'descriptor_code',
    },
  };
}

const error = (code: string, message: string, param: string | undefined, si: Obj) =>
  new StripeSimError(400, {
    type: 'invalid_request_error',
    code,
    message,
    ...(param ? { param } : {}),
    setup_intent: structuredClone(si),
  });

/**
 * What `POST /v1/setup_intents/:id/verify_microdeposits` was given, checked against the test values:
 * 'verified', or a thrown Stripe error (a wrong code or amounts count a try; the last one fails the
 * intent through `fail`, which runs before the error is thrown so the intent already shows it).
 */
export function checkMicrodeposits(
  e: StripeEngine,
  si: Obj,
  form: Record<string, unknown>,
  fail: (error: Record<string, unknown>) => void,
): 'verified' {
  const code = e.str(form.descriptor_code);
  const amounts = e.list(form.amounts);
  if (code === undefined && !amounts.length)
    throw error('parameter_missing', 'Missing required param: descriptor_code or amounts.', 'descriptor_code', si);
  if (code === undefined) {
    const cents = amounts.map((a) => (typeof a === 'string' && /^\d{1,3}$/.test(a) ? Number(a) : Number.NaN));
    if (cents.length !== 2 || cents.some((c) => !(c > 0 && c < 100)))
      throw error(
        'payment_method_microdeposit_verification_amounts_invalid',
        'The amounts provided must be two positive integers, in cents, less than 100.',
        'amounts',
        si,
      );
    if (cents[0] === TEST_AMOUNTS[0] && cents[1] === TEST_AMOUNTS[1]) return 'verified';
  } else if (code.toUpperCase() === TEST_DESCRIPTOR_CODE) return 'verified';

  const tries = Number(e.secrets.get(attemptsKey(si.id)) ?? 0) + 1;
  e.secrets.set(attemptsKey(si.id), String(tries));
  if (tries >= MICRODEPOSIT_ATTEMPTS) {
    const failure = {
      type: 'invalid_request_error',
      code: 'payment_method_microdeposit_verification_attempts_exceeded',
      message: 'You have exceeded the number of allowed verification attempts.',
    };
    fail(failure);
    throw error(failure.code, failure.message, undefined, si);
  }
  throw code === undefined
    ? error(
        'payment_method_microdeposit_verification_amounts_mismatch',
        'The amounts provided do not match the amounts that were sent to the bank account.',
        'amounts',
        si,
      )
    : error(
        'payment_method_microdeposit_verification_descriptor_code_mismatch',
        'The verification code provided does not match the one sent to the bank account.',
        'descriptor_code',
        si,
      );
}
