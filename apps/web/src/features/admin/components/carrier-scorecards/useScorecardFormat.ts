import type { ScorecardCells } from '@freight/contracts';
import type { ScorecardFigure } from '@freight/domain/analytics';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/useFormat';

/** The Admin Shipments params listing the shipments behind a figure of a carrier's months. */
export const behindFigure = (carrierId: string, from: string, to: string, figure: ScorecardFigure): Record<string, string> => ({
  carrier_id: carrierId,
  pickup_from: from,
  pickup_to: to,
  exclude_canceled: '1',
  figure,
});

/** The last day of a 'YYYY-MM' month. */
export const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** The scorecards' figures as the reader writes numbers: shares, days, counts; "—" where nothing was measured. */
export function useScorecardFormat() {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  return useMemo(() => {
    const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    const none = t('admin.scorecards.none');
    return {
      number: (n: number) => fmt.number(n),
      share: (bp: number | null) => (bp === null ? none : fmt.number(bp / 10_000, { style: 'percent', maximumFractionDigits: 1 })),
      days: (tenths: number | null) => (tenths === null ? none : fmt.number(tenths / 10, { maximumFractionDigits: 1 })),
      /** Transit taken against quoted: "2.5 / 2". */
      transit: (c: ScorecardCells) =>
        c.avg_transit_tenths === null
          ? none
          : t('admin.scorecards.transit_against', {
              taken: fmt.number(c.avg_transit_tenths / 10, { maximumFractionDigits: 1 }),
              quoted: fmt.number((c.avg_quoted_transit_tenths ?? 0) / 10, { maximumFractionDigits: 1 }),
            }),
      failures: (c: ScorecardCells) => fmt.number(c.rate_errors + c.rate_timeouts),
      claims: (c: ScorecardCells) => (c.claims === null ? none : fmt.number(c.claims)),
      /** A month ('2026-11') as the reader names it. */
      month: (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`)),
      none,
    };
  }, [fmt, t, i18n.language]);
}
export type ScorecardFormat = ReturnType<typeof useScorecardFormat>;
