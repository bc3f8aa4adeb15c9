/**
 * The words of the shipper's analytics that both sides need without the calendar (the web carries
 * no holiday data): the periods a page asks for and the figures a drill-down link names.
 */

/** The periods of the Analytics page; 'custom' takes its own days. */
export const ANALYTICS_PERIODS = ['this_month', 'last_month', 'quarter', 'year', 'custom'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** The figures a drill-down link names, each the rule of which shipments stand behind it (figures.ts). */
export const DRILL_FIGURES = [
  'shipments',
  'picked_up_on_time',
  'picked_up_late',
  'delivered_on_time',
  'delivered_late',
  'transit_measured',
  'corrected',
  'with_savings',
  'accessorial',
] as const;
export type DrillFigure = (typeof DRILL_FIGURES)[number];

/** The Analytics page's params as its URL holds them: the period and the filters a figure is read with. */
export const ANALYTICS_PARAMS = [
  'period',
  'from',
  'to',
  'mode',
  'carrier_id',
  'lane',
  'origin',
  'destination',
  'user_id',
  'currency',
] as const;
