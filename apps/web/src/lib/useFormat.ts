import { DEFAULT_SETTINGS } from '@freight/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from './auth';
import { formatDate, formatDateTime, formatDimensions, formatLength, formatMoney, formatNumber, formatWeight } from './format';

/**
 * Format helpers bound to the UI language and the user's default currency and unit system.
 * Weights are given in pounds and lengths in inches (as stored); `units` overrides the user's
 * unit system (a choice not saved yet).
 */
export function useFormat() {
  const { i18n } = useTranslation();
  const user = useAuthUser();
  const language = i18n.language;
  const currency = user?.settings?.currency ?? DEFAULT_SETTINGS.currency;
  const unitSystem: string = user?.settings?.unit_system ?? DEFAULT_SETTINGS.unit_system;
  return useMemo(
    () => ({
      date: (v: Date | string | number | null | undefined) => formatDate(v, language),
      dateTime: (v: Date | string | number | null | undefined) => formatDateTime(v, language),
      number: (v: number, o?: Intl.NumberFormatOptions) => formatNumber(v, language, o),
      money: (amount: number, cur: string = currency) => formatMoney(amount, cur, language),
      unitSystem,
      weight: (lb: number, units: string = unitSystem) => formatWeight(lb, units, language),
      length: (inches: number, units: string = unitSystem) => formatLength(inches, units, language),
      dimensions: (inches: readonly number[], units: string = unitSystem) => formatDimensions(inches, units, language),
    }),
    [language, currency, unitSystem],
  );
}
