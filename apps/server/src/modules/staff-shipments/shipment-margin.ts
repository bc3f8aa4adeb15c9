import type { PricingAppliedView, ShipmentMarginView } from '@freight/contracts';
import { canSeeMargin, seesEveryAccountsMargin } from '@freight/domain';
import { divRound } from '@freight/domain/pricing';
import type { ChargeLine } from '@freight/domain/rating';
import type { AppContext } from '../../context';
import type { shipments } from '../../db/schema';
import { salesRepsService } from '../sales-reps/sales-reps.service';

/** Who is asking: the staff user's id and roles. */
export interface MarginViewer {
  id: string;
  roles: readonly string[];
}

/**
 * Whether the viewer may see an account's cost and margin: every account for those who see every
 * account's margin, the accounts it is the rep of for fpg_sales, none for the other staff roles.
 */
export function marginAccess(ctx: Pick<AppContext, 'db' | 'now'>, viewer: MarginViewer) {
  if (!canSeeMargin(viewer.roles)) return async (_accountId: string) => false;
  if (seesEveryAccountsMargin(viewer.roles)) return async (_accountId: string) => true;
  const own = salesRepsService(ctx)
    .accountsOf(viewer.id)
    .then((ids) => new Set(ids));
  return async (accountId: string) => (await own).has(accountId);
}

/** What priced a rate or shipment as staff read it; anything not a contract lane or rule is 'none'. */
export const pricingAppliedView = (applied: unknown): PricingAppliedView => {
  const a = applied as { source?: string; scope?: 'account' | 'default'; version?: number; name?: string } | null;
  if (a && (a.source === 'contract' || a.source === 'rule'))
    return { source: a.source, scope: a.scope ?? 'default', version: a.version ?? 0, name: a.name ?? '' };
  return { source: 'none' };
};

type MarginRow = Pick<typeof shipments.$inferSelect, 'charges' | 'totalCents' | 'costLines' | 'costCents' | 'pricingApplied'>;

/** A shipment's cost and margin figures. A shipment booked before pricing went live was sold at its cost (margin 0). */
export function marginFigures(row: Pick<MarginRow, 'totalCents' | 'costCents'>) {
  const cost = row.costCents ?? row.totalCents;
  const margin = row.totalCents - cost;
  return {
    cost_cents: cost,
    margin_cents: margin,
    margin_bp: row.totalCents > 0 ? divRound(margin * 10_000, row.totalCents) : null,
  };
}

/** A shipment's price and cost lines (each named by `labelOf`, in the reader's language), margin and what priced it. */
export function marginView(row: MarginRow, labelOf: (line: ChargeLine) => string): ShipmentMarginView {
  const label = (lines: ChargeLine[]) => lines.map((c) => ({ code: c.code, label: labelOf(c), amount_cents: c.amount_cents }));
  const recorded = row.costCents !== null;
  return {
    price_lines: label(row.charges as ChargeLine[]),
    price_cents: row.totalCents,
    cost_lines: label((recorded ? row.costLines : row.charges) as ChargeLine[]),
    ...marginFigures(row),
    applied: recorded ? pricingAppliedView(row.pricingApplied) : { source: 'none' },
    cost_recorded: recorded,
  };
}
