import type { MarginReport } from '@freight/contracts';
import type { Language } from '@freight/domain';
import { writeCsv } from '../../csv/csv';
import { translator } from '../../i18n';

const COLUMNS = ['group', 'currency', 'shipments', 'price', 'cost', 'margin', 'margin_percent'] as const;

/**
 * The report's groups as CSV through the app's formula-safe writer, the header in the reader's
 * language (the first column named by the grouping). Amounts are plain numbers in the currency's
 * units (12.5 for $12.50) and the percent a number of percent, so a spreadsheet sums them as they are.
 */
export function marginCsv(report: MarginReport, language: Language) {
  const t = translator(language);
  const header: Record<(typeof COLUMNS)[number], string> = {
    group: t(`margin.csv.group.${report.group_by}`),
    currency: t('margin.csv.currency'),
    shipments: t('margin.csv.shipments'),
    price: t('margin.csv.price'),
    cost: t('margin.csv.cost'),
    margin: t('margin.csv.margin'),
    margin_percent: t('margin.csv.margin_percent'),
  };
  const units = (cents: number) => cents / 100;
  return writeCsv(
    COLUMNS.map((c) => header[c]),
    report.rows.map((r) => ({
      [header.group]: r.label,
      [header.currency]: r.currency,
      [header.shipments]: r.shipments,
      [header.price]: units(r.price_cents),
      [header.cost]: units(r.cost_cents),
      [header.margin]: units(r.margin_cents),
      [header.margin_percent]: r.margin_bp === null ? null : r.margin_bp / 100,
    })),
  );
}
