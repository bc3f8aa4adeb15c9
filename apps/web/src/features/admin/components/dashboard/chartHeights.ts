/**
 * The dashboard charts' heights: DashboardCharts.tsx draws them so, and ChartSections.tsx keeps
 * their room on the page until they arrive (apart from both, as one loads the other).
 */
export const CHART_HEIGHTS = { perDay: 220, ratePerDay: 140, revenue: 260 } as const;
