import type { TFunction } from 'i18next';
import type { QuoteCharge } from '../../api/quotesApi';

const humanize = (code: string) => {
  const s = code.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/**
 * A charge line's detail in words: the freight class of a freight line ('Class 70'), the
 * accessorial or surcharge it prices. Nothing when the detail only repeats the charge
 * (fuel/fuel, minimum/minimum).
 */
export function chargeDetail(t: TFunction, charge: QuoteCharge): string {
  const { detail, code } = charge;
  if (!detail || detail === code) return '';
  if (code === 'freight' && /^\d+(\.\d+)?$/.test(detail)) return t('quotes.results.detail.class', { class: detail });
  return t(`quotes.results.detail.${detail}`, { defaultValue: humanize(detail) });
}

/** A rate's service in words ('standard', 'ground', an equipment type). */
export function serviceName(t: TFunction, service: string): string {
  return t(`quotes.results.service.${service}`, { defaultValue: humanize(service) });
}

/** 'YYYY-MM-DD' as a local date (new Date('2026-01-08') would be UTC midnight: the day before in the Americas). */
export function localDate(iso: string): Date | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : iso;
}
