import type { Currency, Language } from '@freight/domain';

/** Intl locale of a UI language. */
export function localeOf(language: string): string {
  return language === 'es' ? 'es-MX' : 'en-US';
}

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: Date | string | number | null | undefined, language: Language | string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return d ? new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(d) : '';
}

export function formatDateTime(value: Date | string | number | null | undefined, language: Language | string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return d ? new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(d) : '';
}

export function formatNumber(value: number, language: Language | string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(localeOf(language), options).format(value);
}

export function formatMoney(amount: number, currency: Currency | string, language: Language | string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency }).format(amount);
}
