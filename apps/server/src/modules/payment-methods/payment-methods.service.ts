import type { PaymentMethodsView, PaymentProcessorView } from '@freight/contracts';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { bankDepositSentMail } from '../../mail/payment-method-mails';
import { type AuditActor, audit } from '../audit/audit';
import {
  actionRequired,
  askProcessor,
  type PaymentEvents,
  type PaymentProvider,
  returnUrlOf,
  type SavedMethodDetails,
  type SaveMethodResult,
} from '../payments/payment-processor.service';
import { bankVerification, unusableMethod } from './bank-verification';
import { cardSetupChallenges } from './card-setups';
import { mailPayers } from './payer-mails';
import { methodLabel, presentMethod } from './payment-methods.presenter';
import { paymentMethodsRepository, type SavedMethodRow } from './payment-methods.repository';

/** What this module needs of the payment setup (stripe.routes.ts `paymentSetup`). */
export interface PaymentMethodsSetup {
  provider: PaymentProvider;
  browser: { publishableKey: string; apiUrl: string } | null;
  /** The processor's later word (webhooks): a bank account's verification ending elsewhere. */
  events?: PaymentEvents;
}

/**
 * The account's own saved method of a processor id (pm_...), with the account's processor
 * customer: a payment naming it charges it as that customer's. Another account's method, or one
 * never saved, is not found here (the processor then refuses it if it is saved elsewhere). A bank
 * account not verified (awaiting its micro-deposit's code, or failed) is refused: 422 at
 * `payment_method`, before anything is asked of the processor.
 */
export async function savedMethodOf(db: Db, accountId: string, ref: string) {
  const repo = paymentMethodsRepository(db);
  const method = await repo.methodOfRef(accountId, ref);
  const refusal = method && unusableMethod(method);
  if (refusal) throw refusal;
  const profile = method ? await repo.profile(accountId) : undefined;
  return method && profile ? { method, customerRef: profile.customerRef } : undefined;
}

const processorDown = () => new AppError(502, 'payment_failed', 'errors.payment_failed');

/**
 * Where the card issuer's 3-D Secure page sends a payer saving a card when the request names no
 * page: Settings > Payment methods, the one page that saves cards (it confirms on the way back),
 * so the browser sends the method's id alone, as it always has.
 */
const SAVE_RETURN_PATH = '/settings/payment-methods';

/**
 * An account's saved payment methods and its autopay switch. The account becomes the processor's
 * customer with its first method; a method is saved there (SetupIntent, off-session use) before it
 * is listed here, and detached there before it leaves the list. Each change is in the account's
 * activity log. The first method is the default; removing the default makes the newest left the
 * default, and removing the last one turns autopay off.
 */
export function paymentMethodsService(ctx: AppContext, setup: PaymentMethodsSetup) {
  const { provider } = setup;
  const repo = paymentMethodsRepository(ctx.db);

  const entry = (accountId: string, action: string, row: SavedMethodRow) => ({
    action,
    entityType: 'payment_method',
    entityId: row.id,
    targetLabel: methodLabel(row),
    accountId,
    shownToAccount: true,
  });

  async function view(accountId: string): Promise<PaymentMethodsView> {
    const [methods, profile] = await Promise.all([repo.methods(accountId), repo.profile(accountId)]);
    return { methods: methods.map(presentMethod), autopay: profile?.autopay ?? false };
  }

  async function find(accountId: string, id: string) {
    const row = isUuid(id) ? await repo.method(accountId, id) : undefined;
    if (!row) throw AppError.notFound();
    return row;
  }

  /** The account's processor customer, made once (the processor's idempotency key is the account's). */
  async function customerOf(account: { id: string; name: string }) {
    const found = await repo.profile(account.id);
    if (found) return found.customerRef;
    let ref: string;
    try {
      ref = await provider.createCustomer({ account_id: account.id, name: account.name });
    } catch {
      throw processorDown();
    }
    await repo.insertProfile({ accountId: account.id, provider: provider.name, customerRef: ref, createdAt: ctx.now() });
    return (await repo.profile(account.id))!.customerRef;
  }

  /**
   * A method the processor saved for the account, listed (the default when it is the first verified
   * one) and in the activity log (when there is someone to name: a card whose challenge ended
   * without its payer names who began saving it, if that user still exists); `pending`: a bank
   * account awaiting its micro-deposit's code.
   */
  async function record(
    accountId: string,
    actor: AuditActor | null,
    m: SavedMethodDetails,
    pending?: { ref: string; arrivesAt: Date | null },
  ) {
    const row = await ctx.db.transaction(async (tx) => {
      const r = paymentMethodsRepository(tx as Db);
      await r.lockProfile(accountId);
      const again = await r.methodOfRef(accountId, m.ref);
      if (again) return { row: again, created: false };
      const first = !pending && !(await r.defaultMethod(accountId));
      const inserted = await r.insertMethod({
        accountId,
        providerRef: m.ref,
        type: m.type,
        brand: m.brand,
        last4: m.last4,
        expMonth: m.exp_month,
        expYear: m.exp_year,
        bankName: m.bank_name,
        isDefault: first,
        verification: pending ? 'awaiting' : 'verified',
        setupIntentRef: pending?.ref ?? null,
        microdepositsArriveAt: pending?.arrivesAt ?? null,
        createdBy: actor?.id ?? null,
        createdAt: ctx.now(),
      });
      if (actor) await audit(tx as Db, actor, entry(accountId, 'payment_method.add', inserted), ctx.now());
      return { row: inserted, created: true };
    });
    if (pending && row.created) mailDepositSent(accountId, row.row.last4, pending.arrivesAt);
    return { method: presentMethod(row.row), created: row.created };
  }

  /** The payers are told a new bank account's micro-deposit is on its way, and where its code goes. */
  function mailDepositSent(accountId: string, last4: string, arrivesAt: Date | null) {
    const arrives_on = arrivesAt ? businessDays(ctx.config.BUSINESS_TIME_ZONE).today(arrivesAt) : null;
    const methods_url = `${ctx.config.appUrl}${SAVE_RETURN_PATH}`;
    mailPayers(ctx, 'bank-deposit-mail', accountId, (language, to, name) =>
      bankDepositSentMail(language, to, { name, last4, arrives_on, methods_url }),
    );
  }

  const cards = cardSetupChallenges(ctx, provider, record);

  /**
   * What the processor said of a method being saved: saved (listed), a bank account awaiting its
   * micro-deposit (listed as such), a card's challenge still to do (402, the set-up remembered so
   * it ends even if the payer never comes back), or refused (422).
   */
  async function saveOutcome(accountId: string, actor: AuditActor, state: SaveMethodResult) {
    if (state.status === 'requires_action') {
      await cards.remember(accountId, actor, state.ref);
      throw actionRequired(state, 'setup_intent');
    }
    if (state.status === 'declined') {
      const key =
        state.reason === 'authentication_failed' ? 'validation.payment_method_authentication_failed' : 'validation.payment_method_refused';
      throw AppError.field('payment_method', key);
    }
    if (state.status === 'verification_pending')
      return record(accountId, actor, state.method, { ref: state.ref, arrivesAt: state.arrives_at });
    return record(accountId, actor, state.method);
  }

  const verification = bankVerification(ctx, provider, entry);
  // A set-up ended: a card's waiting on 3-D Secure is settled by its record, any other set-up is a bank account's verification.
  const setupEnded = cards.onSetupEvent(verification.settleFromProcessor);
  setup.events?.on('setup_succeeded', setupEnded);
  setup.events?.on('setup_failed', setupEnded);
  // Only a card's set-up is ever canceled by the portal (the clean-up below); a bank account's verification ignores it.
  setup.events?.on('setup_canceled', cards.onSetupEvent());

  return {
    view,

    processor(): PaymentProcessorView | null {
      return setup.browser ? { publishable_key: setup.browser.publishableKey, api_url: setup.browser.apiUrl } : null;
    },

    /**
     * Saves the method the browser made (its pm_ id); the same one again answers the saved one
     * (`created` false). A card whose issuer asks for 3-D Secure is not saved yet: the answer is
     * the challenge (402 `payment_requires_action` naming the `setup_intent`), then `confirm`.
     */
    async add(account: { id: string; name: string }, actor: AuditActor, methodRef: string, returnPath?: string) {
      const earlier = await repo.methodOfRef(account.id, methodRef);
      if (earlier) return { method: presentMethod(earlier), created: false };
      const customerRef = await customerOf(account);
      const saved = await askProcessor(() =>
        provider.saveMethod({
          customer_ref: customerRef,
          method_ref: methodRef,
          idempotency_key: `save:${account.id}:${methodRef}`,
          ...returnUrlOf(ctx, returnPath ?? SAVE_RETURN_PATH),
        }),
      );
      return saveOutcome(account.id, actor, saved);
    },

    /**
     * The payer is back from the challenge of the set-up `setupIntent`: the processor says how it
     * ended (the browser's word is never taken; card-setups.ts). Saved: listed as any added method
     * (once, whether the webhook or the payer came first); still waiting: the challenge again;
     * failed: refused as 'authentication failed'; canceled by the clean-up after a day: 409. A
     * set-up of another account's (or none) is a 404.
     */
    confirm(account: { id: string; name: string }, actor: AuditActor, setupIntent: string) {
      return cards.confirm(account.id, actor, setupIntent, (state) => saveOutcome(account.id, actor, state));
    },

    /** The hourly clean-up of card set-ups left waiting on 3-D Secure, and its first round. */
    abandonedSetups: { handler: cards.sweep, schedule: cards.schedule },

    /**
     * The code of the micro-deposit on a saved bank account's statement (Settings > Payment
     * methods): verified, it may be debited (and is the default if the account had none).
     */
    async verify(accountId: string, actor: AuditActor, id: string, code: string) {
      const row = await find(accountId, id);
      if (row.type !== 'us_bank_account' || !row.setupIntentRef) throw new AppError(409, 'conflict', 'errors.nothing_to_verify');
      return presentMethod(await verification.verify(row, actor, code));
    },

    async remove(accountId: string, actor: AuditActor, id: string) {
      const row = await find(accountId, id);
      try {
        await provider.removeMethod(row.providerRef);
      } catch {
        throw processorDown();
      }
      await ctx.db.transaction(async (tx) => {
        const r = paymentMethodsRepository(tx as Db);
        const profile = await r.lockProfile(accountId);
        const still = await r.method(accountId, id);
        if (!still) return;
        await r.deleteMethod(accountId, id);
        await audit(tx as Db, actor, entry(accountId, 'payment_method.remove', still), ctx.now());
        if (!still.isDefault) return;
        // Only a verified method may be charged, so only one becomes the default.
        const next = (await r.methods(accountId)).find((m) => m.verification === 'verified');
        if (next) await r.setDefault(accountId, next.id);
        else if (profile?.autopay) {
          // Autopay charges the default method: with none left it has nothing to charge.
          await r.setAutopay(accountId, false, actor.id, ctx.now());
          await audit(
            tx as Db,
            actor,
            { action: 'account.autopay_off', entityType: 'account', entityId: accountId, accountId, shownToAccount: true },
            ctx.now(),
          );
        }
      });
    },

    async makeDefault(accountId: string, actor: AuditActor, id: string) {
      const row = await find(accountId, id);
      const refusal = unusableMethod(row);
      if (refusal) throw refusal;
      if (!row.isDefault) {
        await ctx.db.transaction(async (tx) => {
          const r = paymentMethodsRepository(tx as Db);
          await r.lockProfile(accountId);
          await r.setDefault(accountId, id);
          await audit(tx as Db, actor, entry(accountId, 'payment_method.default', row), ctx.now());
        });
      }
      return presentMethod({ ...row, isDefault: true });
    },

    /** Autopay on (only with a default method) or off; the same choice again changes nothing. */
    async setAutopay(accountId: string, actor: AuditActor, enabled: boolean) {
      await ctx.db.transaction(async (tx) => {
        const r = paymentMethodsRepository(tx as Db);
        const profile = await r.lockProfile(accountId);
        if (enabled && (!profile || !(await r.defaultMethod(accountId)))) {
          throw new AppError(409, 'conflict', 'errors.autopay_needs_default');
        }
        if (!profile || profile.autopay === enabled) return;
        await r.setAutopay(accountId, enabled, actor.id, ctx.now());
        await audit(
          tx as Db,
          actor,
          {
            action: enabled ? 'account.autopay_on' : 'account.autopay_off',
            entityType: 'account',
            entityId: accountId,
            accountId,
            shownToAccount: true,
          },
          ctx.now(),
        );
      });
      return view(accountId);
    },
  };
}
