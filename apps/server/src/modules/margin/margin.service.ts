import { MARGIN_MAX_DAYS, type MarginQuery, type MarginReport, type MarginRow } from '@freight/contracts';
import { addCalendarDays, type Language, seesEveryAccountsMargin } from '@freight/domain';
import { divRound } from '@freight/domain/pricing';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { translator } from '../../i18n';
import { salesRepsService } from '../sales-reps/sales-reps.service';
import { usersService } from '../users/users.service';
import { type MarginFilter, type MarginSums, marginRepository } from './margin.repository';

/** Who asks: a staff user's id and roles. */
interface MarginViewer {
  id: string;
  roles: readonly string[];
}

/** A group's figures; a shipment booked before costs were kept was summed at its price. */
const figuresOf = (s: MarginSums) => ({
  currency: s.currency,
  shipments: s.n,
  price_cents: s.price,
  cost_cents: s.cost,
  margin_cents: s.price - s.cost,
  margin_bp: s.price > 0 ? divRound((s.price - s.cost) * 10_000, s.price) : null,
});

const VALUE: Record<Exclude<MarginQuery['sort'], 'label'>, (r: MarginRow) => number | null> = {
  margin: (r) => r.margin_cents,
  price: (r) => r.price_cents,
  cost: (r) => r.cost_cents,
  margin_bp: (r) => r.margin_bp,
  shipments: (r) => r.shipments,
};

/**
 * The margin report: the bookings of a pickup range (not canceled), grouped by customer, lane,
 * carrier, mode, sales rep or pickup month, each group's price, cost and margin per currency
 * (amounts of different currencies are never added), with the totals and a monthly series. A sales
 * rep's report holds its own accounts alone; the route lets in only those who see margin.
 */
export function marginService(ctx: AppContext) {
  const repo = marginRepository(ctx.db);
  const days = businessDays(ctx.config.BUSINESS_TIME_ZONE);
  const reps = salesRepsService(ctx);

  /** The pickup days asked for; without them, the current month to date at the business. */
  function range(q: MarginQuery) {
    const to = q.pickup_to ?? days.today(ctx.now());
    const from = q.pickup_from ?? `${to.slice(0, 7)}-01`;
    // The contract bounds a range given whole; one side defaulted to today can still reach too far.
    if (from <= to && addCalendarDays(from, MARGIN_MAX_DAYS) <= to) throw AppError.field('pickup_from', 'validation.range_three_years');
    return { from, to };
  }

  async function labelled(q: MarginQuery, groups: (MarginSums & { key: string })[], language: Language): Promise<MarginRow[]> {
    const t = translator(language);
    const keys = [...new Set(groups.map((g) => g.key).filter((k) => k !== 'none'))];
    const [accounts, carriers, people] = await Promise.all([
      q.group_by === 'customer' ? repo.accountNames(keys) : undefined,
      q.group_by === 'carrier' ? repo.carriers(keys) : undefined,
      q.group_by === 'rep' ? usersService(ctx.db).people(keys) : undefined,
    ]);
    const label = (g: MarginSums & { key: string }) => {
      switch (q.group_by) {
        case 'customer':
          return accounts?.get(g.key) ?? g.key;
        case 'lane':
          return g.key.replace('-', ' → ');
        case 'carrier': {
          const carrier = carriers?.get(g.key);
          return carrier ? `${carrier.name} (${carrier.scac})` : t('margin.no_carrier');
        }
        case 'mode':
          return t(`margin.modes.${g.key}`);
        case 'rep': {
          return people?.get(g.key)?.name ?? t('margin.no_rep');
        }
        case 'month':
          return g.key;
      }
    };
    return groups.map((g) => ({ key: g.key, label: label(g), ...figuresOf(g) }));
  }

  /** The groups in the order asked for (ties by label, then currency). */
  function sorted(q: MarginQuery, rows: MarginRow[]) {
    const sign = q.dir === 'asc' ? 1 : -1;
    const byLabel = (a: MarginRow, b: MarginRow) => a.label.localeCompare(b.label) || a.currency.localeCompare(b.currency);
    const sort = q.sort;
    if (sort === 'label') return rows.sort((a, b) => sign * byLabel(a, b));
    const value = VALUE[sort];
    // No price, no percent: such a group comes after every other, whichever the direction.
    const compare = (x: number | null, y: number | null) => (x === null ? (y === null ? 0 : 1) : y === null ? -1 : sign * (x - y));
    return rows.sort((a, b) => compare(value(a), value(b)) || byLabel(a, b));
  }

  /**
   * The report for `viewer`; `limit` groups at most (the CSV asks for them all). Groups are labelled
   * before sorting only when sorted by label: otherwise only the groups answered are looked up.
   */
  async function report(viewer: MarginViewer, q: MarginQuery, language: Language, limit = q.limit): Promise<MarginReport> {
    const { from, to } = range(q);
    const accountIds = seesEveryAccountsMargin(viewer.roles) ? undefined : await reps.accountsOf(viewer.id);
    const filter: MarginFilter = {
      from,
      to,
      accountIds,
      accountId: q.account_id,
      carrierId: q.carrier_id,
      mode: q.mode,
      salesRepId: q.sales_rep_id,
      originState: q.origin_state,
      destinationState: q.destination_state,
    };
    const sums = accountIds?.length === 0 || from > to ? [] : await repo.sums(q.group_by, filter);
    const groups = sums.filter((s): s is MarginSums & { key: string } => s.key !== null);
    let rows: MarginRow[];
    if (q.sort === 'label') rows = sorted(q, await labelled(q, groups, language)).slice(0, limit);
    else {
      // Sorted by figures alone, then only the groups answered get their names.
      const order = sorted(
        q,
        groups.map((g, i) => ({ key: String(i), label: '', ...figuresOf(g) })),
      ).slice(0, limit);
      rows = await labelled(
        q,
        order.map((r) => groups[Number(r.key)] as MarginSums & { key: string }),
        language,
      );
      // Ties broke on the empty label: now that the names are known, order them again.
      rows = sorted(q, rows);
    }
    return {
      group_by: q.group_by,
      pickup_from: from,
      pickup_to: to,
      rows,
      rest: groups.length - rows.length,
      totals: sums.filter((s) => s.key === null && s.month === null).map((s) => ({ ...figuresOf(s), without_cost: s.without_cost })),
      series: sums
        .filter((s) => s.month !== null && (q.group_by === 'month' || s.key === null))
        .map((s) => ({ month: s.month as string, ...figuresOf(s) }))
        .sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency)),
    };
  }

  return { report };
}
