import { type DashboardMargin, type DashboardPeriod, type DashboardView, dashboardQuery } from '@freight/contracts';
import { addCalendarDays, canManageCredit, canSeeMargin, seesEveryAccountsMargin } from '@freight/domain';
import { divRound } from '@freight/domain/pricing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../plugins/errors';
import { adminPage, signedIn } from '../../plugins/guards';
import { carrierBreakerRepository } from '../carrier-breaker/carrier-breaker.service';
import { creditApplicationsRepository } from '../credit-applications/credit-applications.service';
import { incidentError } from '../incidents/incidents.service';
import { salesRepsService } from '../sales-reps/sales-reps.service';
import { dashboardRepository } from './dashboard.repository';

/** The admin dashboard (every staff role): today, this month and the days before in the business's time zone, and what needs attention. */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const days = businessDays(ctx.config.BUSINESS_TIME_ZONE);
  const repo = dashboardRepository(ctx.db, days.timeZone);
  const breaker = carrierBreakerRepository(ctx.db);
  const applications = creditApplicationsRepository(ctx.db);

  r.get('/api/admin/dashboard', { preValidation: adminPage('dashboard'), schema: { querystring: dashboardQuery } }, async (request) => {
    const now = ctx.now();
    const language = requestLanguage(request);
    const todayDate = days.today(now);
    const monthDate = days.monthStart(now);
    const seriesDates = Array.from({ length: request.query.days }, (_, i) => addCalendarDays(todayDate, i + 1 - request.query.days));
    const today = days.start(todayDate);
    const month = days.start(monthDate);
    const seriesFrom = days.start(seriesDates[0] ?? todayDate);
    // The per-day counts reach back far enough for the series and the month both.
    const from = new Date(Math.min(seriesFrom.getTime(), month.getTime()));
    const [quotesByDay, bookingsByDay, newToday, newMonth, revenue, statuses, actionRequired, delayed, accountStates, incidents] =
      await Promise.all([
        repo.quotesPerDay(from),
        repo.bookingsPerDay(from),
        repo.newAccounts(today),
        repo.newAccounts(month),
        repo.revenue(month),
        repo.statuses(month),
        repo.actionRequired(),
        repo.delayed(),
        repo.accountStates(),
        repo.incidents(today),
      ]);
    const quotesOn = new Map(quotesByDay.map((d) => [d.date, d.n]));
    const bookedOn = new Map(quotesByDay.map((d) => [d.date, d.booked]));
    const bookingsOn = new Map(bookingsByDay.map((d) => [d.date, d.n]));
    const total = (counts: Map<string, number>, since: string) =>
      [...counts].filter(([date]) => date >= since).reduce((sum, [, n]) => sum + n, 0);
    // The rate follows the period's own quotes (booked since, on any day), so it stays within 0 to 1:
    // the period's bookings include quotes of days before it, and a day's could outnumber its quotes.
    const period = (since: string, newAccounts: number): DashboardPeriod => {
      const q = total(quotesOn, since);
      const booked = total(bookedOn, since);
      return {
        from: since,
        quotes: q,
        bookings: total(bookingsOn, since),
        quotes_booked: booked,
        rate: q ? booked / q : null,
        new_accounts: newAccounts,
      };
    };
    const series = seriesDates.map((date) => ({
      date,
      quotes: quotesOn.get(date) ?? 0,
      bookings: bookingsOn.get(date) ?? 0,
      quotes_booked: bookedOn.get(date) ?? 0,
    }));
    const view: DashboardView = {
      time_zone: days.timeZone,
      today: period(todayDate, newToday),
      month: period(monthDate, newMonth),
      series,
      revenue: revenue.map((r) => ({ mode: r.mode, currency: r.currency, total_cents: r.total ?? 0, shipments: r.n })),
      statuses: statuses.map((s) => ({ status: s.status, count: s.n })),
      action_required: actionRequired,
      delayed,
      accounts: accountStates,
      // The status index's pending rows; only those who decide them are shown the figure.
      credit_applications: canManageCredit(signedIn(request).user.roles) ? { pending: await applications.pendingCount() } : null,
      incidents: {
        count: incidents.count,
        latest: incidents.latest.map((i) => ({
          id: i.id,
          created_at: i.lastSeenAt.toISOString(),
          carrier: i.carrier,
          operation: i.operation,
          error: incidentError(i, language),
          occurrences: i.occurrences,
        })),
      },
      // A handful of rows at most (a pause is rare); read after the figures rather than widen their list.
      paused_carriers: (await breaker.paused()).map((c) => ({
        id: c.id,
        name: c.name,
        scac: c.scac,
        paused_at: c.pausedAt.toISOString(),
        reason: c.reason,
      })),
    };
    const margin = await marginOf(signedIn(request).user, today, month);
    return { data: margin ? { ...view, margin } : view };
  });

  /** Today's and this month's margin for those who may see it: every account's, or a rep's own accounts'. */
  async function marginOf(user: { id: string; roles: readonly string[] }, today: Date, month: Date) {
    if (!canSeeMargin(user.roles)) return undefined;
    const accountIds = seesEveryAccountsMargin(user.roles) ? undefined : await salesRepsService(ctx).accountsOf(user.id);
    if (accountIds?.length === 0) return { today: [], month: [] };
    const figures = async (from: Date): Promise<DashboardMargin[]> =>
      (await repo.margin(from, accountIds)).map((r) => {
        const price = r.price ?? 0;
        const margin = price - (r.cost ?? 0);
        return {
          currency: r.currency,
          shipments: r.n,
          price_cents: price,
          cost_cents: r.cost ?? 0,
          margin_cents: margin,
          margin_bp: price > 0 ? divRound(margin * 10_000, price) : null,
        };
      });
    const [onDay, inMonth] = await Promise.all([figures(today), figures(month)]);
    return { today: onDay, month: inMonth };
  }
}
