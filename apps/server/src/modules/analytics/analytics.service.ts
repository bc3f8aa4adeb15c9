import type { AnalyticsQuery, AnalyticsReport, AnalyticsShipmentsQuery } from '@freight/contracts';
import type { Language } from '@freight/domain';
import { type FigureSums, noSums, periodRange, previousRange, rankAccessorials, totalsFrom, trendStep } from '@freight/domain/analytics';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import { type AuditActor, audit } from '../audit/audit';
import { shipmentsService } from '../shipments/shipments.service';
import { usersService } from '../users/users.service';
import { accessorialLabel, presentGroups, presentOptions } from './analytics.presenter';
import { type AnalyticsFilter, analyticsRepository } from './analytics.repository';
import { analyticsSummaryRepository, type PeriodDimensions, type SummarySet, type SummedRow } from './analytics-summary.repository';

/** Who asks: their account, and the currency they read amounts in. */
export interface AnalyticsCaller {
  accountId: string;
  currency: string;
}

/**
 * The shipper's Analytics: the figures of an account's shipments picked up in a period, counted
 * by the definitions of @freight/domain/analytics, and the shipments behind any one of them for My
 * Shipments. Always one account (the caller's, from the session) and one currency at a time.
 */
export function analyticsService(ctx: AppContext) {
  const repo = analyticsRepository(ctx.db);
  const summary = analyticsSummaryRepository(ctx.db);
  const days = businessDays(ctx.config.BUSINESS_TIME_ZONE);

  /** The filter of a query: its period as of the business's today, its filters, the currency asked for or the reader's. */
  function filterOf(caller: AnalyticsCaller, q: AnalyticsQuery): AnalyticsFilter {
    const { from, to } = periodRange(q.period, days.today(ctx.now()), { from: q.from, to: q.to });
    const [origin, destination] = q.lane ? q.lane.split('-') : [];
    return {
      accountId: caller.accountId,
      from,
      to,
      currency: q.currency ?? caller.currency,
      mode: q.mode,
      carrierId: q.carrier_id,
      originState: q.origin,
      destinationState: q.destination,
      lane: origin && destination ? { origin, destination } : undefined,
      userId: q.user_id,
    };
  }

  /**
   * The currency amounts are read in: the one asked for, else the reader's own when the account
   * shipped in it in the period, else the one it shipped most in.
   */
  function currencyOf(caller: AnalyticsCaller, q: AnalyticsQuery, dims: PeriodDimensions) {
    if (q.currency) return q.currency;
    const counts = dims.currencies;
    if (counts.has(caller.currency) || counts.size === 0) return caller.currency;
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? caller.currency;
  }

  /** A filter's sums in all and grouped, its accessorials, and the period before's shipments and spend. */
  const figuresOf = (filter: AnalyticsFilter, step: 'day' | 'month') =>
    Promise.all([summary.grouped(filter, step), summary.accessorials(filter), summary.volume({ ...filter, ...previousRange(filter) })]);

  /**
   * The page's figures, added up from the summary (analytics_days, at most a minute behind the
   * shipments) in SQL: the period's dimensions, its sums in all, by mode, carrier, lane and trend
   * step, its accessorials, and the period before's shipments and spend.
   */
  async function report(caller: AnalyticsCaller, q: AnalyticsQuery, language: Language): Promise<AnalyticsReport> {
    const period = filterOf(caller, q);
    const step = trendStep(period.from, period.to);
    // The sums are read in the currency asked for, else the reader's, at the same time as the
    // dimensions that say whether the account shipped in it (it nearly always did), and the bookers
    // are named as soon as the dimensions are in: one wait instead of three, and a second read of
    // the sums only when another currency is shown.
    const dimensions = summary.dimensions(period);
    const [dims, guessed, people] = await Promise.all([
      dimensions,
      figuresOf(period, step),
      dimensions.then((d) => usersService(ctx.db).people(d.userIds)),
    ]);
    const currency = currencyOf(caller, q, dims);
    const filter = { ...period, currency };
    const [rows, accessorials, previous] = currency === period.currency ? guessed : await figuresOf(filter, step);
    const of = (set: SummarySet, key: (r: SummedRow) => string) =>
      new Map<string, FigureSums>(rows.filter((r) => r.set === set).map((r) => [key(r), r]));
    const names = new Map(rows.filter((r) => r.set === 'carrier').map((r) => [r.carrierId ?? 'none', r.carrierName ?? '']));
    return {
      period: { from: filter.from, to: filter.to },
      previous: { ...previousRange(filter), ...previous },
      currency,
      currencies: [...dims.currencies]
        .map(([c, n]) => ({ currency: c, shipments: n }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
      totals: totalsFrom(of('total', () => '').get('') ?? noSums()),
      trend: {
        step,
        points: rows
          .filter((r) => r.set === 'trend' && r.shipments > 0)
          .map((r) => ({ bucket: r.bucket ?? '', shipments: r.shipments, spend_cents: r.spend_cents }))
          .sort((a, b) => a.bucket.localeCompare(b.bucket)),
      },
      by_mode: presentGroups(
        of('mode', (r) => r.mode ?? ''),
        (k) => k,
      ),
      by_carrier: presentGroups(
        of('carrier', (r) => r.carrierId ?? 'none'),
        (k) => names.get(k) ?? k,
      ),
      top_lanes: presentGroups(
        of('lane', (r) => `${r.originState}-${r.destinationState}`),
        (k) => k.replace('-', ' → '),
        true,
      ),
      accessorials: rankAccessorials(accessorials).map((a) => ({ ...a, label: accessorialLabel(a.kind, language) })),
      options: presentOptions(dims, people, caller.accountId),
    };
  }

  /** The ids of the shipments behind a figure (the export narrows My Shipments to them). */
  const shipmentIds = (caller: AnalyticsCaller, q: AnalyticsShipmentsQuery) => repo.idsBehind(filterOf(caller, q), q);

  return {
    report,

    shipmentIds,

    /** A page of the shipments behind a figure, as My Shipments lists them. */
    async shipments(caller: AnalyticsCaller & { userId: string }, q: AnalyticsShipmentsQuery, perPage: number) {
      const list = { page: q.page, perPage, status: q.status, bookedBy: q.mine ? caller.userId : undefined, sort: q.sort, dir: q.dir };
      // A search follows My Shipments' own rules (a whole BOL number is looked up first): it narrows the figure's ids there.
      if (q.q) return shipmentsService(ctx).page(caller.accountId, { ...list, search: q.q, ids: await shipmentIds(caller, q) });
      const found = await repo.pageBehind(filterOf(caller, q), q, list);
      return { ...found, people: await usersService(ctx.db).people(found.rows.map((r) => r.userId)) };
    },

    /** Whether the account's viewers read Analytics. */
    access: async (accountId: string) => ({ viewers: await repo.viewersSeeAnalytics(accountId) }),

    /** Opens Analytics to the account's viewers or closes it; audited, naming the account. */
    async setAccess(account: { id: string; name: string }, viewers: boolean, actor: AuditActor) {
      await ctx.db.transaction(async (tx) => {
        const r = analyticsRepository(tx);
        const before = await r.viewersSeeAnalytics(account.id);
        if (before === viewers) return;
        await r.setViewersSeeAnalytics(account.id, viewers, ctx.now());
        await audit(
          tx,
          actor,
          {
            action: 'account.viewer_analytics',
            entityType: 'account',
            entityId: account.id,
            targetLabel: account.name,
            accountId: account.id,
            before: { viewers: before },
            after: { viewers },
          },
          ctx.now(),
        );
      });
      return { viewers };
    },
  };
}
