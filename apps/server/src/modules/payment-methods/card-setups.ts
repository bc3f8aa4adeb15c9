import type { PaymentMethodView } from '@freight/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { AuditActor } from '../audit/audit';
import {
  askProcessor,
  challengeSweep,
  type PaymentProvider,
  type SavedMethodDetails,
  type SaveMethodResult,
  scheduleChallengeSweep,
} from '../payments/payment-processor.service';
import { type CardSetupRow, cardSetupsRepository } from './card-setups.repository';
import { paymentMethodsRepository } from './payment-methods.repository';

/** The hourly clean-up of cards being saved whose payer never came back from the 3-D Secure challenge (key 'hourly'). */
export const ABANDONED_CARD_SETUPS_JOB = 'payment_methods.abandoned_card_setups';

/** Lists a method the processor saved for the account (payment-methods.service.ts `record`); `actor` null: nobody to name. */
type RecordMethod = (
  accountId: string,
  actor: AuditActor | null,
  method: SavedMethodDetails,
) => Promise<{ method: PaymentMethodView; created: boolean }>;

/** How a set-up stands once settled: the processor's word, and the method when it was saved. */
type Settled =
  | { status: 'saved'; method: PaymentMethodView; created: boolean }
  | { status: 'canceled' }
  | { status: 'waiting' | 'failed'; state: SaveMethodResult };

/** A set-up abandoned, whatever else the processor says: the payer is told it is over (409). */
const expired = () => new AppError(409, 'conflict', 'errors.card_setup_challenge_expired');

/**
 * A card being saved that waits for the payer's 3-D Secure challenge (the 402 of the save), and
 * how it ends, whoever asks: the payer back at Settings > Payment methods (`confirm`), the
 * processor's webhook (`onSetupEvent`), or the hourly clean-up of those left waiting a day
 * (`sweep`). Each settles it through `settle` from the processor's own word, never the browser's:
 * saved (listed once, however many ask), failed, or canceled. A bank account's set-up (its
 * micro-deposit verification) has no record here: its events go to `others`.
 */
export function cardSetupChallenges(ctx: AppContext, provider: PaymentProvider, record: RecordMethod) {
  const repo = cardSetupsRepository(ctx.db);
  const methods = paymentMethodsRepository(ctx.db);

  /**
   * Settles the set-up `ref` of the account from the processor's word; null when the processor has
   * no such set-up of the account's customer. Saved: listed (the same method again when another
   * settler listed it first) and the record marked so. Failed or canceled: recorded as such.
   *
   * A record already canceled whose card the processor says was saved after all (a cancel that
   * did not hold): the payer was, or will be, told the set-up was canceled and the card not saved,
   * so it is detached at the processor rather than listed. A card listed behind the payer's back
   * could become the default that autopay charges; detached, the processor and the list agree, and
   * the payer saves it again in a moment if they still want it.
   */
  async function settle(accountId: string, ref: string, actor: AuditActor | null, row?: CardSetupRow): Promise<Settled | null> {
    const profile = await methods.profile(accountId);
    if (!profile) return null;
    const state = await askProcessor(() => provider.setupState(ref, profile.customerRef));
    if (!state) return null;
    const now = ctx.now();
    if (state.status === 'saved') {
      const current = row && (await repo.ofSetupIntent(ref));
      if (current?.status === 'canceled') {
        if (!(await methods.methodOfRef(accountId, state.method.ref))) await askProcessor(() => provider.removeMethod(state.method.ref));
        return { status: 'canceled' };
      }
      const saved = await record(accountId, actor, state.method);
      if (row) await repo.settle(row.id, 'saved', now);
      return { status: 'saved', ...saved };
    }
    if (state.status === 'declined') {
      const canceled = state.reason === 'canceled';
      if (row) await repo.settle(row.id, canceled ? 'canceled' : 'failed', now);
      return canceled ? { status: 'canceled' } : { status: 'failed', state };
    }
    return { status: 'waiting', state };
  }

  /** Who the activity log names for a card saved without its payer present: the user who began it. */
  async function starterOf(row: CardSetupRow): Promise<AuditActor | null> {
    const user = await repo.starter(row);
    return user ? { id: user.id, email: user.email, ip: '' } : null;
  }

  /** Settles a recorded set-up without its payer (webhook, clean-up). */
  async function settleRecorded(row: CardSetupRow) {
    return settle(row.accountId, row.setupIntentRef, await starterOf(row), row);
  }

  return {
    /** The server answered a card's set-up with its challenge (402): remembered, so it is settled even if nobody comes back. */
    async remember(accountId: string, actor: AuditActor, ref: string) {
      await repo.record({ accountId, userId: actor.id, setupIntentRef: ref, createdAt: ctx.now() });
    },

    /**
     * The payer is back from the challenge of `ref` (POST /api/payment-methods/confirm): settled
     * (`settle`); saved answers the method (created false when the webhook listed it first),
     * canceled a 409; anything else is answered as the save answers it (`answer`: the challenge
     * again, remembered if it was not yet, or the processor's refusal). A set-up of another
     * account's (or none) is a 404.
     */
    async confirm(
      accountId: string,
      actor: AuditActor,
      ref: string,
      answer: (state: SaveMethodResult) => Promise<{ method: PaymentMethodView; created: boolean }>,
    ) {
      const row = await repo.ofSetupIntent(ref);
      if (row && row.accountId !== accountId) throw AppError.notFound();
      const settled = await settle(accountId, ref, actor, row);
      if (!settled) throw AppError.notFound();
      if (settled.status === 'saved') return { method: settled.method, created: settled.created };
      if (settled.status === 'canceled') throw expired();
      return answer(settled.state);
    },

    /**
     * The processor says a set-up ended (succeeded, failed, canceled: its webhook names only the
     * set-up). A card's recorded set-up that still waits (or was canceled, in case its card was
     * saved after all) is settled; one settled already changes nothing, so an event twice, or
     * after the payer's confirm, does nothing more. A set-up with no record goes to `others` (a
     * bank account's micro-deposit verification).
     */
    onSetupEvent(others?: (ref: string) => Promise<void>) {
      return async (ref: string) => {
        const row = await repo.ofSetupIntent(ref);
        if (!row) return others?.(ref);
        if (row.status === 'requires_action' || row.status === 'canceled') await settleRecorded(row);
      };
    },

    /**
     * The clean-up (`challengeSweep`): every card set-up still waiting a day after its 402 is
     * canceled at the processor, so a payer who opens the bank's page later can no longer attach
     * the card with the portal not looking, then settled: 'canceled', or saved when the payer
     * finished the page just before the cancel (the processor then refuses the cancel).
     */
    sweep: challengeSweep(ctx, 'abandoned 3-D Secure card set-ups', {
      waitingSince: (before) => repo.waitingSince(before),
      cancel: (row: CardSetupRow) => provider.cancelSetup(row.setupIntentRef),
      settle: settleRecorded,
    }),

    schedule: () => scheduleChallengeSweep(ctx, ABANDONED_CARD_SETUPS_JOB),
  };
}
