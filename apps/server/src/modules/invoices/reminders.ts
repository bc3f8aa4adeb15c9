import { addCalendarDays, daysPastDue, REMINDER_DAYS_BEFORE_DUE } from '@freight/domain';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import type { JobOutcome } from '../../jobs/jobs';
import { reevaluateHold } from './credit';
import type { InvoiceNotifier } from './invoice-notices';
import { invoicesRepository } from './invoices.repository';

/** The hourly invoice round: reminders, and holds that time alone decides (an invoice passing its grace days). */
export const INVOICE_REMINDERS_JOB = 'invoice.reminders';
const ROUND_MS = 3600_000;
/** Reminders a round sends at most; the next round takes the rest. */
const REMINDERS_PER_ROUND = 500;

/**
 * The 'invoice.reminders' job, every hour: mails a reminder REMINDER_DAYS_BEFORE_DUE days before
 * an invoice is due and one once it is past due (each once per invoice), then evaluates the hold
 * of every account with an invoice past its due date and of every account held automatically.
 * One account's failure is logged and does not stop the round.
 */
export function invoiceRemindersHandler(ctx: Pick<AppContext, 'db' | 'now' | 'background' | 'config'>, notifier: InvoiceNotifier) {
  const days = businessDays(ctx.config.BUSINESS_TIME_ZONE);
  return async (): Promise<JobOutcome> => {
    const now = ctx.now();
    // The business's day: a reminder's day turns at its midnight, not at UTC's.
    const today = days.today(now);
    const repo = invoicesRepository(ctx.db);
    for (const invoice of await repo.dueForReminder(addCalendarDays(today, REMINDER_DAYS_BEFORE_DUE), today, REMINDERS_PER_ROUND)) {
      const past = daysPastDue(invoice.dueDate, today);
      await repo.update(invoice.id, past > 0 ? { remindedPastDueAt: now } : { remindedBeforeAt: now });
      notifier.reminder(invoice, past > 0 ? 'past_due' : 'before_due', past);
    }
    const accounts = new Set([...(await repo.accountsPastDue(addCalendarDays(today, -1))), ...(await repo.autoHeldAccounts())]);
    for (const accountId of accounts) {
      await ctx.background.run('hold-evaluation', async () => void (await reevaluateHold(ctx.db, accountId, now, days.timeZone)));
    }
    return { runAgainAt: new Date(now.getTime() + ROUND_MS) };
  };
}
