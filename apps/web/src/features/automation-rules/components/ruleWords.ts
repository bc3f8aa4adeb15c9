import type { RuleActions, RuleCondition } from '@freight/domain';
import type { TFunction } from 'i18next';

/** Writes a number in the reader's language (useFormat's `number`). */
type NumberWords = (value: number, options?: Intl.NumberFormatOptions) => string;

/** A condition in words: 'Weight under 150 lb', 'Destination state is one of TX, OK'. */
export function conditionWords(t: TFunction, c: RuleCondition, number: NumberWords): string {
  const field = t(`rules.fields.${c.field}`);
  if ('op' in c && 'values' in c) return t(`rules.list_ops.${c.op}`, { field, values: c.values.join(', ') });
  if ('op' in c) {
    const value =
      c.field === 'order_value_cents'
        ? number(c.value / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
        : number(c.value, { maximumFractionDigits: 2 });
    return t(`rules.number_ops.${c.op}`, { field, value, unit: t(`rules.units.${c.field}`) });
  }
  if (c.field === 'marketplace') return t('rules.is', { field, value: t(`rules.marketplaces.${c.value}`) });
  return t('rules.is', { field, value: c.value ? t('rules.yes') : t('rules.no') });
}

/** One action in words: 'Mode: Parcel', 'Accessorials: Liftgate delivery'. */
export function actionWords(t: TFunction, kind: keyof RuleActions, value: unknown): string {
  const label = t(`rules.actions.${kind}`);
  let shown: string;
  switch (kind) {
    case 'mode':
      shown = t(`shipping_modes.${value}`);
      break;
    case 'service_level':
    case 'insurance':
      shown = t(`rules.${kind}_values.${value}`);
      break;
    case 'accessorials':
      shown = (value as string[]).map((a) => t(`shipment.accessorial.${a}`)).join(', ');
      break;
    case 'package_preset':
      shown = t(`quotes.form.package_types.${value}`);
      break;
    case 'hold_for_review':
      shown = value ? t('rules.yes') : t('rules.no');
      break;
    default:
      shown = (value as string[]).join(', ');
  }
  return `${label}: ${shown}`;
}

/** Every action of a rule in words, in the rules' own order. */
export const actionsWords = (t: TFunction, actions: RuleActions) =>
  (Object.entries(actions) as [keyof RuleActions, unknown][])
    .filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => actionWords(t, k, v));
