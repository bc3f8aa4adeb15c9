import { createHash } from 'node:crypto';
import type { TariffVersionView } from '@freight/contracts';
import { inForceOn } from '@freight/domain/rating';

/**
 * What carrier tariffs and pricing programs share: versions kept as rows (one draft at most, the
 * published ones dated), the one in force on a day, the number a published draft takes, the view
 * the staff's pages list, and the hash a preview vouches for.
 */

/** A version row as both tables have it, with the emails of who wrote and published it. */
export interface VersionRowLike {
  id: string;
  number: number;
  state: 'draft' | 'published';
  effectiveDate: string | null;
  note: string;
  createdAt: Date;
  publishedAt: Date | null;
}
export type VersionWithPeopleLike = VersionRowLike & {
  createdByEmail: string | null;
  publishedByEmail: string | null;
  restoredFromNumber: number | null;
};

const dated = (v: VersionRowLike) => v.state === 'published' && v.effectiveDate !== null;

/** The published version in force on `day` (the latest effective date not after it; the higher number among equals). */
export function versionInForce<T extends VersionRowLike>(versions: readonly T[], day: string): T | undefined {
  const found = inForceOn(
    versions.filter(dated).map((v) => ({ v, effective_date: v.effectiveDate as string, number: v.number })),
    day,
  );
  return found?.v;
}

/** The earliest effective date after `day` among the published versions (a change that waits), or null. */
export function nextEffectiveDate(versions: readonly VersionRowLike[], day: string): string | null {
  return (
    versions
      .filter((v) => dated(v) && (v.effectiveDate as string) > day)
      .map((v) => v.effectiveDate as string)
      .sort()[0] ?? null
  );
}

/**
 * The number a draft takes when published. A restore made while the draft waited took a higher
 * number; versions of one day rank by number, so the draft published now takes the next one and
 * wins over that restore.
 */
export const publishedNumber = (draftNumber: number, next: number) => (draftNumber === next - 1 ? draftNumber : next);

export function versionView(v: VersionWithPeopleLike, inForce: VersionRowLike | undefined): TariffVersionView {
  return {
    id: v.id,
    number: v.number,
    state: v.state,
    effective_date: v.effectiveDate,
    in_force: inForce?.id === v.id,
    note: v.note,
    restored_from_number: v.restoredFromNumber,
    created_by: v.createdByEmail,
    created_at: v.createdAt.toISOString(),
    published_by: v.publishedByEmail,
    published_at: v.publishedAt?.toISOString() ?? null,
  };
}

/** JSON with every object's keys sorted: jsonb keeps its own key order, so the text alone would not compare. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The hash of what a preview saw: publishing asks for a preview of the draft as it stands. */
export const contentHash = (value: unknown) => createHash('sha256').update(canonical(value)).digest('hex');
