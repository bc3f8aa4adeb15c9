import type { DutyRateCaveat } from '@freight/domain/customs';
import type { TFunction } from 'i18next';

/** A code in words when no catalog has it: 'step_deck' -> 'Step deck'. */
export const humanize = (code: string) => {
  const s = code.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/**
 * A rate's or shipment's service in words ('standard', 'ground', or a truckload equipment type).
 * Equipment types are data: the server names them (`named`, in the reader's language); the
 * catalogs name the types the portal started with, for answers without a name.
 */
export function serviceName(t: TFunction, service: string, named?: string | null): string {
  if (named) return named;
  return t([`quotes.results.service.${service}`, `quotes.form.equipment_types.${service}`], { defaultValue: humanize(service) });
}

/**
 * How far a shipped duty-rate table was checked, in the reader's language (the table's source is
 * the schedule's name, the same in every language); empty for a table staff keep.
 */
export function dutyCaveatText(t: TFunction, caveat: DutyRateCaveat | null): string {
  if (!caveat) return '';
  const codes = caveat.codes.join(', ');
  if (caveat.kind === 'unchecked') return t('shipment.duties.caveat.unchecked', { codes });
  return t(codes ? 'shipment.duties.caveat.demo_except' : 'shipment.duties.caveat.demo', { codes });
}
