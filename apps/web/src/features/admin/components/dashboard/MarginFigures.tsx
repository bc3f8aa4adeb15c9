import type { DashboardMargin, DashboardView } from '@freight/contracts';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import { major } from '../../../../components/shipment/format';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { useMarginPercent } from '../shipments/marginFormat';
import { Figure } from './Figures';

/**
 * Today's and this month's margin on the bookings (not canceled), one figure per currency, each
 * opening the bookings it sums; for staff who may see margin (the server sends it to no one else).
 */
export function MarginFigures({ view, margin }: { view: DashboardView; margin: NonNullable<DashboardView['margin']> }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const percent = useMarginPercent();
  const figures = (rows: DashboardMargin[], label: string, query: Record<string, string>) => {
    const to = paths.admin.shipments({ ...query, exclude_canceled: '1' });
    // No booking yet: a zero in the business's usual currency rather than no figure at all.
    const shown = rows.length ? rows : [{ currency: 'USD', shipments: 0, price_cents: 0, cost_cents: 0, margin_cents: 0, margin_bp: null }];
    return shown.map((r) => (
      <Figure
        key={`${label}-${r.currency}`}
        label={label}
        value={fmt.money(major(r.margin_cents), r.currency)}
        to={to}
        hint={t('admin.dashboard_page.margin_hint', {
          percent: percent(r.margin_bp),
          price: fmt.money(major(r.price_cents), r.currency),
          count: r.shipments,
        })}
      />
    ));
  };
  return (
    <Section title={t('admin.dashboard_page.margin')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {figures(margin.today, t('admin.dashboard_page.margin_today'), { created_from: view.today.from, created_to: view.today.from })}
        {figures(margin.month, t('admin.dashboard_page.margin_month'), { created_from: view.month.from })}
      </SimpleGrid>
    </Section>
  );
}
