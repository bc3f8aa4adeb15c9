import type { Currency, Language, UnitSystem } from '@freight/domain';

/** Intl locale of a UI language. */
export function localeOf(language: string): string {
  return language === 'es' ? 'es-MX' : 'en-US';
}

/**
 * Intl formatters of a UI language and options, each built once: building one costs far more than
 * formatting with it (a list of a hundred rows built hundreds; a tracking page's first paint spent
 * a tenth of its script time there).
 */
function builtOnce<Options, Format>(build: (locale: string, options: Options) => Format) {
  const built = new Map<string, Format>();
  return (language: string, options: Options): Format => {
    const key = `${language}|${JSON.stringify(options)}`;
    let format = built.get(key);
    if (!format) {
      format = build(localeOf(language), options);
      built.set(key, format);
    }
    return format;
  };
}

export const dateTimeFormat = builtOnce((locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options));
const numberFormat = builtOnce((locale, options: Intl.NumberFormatOptions | undefined) => new Intl.NumberFormat(locale, options));

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: Date | string | number | null | undefined, language: Language | string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return d ? dateTimeFormat(language, { dateStyle: 'medium' }).format(d) : '';
}

export function formatDateTime(value: Date | string | number | null | undefined, language: Language | string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return d ? dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(d) : '';
}

export function formatNumber(value: number, language: Language | string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(language, options).format(value);
}

export function formatMoney(amount: number, currency: Currency | string, language: Language | string): string {
  return numberFormat(language, { style: 'currency', currency }).format(amount);
}

/** Exact conversion factors; weights are stored in pounds and lengths in inches. */
export const KG_PER_LB = 0.45359237;
export const CM_PER_IN = 2.54;

type Units = UnitSystem | string;
const isMetric = (units: Units) => units === 'metric';

export const weightUnit = (units: Units): 'kg' | 'lb' => (isMetric(units) ? 'kg' : 'lb');
export const lengthUnit = (units: Units): 'cm' | 'in' => (isMetric(units) ? 'cm' : 'in');

/** A weight stored in pounds, in the unit of the unit system. */
export const convertWeight = (lb: number, units: Units): number => (isMetric(units) ? lb * KG_PER_LB : lb);
/** A length stored in inches, in the unit of the unit system. */
export const convertLength = (inches: number, units: Units): number => (isMetric(units) ? inches * CM_PER_IN : inches);

const measure = (value: number, language: Language | string) => formatNumber(value, language, { maximumFractionDigits: 1 });

/** '1,000 lb' or '453.6 kg' for a weight stored in pounds. */
export function formatWeight(lb: number, units: Units, language: Language | string): string {
  return `${measure(convertWeight(lb, units), language)} ${weightUnit(units)}`;
}

/** '48 in' or '121.9 cm' for a length stored in inches. */
export function formatLength(inches: number, units: Units, language: Language | string): string {
  return `${measure(convertLength(inches, units), language)} ${lengthUnit(units)}`;
}

/** '48 × 40 × 48 in' or '121.9 × 101.6 × 121.9 cm' for dimensions stored in inches. */
export function formatDimensions(inches: readonly number[], units: Units, language: Language | string): string {
  return `${inches.map((v) => measure(convertLength(v, units), language)).join(' × ')} ${lengthUnit(units)}`;
}
