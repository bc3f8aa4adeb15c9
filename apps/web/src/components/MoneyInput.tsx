import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../lib/format';

/** The decimal and thousands separators of the reader's language, as Intl writes numbers in it. */
export function separatorsOf(language: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(localeOf(language)).formatToParts(12345.6);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

/** An amount as typed (major units, '' when empty) in integer cents; undefined when empty, so the contract says required. */
export function toCents(value: number | string): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return undefined;
  // Through the text of two decimals: 0.29 * 100 is 28.999999999999996 in floating point.
  return Math.round(Number(n.toFixed(2)) * 100);
}

/** Cents as the box shows them (major units). */
export const fromCents = (cents: number | null | undefined): number | '' => (cents === null || cents === undefined ? '' : cents / 100);

/**
 * An amount of money, typed as the reader writes numbers (their language's separators), two
 * decimals at most, never negative; its label names the currency. The form keeps major units;
 * toCents sends integer cents.
 */
export function MoneyInput(props: NumberInputProps) {
  const { i18n } = useTranslation();
  const { decimal, group } = separatorsOf(i18n.language);
  return (
    <NumberInput
      min={0}
      decimalScale={2}
      allowNegative={false}
      decimalSeparator={decimal}
      thousandSeparator={group}
      hideControls
      inputMode="decimal"
      {...props}
    />
  );
}
