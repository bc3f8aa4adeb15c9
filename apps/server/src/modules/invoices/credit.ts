import type { CreditTermsRequest, HoldRequest, InvoiceSummary } from '@freight/contracts';
import { AGING_BUCKETS, type AgingBucket, agingBucket, type Currency, daysPastDue, type HoldReason, holdReasons } from '@freight/domain';
import { convertCents } from '@freight/domain/rating';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type AuditActor, audit } from '../audit/audit';
import { exchangeRatesOf } from '../shipments/shipments.service';
import { invoicesRepository } from './invoices.repository';

type CurrencyAging = InvoiceSummary['currencies'][number];
const emptyAging = (currency: string): CurrencyAging => ({
  currency,
  total_cents: 0,
  ...(Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<AgingBucket, number>),
});

type AccountRow = NonNullable<Awaited<ReturnType<ReturnType<typeof invoicesRepository>['account']>>>;

/**
 * What an account owes (aging per currency, the caller's currency first) and where it stands
 * against its credit limit (in USD): open balances less disputes, plus booked shipments not yet
 * invoiced. A bank payment still pending is still owed, though not past due. `today` is the business's day
 * (`businessDays(...).today`), the one its invoices are dated and fall due in.
 */
export async function creditSummary(
  db: Db,
  account: AccountRow,
  today: string,
  firstCurrency = 'USD',
  { inTransaction = false } = {},
): Promise<InvoiceSummary> {
  const repo = invoicesRepository(db);
  const reads = [() => repo.openByDueDate(account.id), () => repo.uninvoicedByCurrency(account.id), () => exchangeRatesOf(db)] as const;
  // A transaction is one connection, which runs one statement at a time: asked all at once,
  // node-postgres would queue them itself, which it is dropping. Elsewhere they run side by side.
  const [open, uninvoiced, rates] = inTransaction
    ? [await reads[0](), await reads[1](), await reads[2]()]
    : await Promise.all([reads[0](), reads[1](), reads[2]()]);
  const toUsd = (cents: number, currency: string) => convertCents(cents, currency as Currency, 'USD', rates);
  const byCurrency = new Map<string, InvoiceSummary['currencies'][number]>();
  let usedCents = 0;
  let maxDaysPastDue = 0;
  for (const row of open) {
    const entry = byCurrency.get(row.currency) ?? emptyAging(row.currency);
    byCurrency.set(row.currency, entry);
    const days = daysPastDue(row.dueDate, today);
    entry[agingBucket(days)] += row.balanceCents;
    entry.total_cents += row.balanceCents;
    usedCents += toUsd(Math.max(0, row.undisputedCents), row.currency);
    // A bank payment still pending is owed (it may be returned), but it is not late: the payer has
    // paid, and a returned payment puts the amount back in the balance, where it counts again.
    if (row.overdueCents > 0) maxDaysPastDue = Math.max(maxDaysPastDue, days);
  }
  for (const row of uninvoiced) usedCents += toUsd(row.cents, row.currency);
  if (!byCurrency.has(firstCurrency)) byCurrency.set(firstCurrency, emptyAging(firstCurrency));
  const currencies = [...byCurrency.values()].sort((a, b) =>
    a.currency === firstCurrency ? -1 : b.currency === firstCurrency ? 1 : a.currency.localeCompare(b.currency),
  );
  const reasons: HoldReason[] =
    account.paymentTerms === 'credit'
      ? holdReasons({
          openBalanceCents: usedCents,
          uninvoicedCents: 0,
          creditLimitCents: account.creditLimitCents,
          maxDaysPastDue,
          graceDays: account.graceDays,
        })
      : [];
  return {
    currencies,
    credit: {
      payment_terms: account.paymentTerms,
      net_days: account.netDays,
      grace_days: account.graceDays,
      credit_limit_cents: account.creditLimitCents,
      used_cents: usedCents,
      on_hold: account.status === 'credit_hold',
      hold_reasons: reasons,
      manual_hold: account.status === 'credit_hold' && account.holdSource === 'staff',
    },
  };
}

/**
 * Puts the account on credit hold, or lifts it, by its payment behaviour, under a lock
 * of the account row: held when an undisputed invoice is past due by more than the grace days or
 * it is over its credit limit; lifted when neither is true any more. A hold staff placed stays
 * until staff lift it. Each change is written to the account's credit record. Answers the change.
 * Days past due are counted to the business's day of `now` in `timeZone` (BUSINESS_TIME_ZONE), the
 * day its invoices are dated in. The default is there for callers that do not pass the configured
 * zone yet (invoice payments); every other caller passes it.
 */
export async function evaluateHold(tx: Db, accountId: string, now: Date, timeZone: string): Promise<'placed' | 'lifted' | null> {
  const repo = invoicesRepository(tx);
  const account = await repo.lockAccount(accountId);
  if (!account || (account.status === 'credit_hold' && account.holdSource === 'staff')) return null;
  const summary = await creditSummary(tx, account, businessDays(timeZone).today(now), 'USD', { inTransaction: true });
  const reasons = summary.credit.hold_reasons;
  if (reasons.length && account.status === 'active') {
    await repo.updateAccount(accountId, { status: 'credit_hold', holdSource: 'auto', updatedAt: now });
    await repo.addCreditEvent({ accountId, kind: 'hold_placed', source: 'auto', reason: reasons.join(','), createdAt: now });
    return 'placed';
  }
  if (!reasons.length && account.status === 'credit_hold') {
    await repo.updateAccount(accountId, { status: 'active', holdSource: null, updatedAt: now });
    await repo.addCreditEvent({ accountId, kind: 'hold_lifted', source: 'auto', reason: 'resolved', createdAt: now });
    return 'lifted';
  }
  return null;
}

/** Evaluates the account's hold in a transaction of its own; one account's failure is logged by the caller, not fatal. */
export const reevaluateHold = (db: Db, accountId: string, now: Date, timeZone: string) =>
  db.transaction((tx) => evaluateHold(tx as Db, accountId, now, timeZone));

/**
 * After a booking on terms is made, approved or canceled: the hold is evaluated in the background,
 * off the request (the booking may take the account past its limit, a cancel may bring it back).
 * An account not on terms has no limit to check.
 */
export function recheckHoldLater(
  ctx: Pick<AppContext, 'db' | 'now' | 'background' | 'config'>,
  account: { id: string; paymentTerms: string },
) {
  if (account.paymentTerms !== 'credit') return;
  ctx.background.run('credit-check', async () => void (await reevaluateHold(ctx.db, account.id, ctx.now(), ctx.config.BUSINESS_TIME_ZONE)));
}

/** Staff place or lift a hold by hand, with a reason; both are written to the credit record. */
export async function setManualHold(db: Db, accountId: string, body: HoldRequest, actor: AuditActor, now: Date) {
  await db.transaction(async (tx) => {
    const repo = invoicesRepository(tx as Db);
    const account = await repo.lockAccount(accountId);
    if (!account) throw AppError.notFound();
    if (body.action === 'place') {
      if (account.status === 'credit_hold' && account.holdSource === 'staff') throw new AppError(409, 'conflict', 'errors.already_on_hold');
      await repo.updateAccount(accountId, { status: 'credit_hold', holdSource: 'staff', updatedAt: now });
    } else {
      if (account.status !== 'credit_hold') throw new AppError(409, 'conflict', 'errors.not_on_hold');
      await repo.updateAccount(accountId, { status: 'active', holdSource: null, updatedAt: now });
    }
    await repo.addCreditEvent({
      accountId,
      kind: body.action === 'place' ? 'hold_placed' : 'hold_lifted',
      source: 'staff',
      reason: body.reason,
      userId: actor.id,
      createdAt: now,
    });
    await audit(
      tx as Db,
      actor,
      {
        action: body.action === 'place' ? 'account.hold_placed' : 'account.hold_lifted',
        entityType: 'account',
        entityId: accountId,
        targetLabel: account.name,
        accountId,
        before: { status: account.status, hold_source: account.holdSource },
        after: { status: body.action === 'place' ? 'credit_hold' : 'active', reason: body.reason },
      },
      now,
    );
  });
}

/** Staff change an account's terms, limit and grace days; recorded, then the hold is evaluated against them (in the business's `timeZone`). */
export async function setCreditTerms(db: Db, accountId: string, body: CreditTermsRequest, actor: AuditActor, now: Date, timeZone: string) {
  await db.transaction(async (tx) => {
    const repo = invoicesRepository(tx as Db);
    const account = await repo.lockAccount(accountId);
    if (!account) throw AppError.notFound();
    const before = `${account.paymentTerms} net ${account.netDays}, limit ${account.creditLimitCents}, grace ${account.graceDays}`;
    const after = `${body.payment_terms} net ${body.net_days}, limit ${body.credit_limit_cents}, grace ${body.grace_days}`;
    await repo.updateAccount(accountId, {
      paymentTerms: body.payment_terms,
      netDays: body.net_days,
      creditLimitCents: body.credit_limit_cents,
      graceDays: body.grace_days,
      updatedAt: now,
    });
    await repo.addCreditEvent({
      accountId,
      kind: 'terms_changed',
      source: 'staff',
      reason: `${body.reason} (${before} -> ${after})`,
      userId: actor.id,
      createdAt: now,
    });
    await audit(
      tx as Db,
      actor,
      {
        action: 'account.terms',
        entityType: 'account',
        entityId: accountId,
        targetLabel: account.name,
        accountId,
        before: {
          payment_terms: account.paymentTerms,
          net_days: account.netDays,
          credit_limit_cents: account.creditLimitCents,
          grace_days: account.graceDays,
        },
        after: body,
      },
      now,
    );
    await evaluateHold(tx as Db, accountId, now, timeZone);
  });
}
