import type { InvoicePaymentRequest } from '@freight/contracts';
import { addCalendarDays } from '@freight/domain';
import { addBusinessDays, isBusinessDay } from '@freight/domain/rating';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { JobOutcome } from '../../jobs/jobs';
import { type AutopayMethod, autopayFailedMail, autopayNoticeMail } from '../../mail/payment-method-mails';
import { type SavedSource, savedMethodPayments } from '../invoices/invoices.service';
import type { PaymentProvider } from '../payments/payment-processor.service';
import { mailPayers } from './payer-mails';
import { paymentMethodsRepository, type SavedMethodRow } from './payment-methods.repository';

/** Autopay's daily round (one job, key 'daily'). */
export const AUTOPAY_JOB = 'payment_methods.autopay';
/** Business days before the due date that the billing users are told of the charge. */
export const AUTOPAY_NOTICE_BUSINESS_DAYS = 3;
/** Charges of one invoice at most: on its due date, and once more on the next business day. */
export const AUTOPAY_ATTEMPTS = 2;
/** The business calendar autopay counts in (the portal's invoices are in US business days). */
const CALENDAR = 'US';
/** The hour of the business's day the round runs (early: the charge is on the due date itself). */
const ROUND_HOUR = 6;

/** The first round an hour after start (a round already waiting keeps its earlier time). */
export async function scheduleAutopay(ctx: Pick<AppContext, 'jobs' | 'now'>) {
  await ctx.jobs.schedule(AUTOPAY_JOB, 'daily', new Date(ctx.now().getTime() + 3600_000));
}

/**
 * The daily autopay round, for each account with autopay on and a default method:
 * - on a business day, mails its billing users (those who may pay invoices) about every open
 *   invoice due within the next AUTOPAY_NOTICE_BUSINESS_DAYS business days: "charged on DATE to
 *   CARD ...1234", once per invoice;
 * - charges each noticed invoice's open balance (less what is disputed) to the default method on
 *   its due date, recorded as an invoice payment by the invoices' own payment code (the payment
 *   mail, hold and webhooks follow from it), with an idempotency key per invoice and attempt;
 * - a decline or a processor failure is mailed and tried once more on the next business day; a
 *   second one is mailed and autopay leaves the invoice alone (it stays open, to pay by hand).
 * Run twice, it charges and mails once: the key replays the first payment, and an attempt's
 * outcome is recorded (and mailed) only by the run that moves its count.
 */
export function autopayHandler(ctx: AppContext, provider: PaymentProvider) {
  const days = businessDays(ctx.config.BUSINESS_TIME_ZONE);
  const payments = savedMethodPayments(ctx, provider);
  const repo = paymentMethodsRepository(ctx.db);
  const url = (path: string) => `${ctx.config.appUrl}${path}`;

  const methodOf = (m: SavedMethodRow): AutopayMethod => ({ type: m.type, brand: m.brand, last4: m.last4 });

  return async (): Promise<JobOutcome> => {
    const now = ctx.now();
    const today = days.today(now);
    // One account's fault (a bug, bad data) leaves the others charged and mailed; the round then
    // fails as a whole, so the runner logs it and runs it again, which repeats nothing already done.
    const faults: unknown[] = [];
    for (const { profile, method } of await repo.autopayAccounts()) {
      const accountId = profile.accountId;
      try {
        if (isBusinessDay(today, CALENDAR)) {
          const until = addBusinessDays(today, AUTOPAY_NOTICE_BUSINESS_DAYS, CALENDAR);
          for (const { invoice } of await repo.dueForNotice(accountId, today, until)) {
            if (!(await repo.markNoticed(invoice.id, accountId, now))) continue;
            mailPayers(ctx, 'autopay-notice-mail', accountId, (language, to, name) =>
              autopayNoticeMail(language, to, {
                name,
                number: invoice.number,
                amount_cents: invoice.balanceCents - invoice.disputedCents,
                currency: invoice.currency,
                method: methodOf(method),
                date: invoice.dueDate,
                invoice_url: url(`/invoice-detail/${invoice.id}`),
                methods_url: url('/settings/payment-methods'),
              }),
            );
          }
        }
        const saved: SavedSource = {
          customer_ref: profile.customerRef,
          method_ref: method.providerRef,
          method_type: method.type,
          brand: method.brand,
          last4: method.last4,
        };
        for (const { invoice, progress } of await repo.dueForCharge(accountId, today)) {
          const attempt = progress.attempts + 1;
          const amount = invoice.balanceCents - invoice.disputedCents;
          if (amount <= 0) continue;
          const body: InvoicePaymentRequest = {
            method: method.type === 'card' ? 'card' : 'ach',
            allocations: [{ invoice_id: invoice.id, amount_cents: amount }],
          };
          let paymentId: string | null = null;
          let failure: 'declined' | 'failed' | null = null;
          try {
            paymentId = (await payments.pay(accountId, profile.autopayBy, body, `autopay:${invoice.id}:${attempt}`, saved)).payment.id;
          } catch (err) {
            // Anything but the processor's answer (a bug, the database) is the runner's to retry.
            if (!(err instanceof AppError) || (err.code !== 'payment_declined' && err.code !== 'payment_failed')) throw err;
            failure = err.code === 'payment_declined' ? 'declined' : 'failed';
          }
          if (!failure) {
            await repo.recordAttempt(invoice.id, attempt, { paymentId, lastError: null, retryOn: null }, now);
            continue;
          }
          const last = attempt >= AUTOPAY_ATTEMPTS;
          const retryOn = last ? null : addBusinessDays(today, 1, CALENDAR);
          const recorded = await repo.recordAttempt(
            invoice.id,
            attempt,
            last ? { lastError: failure, retryOn: null, gaveUpAt: now } : { lastError: failure, retryOn },
            now,
          );
          if (!recorded) continue;
          mailPayers(ctx, 'autopay-failed-mail', accountId, (language, to, name) =>
            autopayFailedMail(language, to, {
              name,
              number: invoice.number,
              amount_cents: amount,
              currency: invoice.currency,
              method: methodOf(method),
              reason: failure,
              retry_on: retryOn,
              invoice_url: url(`/invoice-detail/${invoice.id}`),
              methods_url: url('/settings/payment-methods'),
            }),
          );
        }
      } catch (err) {
        faults.push(err);
      }
    }
    if (faults.length) throw new AggregateError(faults, `autopay: ${faults.length} account(s) failed`);
    // Tomorrow, early in the business's day.
    return { runAgainAt: new Date(days.start(addCalendarDays(today, 1)).getTime() + ROUND_HOUR * 3600_000) };
  };
}
