import type { TariffImpact, TariffPreview } from '@freight/contracts';
import { AppError } from '../../errors';
import { contentHash } from '../../versions/versions';
import type { VersionRow } from './staff-carriers.repository';

/** What a preview vouches for: the draft's tariff and fuel surcharge (its note does not rate anything). */
export const draftHash = (draft: Pick<VersionRow, 'tariff' | 'fuelBp'>) => contentHash({ tariff: draft.tariff, fuel_bp: draft.fuelBp });

/** The impact kept from the draft's last preview, while the draft still is what was previewed; else null. */
export const previewedImpact = (draft: VersionRow): TariffImpact | null =>
  draft.previewedHash !== null && draft.previewedHash === draftHash(draft) ? (draft.previewImpact as TariffImpact) : null;

/** Publishing rates every quote from its day on: only a draft staff have seen the effect of (409 otherwise). */
export function requirePreviewed(draft: VersionRow): TariffImpact {
  const impact = previewedImpact(draft);
  if (!impact) throw new AppError(409, 'tariff_not_previewed', 'errors.tariff_not_previewed');
  return impact;
}

/**
 * A preview's figures as the publish dialog repeats them: quotes re-rated, and over those both
 * tariffs rate, the average and the largest change per quote (signed, USD cents) and the total's
 * change in basis points.
 */
export function impactOf(preview: Omit<TariffPreview, 'impact'>, previewedAt: Date): TariffImpact {
  const changes = preview.lines.flatMap((l) => (l.difference_cents === null ? [] : [l.difference_cents]));
  const largest = changes.reduce((m, d) => (Math.abs(d) > Math.abs(m) ? d : m), 0);
  return {
    quotes: preview.quotes,
    compared: changes.length,
    average_change_cents: changes.length ? Math.round(changes.reduce((a, b) => a + b, 0) / changes.length) : 0,
    largest_change_cents: largest,
    total_change_bp: preview.old_total_cents > 0 ? Math.round((preview.difference_cents / preview.old_total_cents) * 10_000) : null,
    no_longer_rated: preview.no_longer_rated,
    newly_rated: preview.newly_rated,
    previewed_at: previewedAt.toISOString(),
  };
}
