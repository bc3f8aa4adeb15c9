import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type AuditActor, type AuditEntry, audit } from '../audit/audit';
import { askProcessor, type PaymentProvider } from '../payments/payment-processor.service';
import { paymentMethodsRepository, type SavedMethodRow } from './payment-methods.repository';

/** Wrong codes the processor allows before a bank account's verification fails for good (Stripe's figure). */
export const MICRODEPOSIT_ATTEMPTS = 10;

/**
 * Why a saved method may not be charged or made the default yet, as a field error (422), or null
 * when it may: a bank account still awaiting its micro-deposit's code, or one whose verification failed.
 */
export function unusableMethod(row: Pick<SavedMethodRow, 'verification'>) {
  if (row.verification === 'awaiting') return AppError.field('payment_method', 'validation.payment_method_unverified');
  if (row.verification === 'failed') return AppError.field('payment_method', 'validation.payment_method_verification_failed');
  return null;
}

const verificationFailed = () =>
  new AppError(
    422,
    'validation',
    'validation.invalid',
    {},
    { code: ['validation.microdeposit_attempts_exhausted'] },
    {
      verification: 'failed',
      attempts_left: 0,
    },
  );

/**
 * A typed-in bank account's micro-deposit verification: the payer enters the code on the deposit's
 * statement line (`verify`), or the processor's webhook says the set-up ended (`settleFromProcessor`,
 * verified elsewhere or failed). Whichever comes first settles the method; the other finds it
 * settled and changes nothing. A verified account becomes the default when the account has none.
 */
export function bankVerification(
  ctx: AppContext,
  provider: PaymentProvider,
  entry: (accountId: string, action: string, row: SavedMethodRow) => AuditEntry,
) {
  const repo = paymentMethodsRepository(ctx.db);

  /** Marks an awaiting method verified or failed (once), in the activity log when a user did it. */
  async function settle(row: SavedMethodRow, verification: 'verified' | 'failed', actor: AuditActor | null) {
    return ctx.db.transaction(async (tx) => {
      const r = paymentMethodsRepository(tx as Db);
      await r.lockProfile(row.accountId);
      const settled = await r.settleVerification(row.id, verification);
      const current = settled ?? (await r.method(row.accountId, row.id));
      if (!current) throw AppError.notFound();
      if (current.verification === 'verified' && !current.isDefault && !(await r.defaultMethod(row.accountId))) {
        await r.setDefault(row.accountId, current.id);
        current.isDefault = true;
      }
      if (actor) {
        const action = verification === 'verified' ? 'payment_method.verify' : 'payment_method.verification_failed';
        await audit(tx as Db, actor, entry(row.accountId, action, current), ctx.now());
      }
      return current;
    });
  }

  return {
    /**
     * The code of the micro-deposit, checked by the processor: verified answers the method; a wrong
     * code is a 422 saying how many tries are left; the last wrong one marks it failed (422 too).
     * A method verified already answers as it is (a repeat); a failed one stays failed.
     */
    async verify(row: SavedMethodRow, actor: AuditActor, code: string) {
      if (row.verification === 'verified') return row;
      if (row.verification === 'failed') throw verificationFailed();
      const profile = await repo.profile(row.accountId);
      if (!profile || !row.setupIntentRef) throw AppError.notFound();
      const ref = row.setupIntentRef;
      const result = await askProcessor(() => provider.verifyMicrodeposits(ref, profile.customerRef, code));
      if (!result) throw AppError.notFound();
      if (result.status === 'verified') return settle(row, 'verified', actor);
      if (result.status === 'failed') {
        await settle(row, 'failed', actor);
        throw verificationFailed();
      }
      const wrong = (await repo.countWrongCode(row.id)) ?? row.verifyAttempts + 1;
      // The processor still takes codes: at least this one more, whatever our count says.
      const left = Math.max(1, MICRODEPOSIT_ATTEMPTS - wrong);
      throw new AppError(
        422,
        'validation',
        'validation.invalid',
        { count: left },
        { code: ['validation.microdeposit_code_mismatch'] },
        { attempts_left: left },
      );
    },

    /**
     * The processor says a set-up ended (its webhook names only the set-up): a bank account still
     * awaiting verification is settled from the processor's own word, asked again rather than read
     * off the event. Anything else (a card's set-up, a method settled already) changes nothing.
     */
    async settleFromProcessor(setupIntentRef: string) {
      const row = await repo.methodOfSetupIntent(setupIntentRef);
      if (row?.verification !== 'awaiting') return;
      const profile = await repo.profile(row.accountId);
      if (!profile) return;
      const state = await provider.setupState(setupIntentRef, profile.customerRef);
      if (state?.status === 'saved') await settle(row, 'verified', null);
      else if (state?.status === 'declined') await settle(row, 'failed', null);
    },
  };
}
