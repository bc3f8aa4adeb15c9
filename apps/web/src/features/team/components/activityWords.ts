import type { TeamActivityView } from '@freight/contracts';
import type { TFunction } from 'i18next';

/** An entry's action in words (the shared catalog's `team.activity.actions`, as the server's CSV export words it). */
export const actionWords = (t: TFunction, action: string) => t(`team.activity.actions.${action}`, { defaultValue: action });

/** Who made a change: a colleague by name (or email), the provider's staff as such. */
export const actorWords = (t: TFunction, actor: TeamActivityView['actor']) =>
  actor.kind === 'staff' ? t('team.activity.staff') : actor.name || actor.email;

function fieldValue(t: TFunction, field: string, value: unknown, money: (cents: number) => string): string {
  if (value === null || value === undefined) return field === 'booking_limit_cents' ? t('team.no_limit') : t('team.activity.none');
  if (field === 'role' && typeof value === 'string') return t(`team.roles.${value}`);
  if (field === 'booking_limit_cents' && typeof value === 'number') return money(value);
  if (field === 'approval_required_for' && Array.isArray(value)) {
    return value.length ? value.map((r) => t(`team.rules.${String(r)}`)).join(', ') : t('team.activity.none');
  }
  return String(value);
}

/** What changed, in words ('Role: Shipper → Viewer'), one line per field; the server's export says the same. */
export function detailWords(t: TFunction, entry: Pick<TeamActivityView, 'before' | 'after'>, money: (cents: number) => string): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].map((field) => {
    const label = t(`team.activity.fields.${field}`, { defaultValue: field });
    if (field in before && field in after) {
      return t('team.activity.change', {
        field: label,
        before: fieldValue(t, field, before[field], money),
        after: fieldValue(t, field, after[field], money),
      });
    }
    return t('team.activity.value', { field: label, value: fieldValue(t, field, field in after ? after[field] : before[field], money) });
  });
}
