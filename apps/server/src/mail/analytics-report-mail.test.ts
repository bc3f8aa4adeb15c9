import type { Totals } from '@freight/domain/analytics';
import { describe, expect, it } from 'vitest';
import { type AnalyticsReportMailData, analyticsReportMail } from './analytics-report-mail';

const onTime = (on_time: number, measured: number) => ({
  on_time,
  measured,
  share_bp: measured ? Math.round((on_time * 10_000) / measured) : null,
});

const totals = (spend: number, shipments: number, pickups: [number, number]): Totals => ({
  shipments,
  spend_cents: spend,
  weight_lb: 1_000 * shipments,
  pallets: shipments,
  cost_per_shipment_cents: shipments ? Math.round(spend / shipments) : null,
  cost_per_cwt_cents: shipments ? Math.round(spend / (10 * shipments)) : null,
  cost_per_100kg_cents: shipments ? Math.round(spend / (22.0462 * shipments)) : null,
  cost_per_pallet_cents: shipments ? Math.round(spend / shipments) : null,
  on_time_pickup: onTime(...pickups),
  on_time_delivery: onTime(0, 0),
  transit_measured: 0,
  avg_transit_tenths: null,
  avg_quoted_transit_tenths: null,
  accuracy: { shipments, corrected: 0, reweighed: 0, reclassed: 0, share_bp: shipments ? 0 : null, amount_cents: 0 },
  savings_measured: 0,
  savings_cents: 0,
});

const data = (over: Partial<AnalyticsReportMailData> = {}): AnalyticsReportMailData => ({
  name: 'Dana',
  account: 'Acme <b>& Sons</b>',
  frequency: 'monthly',
  period: { from: '2031-11-01', to: '2031-11-30' },
  currency: 'USD',
  otherCurrencyShipments: 0,
  unitSystem: 'imperial',
  totals: totals(120_000, 4, [3, 4]),
  before: totals(100_000, 5, [4, 4]),
  changes: [{ dimension: 'lane', key: 'IL-TX', label: 'IL → TX', before_cents: 40_000, after_cents: 20_000, change_bp: -5_000 }],
  analyticsUrl: 'https://portal.test/analytics?period=custom&from=2031-11-01&to=2031-11-30&currency=USD',
  unsubscribeUrl: 'https://portal.test/analytics-report/unsubscribe/u.sig',
  ...over,
});

describe('the Analytics report mail', () => {
  it('says each figure against the month before: relative changes, shares in points', () => {
    const mail = analyticsReportMail('en', 'dana@acme.test', data());
    expect(mail.subject).toBe('Your shipping report for November 2031');
    expect(mail.text).toContain('Spend: $1,200.00 (+20% against the month before)');
    expect(mail.text).toContain('Shipments: 4 (-20% against the month before)');
    expect(mail.text).toContain('On-time pickup: 75% (-25 points against the month before)');
    expect(mail.text).toContain('On-time delivery: none measured');
    expect(mail.text).toContain('Spend on the lane IL → TX fell 50%.');
    expect(mail.text).toContain('Stop this report: https://portal.test/analytics-report/unsubscribe/u.sig');
    expect(mail.text).toContain('You get this report on the first of every month because you chose it in your settings.');
  });

  it('escapes the account’s name in the HTML and keeps it whole in the text', () => {
    const mail = analyticsReportMail('en', 'dana@acme.test', data());
    expect(mail.html).toContain('Acme &lt;b&gt;&amp; Sons&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('Acme <b>& Sons</b>');
  });

  it('counts the shipments of other currencies apart, and reads cost per 100 kg in metric', () => {
    const mail = analyticsReportMail('es', 'dana@acme.test', data({ otherCurrencyShipments: 2, unitSystem: 'metric' }));
    expect(mail.subject).toBe('Su informe de envíos de noviembre de 2031');
    expect(mail.text).toContain('Costo por 100 kg:');
    expect(mail.text).not.toContain('quintal');
    expect(mail.text).toContain('2 envíos en otras monedas no se cuentan aquí');
    expect(mail.text).toContain('El gasto en la ruta IL → TX bajó 50%.');
  });

  it('a period without shipments is one sentence, with the links', () => {
    const mail = analyticsReportMail('en', 'dana@acme.test', data({ totals: totals(0, 0, [0, 0]), changes: [] }));
    expect(mail.text).toContain('Acme <b>& Sons</b> had no shipments picked up in November 2031.');
    expect(mail.text).not.toContain('Spend');
    expect(mail.text).toContain('Open Analytics for this period: https://portal.test/analytics?');
  });
});
