import { isLanguage, type Language, startOfZonedDay, zonedDate } from '@freight/domain';
import { CLAIM_DUE_SOON_DAYS } from '@freight/domain/claims';
import { addDays } from '@freight/domain/rating';
import type { AppContext } from '../../context';
import { translator } from '../../i18n';
import { oneLine, paragraphMail } from '../../mail/templates';
import { usersService } from '../users/users.service';
import { clocksOf } from './claims.presenter';
import { type ClaimRow, claimsRepository } from './claims.repository';

export const CLAIM_REMINDER_JOB = 'claim.reminder';

/** The carrier's clocks the filer hears about: a week before each last day, and the day after it. */
const REMINDERS = [
  { clock: 'acknowledgement', when: 'due_soon' },
  { clock: 'acknowledgement', when: 'overdue' },
  { clock: 'decision', when: 'due_soon' },
  { clock: 'decision', when: 'overdue' },
] as const;
type Reminder = (typeof REMINDERS)[number];

const keyOf = (r: Reminder) => `${r.clock}.${r.when}`;
const dueOn = (claim: ClaimRow, r: Reminder) => (r.clock === 'acknowledgement' ? claim.acknowledgementDueOn : claim.decisionDueOn);
/** The delivery place's day a reminder goes out. */
const dayOf = (claim: ClaimRow, r: Reminder) => addDays(dueOn(claim, r), r.when === 'due_soon' ? -CLAIM_DUE_SOON_DAYS : 1);

/** When the reminders job first looks at a new claim: the first reminder's day. */
export const firstReminderAt = (claim: ClaimRow) => startOfZonedDay(dayOf(claim, REMINDERS[0]), claim.timeZone);

export function claimReminderMail(
  language: Language,
  to: string,
  d: { name: string; number: string; reminder: string; dueOn: string; url: string },
) {
  const t = translator(language);
  const k = (key: string) => t(`mail.claim_reminder.${key}`, { number: d.number, date: d.dueOn });
  return paragraphMail(
    to,
    k(`${d.reminder}.subject`),
    [t('mail.greeting', { name: oneLine(d.name) }), k(`${d.reminder}.intro`), k('follow_up')],
    { label: k('action'), url: d.url },
    [k('unsubscribe'), t('mail.signature')],
  );
}

/**
 * Reminds whoever filed a claim of the carrier's deadlines: a week before the acknowledgement and
 * the decision are due, and the day after one passed unmet (staff see the same claim flagged
 * overdue in their queue). One job per claim, run again at its next reminder's day; each reminder
 * is noted on the claim before it is mailed, so a second run mails nothing twice. A clock met
 * meanwhile (acknowledged, decided) reminds no more.
 */
export function registerClaimReminders(ctx: AppContext) {
  ctx.jobs.register(CLAIM_REMINDER_JOB, async (payload) => {
    const { claimId } = payload as { claimId: string };
    const repo = claimsRepository(ctx.db);
    const claim = await repo.claim(claimId);
    if (!claim) return;
    const now = ctx.now();
    const today = zonedDate(now, claim.timeZone);
    const clocks = clocksOf(claim, now);
    const waiting = REMINDERS.filter((r) => clocks[r.clock].state !== 'met' && !claim.remindersSent.includes(keyOf(r)));
    const due = waiting.filter((r) => dayOf(claim, r) <= today);
    // A clock already overdue is not also "due soon": its overdue reminder says it all.
    const said = due.filter((r) => r.when === 'overdue' || !due.some((o) => o.clock === r.clock && o.when === 'overdue'));
    for (const r of due) {
      if ((await repo.markReminded(claim.id, keyOf(r))) && said.includes(r)) await mail(claim, r);
    }
    const next = waiting
      .filter((r) => dayOf(claim, r) > today)
      .map((r) => dayOf(claim, r))
      .sort()[0];
    return next ? { runAgainAt: startOfZonedDay(next, claim.timeZone) } : undefined;
  });

  async function mail(claim: ClaimRow, r: Reminder) {
    const filer = claim.filedBy ? await usersService(ctx.db).mailRecipient(claim.filedBy, { activeOnly: true }) : undefined;
    if (!filer || filer.subscriptions?.customer_service === false) return;
    const language = filer.language && isLanguage(filer.language) ? filer.language : 'en';
    await ctx.mailer.send(
      claimReminderMail(language, filer.email, {
        name: filer.firstName,
        number: claim.number,
        reminder: keyOf(r),
        dueOn: dueOn(claim, r),
        url: `${ctx.config.appUrl}/track/detail/${claim.shipmentId}`,
      }),
    );
  }
}
