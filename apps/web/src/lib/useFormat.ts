import { DEFAULT_SETTINGS } from '@freight/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from './auth';
import { formatDate, formatDateTime, formatMoney, formatNumber } from './format';

/** Format helpers bound to the UI language and the user's default currency. */
export function useFormat() {
  const { i18n } = useTranslation();
  const user = useAuthUser();
  const language = i18n.language;
  const currency = user?.settings?.currency ?? DEFAULT_SETTINGS.currency;
  return useMemo(
    () => ({
      date: (v: Date | string | number | null | undefined) => formatDate(v, language),
      dateTime: (v: Date | string | number | null | undefined) => formatDateTime(v, language),
      number: (v: number, o?: Intl.NumberFormatOptions) => formatNumber(v, language, o),
      money: (amount: number, cur: string = currency) => formatMoney(amount, cur, language),
    }),
    [language, currency],
  );
}
