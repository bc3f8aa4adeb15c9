import type { Language } from '@freight/domain';
import type { DayRange, ReportFrequency, SpendChange, Totals } from '@freight/domain/analytics';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';
import { mailMoney, oneLine, paragraphMail } from './templates';

/** What the Analytics report by mail says: the period's headline figures against the period before, and its largest changes. */
export interface AnalyticsReportMailData {
  name: string;
  account: string;
  frequency: ReportFrequency;
  period: DayRange;
  currency: string;
  /** The period's shipments in other currencies, which the figures leave out. */
  otherCurrencyShipments: number;
  unitSystem: string;
  totals: Totals;
  before: Totals;
  /** The largest changes of spend (labels already in the reader's words). */
  changes: SpendChange[];
  analyticsUrl: string;
  unsubscribeUrl: string;
}

type Figure = { label: string; value: string; change: string | null };

/**
 * The Analytics report by mail, in the reader's language, amounts in the period's currency and
 * weight in their units: the period's spend, shipments, cost per shipment and per hundredweight
 * (or 100 kg), on-time pickup and delivery and invoice accuracy, each against the period before
 * (a relative change; shares in points), then the largest changes of spend, a link to the
 * Analytics page of the period and one that stops the report. A period without shipments is
 * said in one sentence.
 */
export function analyticsReportMail(language: Language, to: string, d: AnalyticsReportMailData): MailMessage {
  const t = translator(language);
  const k = (key: string, params: Record<string, unknown> = {}) => t(`mail.analytics_report.${key}`, params);
  const locale = language === 'es' ? 'es-MX' : 'en-US';
  const f = d.frequency;
  const money = mailMoney(language);
  const day = (iso: string, month = false) =>
    new Intl.DateTimeFormat(
      locale,
      month ? { timeZone: 'UTC', month: 'long', year: 'numeric' } : { timeZone: 'UTC', month: 'long', day: 'numeric' },
    ).format(new Date(`${iso}T00:00:00Z`));
  const dates = { from: day(d.period.from), to: day(d.period.to), month: day(d.period.from, true), account: oneLine(d.account) };
  const number = (n: number, options: Intl.NumberFormatOptions = {}) => new Intl.NumberFormat(locale, options).format(n);
  const percent = (ratio: number) => number(ratio, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 });
  const none = k('not_measured');

  /** A change relative to the period before; "none before" when there was nothing to compare with. */
  const relative = (now: number | null, before: number | null) => {
    if (now === null) return null;
    if (!before) return k(`none_before_${f}`);
    return k(`change_${f}`, { change: percent((now - before) / before) });
  };
  /** A share's change in percentage points (basis points in, one decimal out). */
  const points = (now: number | null, before: number | null) =>
    now === null || before === null
      ? null
      : k(`change_${f}`, {
          change: k('points', { change: number((now - before) / 100, { signDisplay: 'exceptZero', maximumFractionDigits: 1 }) }),
        });
  const cents = (v: number | null) => (v === null ? none : money(v, d.currency));
  const share = (bp: number | null) => (bp === null ? none : number(bp / 10_000, { style: 'percent', maximumFractionDigits: 1 }));

  const now = d.totals;
  const was = d.before;
  const metric = d.unitSystem === 'metric';
  const perWeight = metric ? 'cost_per_100kg_cents' : 'cost_per_cwt_cents';
  const figures: Figure[] = [
    { label: k('spend'), value: money(now.spend_cents, d.currency), change: relative(now.spend_cents, was.spend_cents) },
    { label: k('shipments'), value: number(now.shipments), change: relative(now.shipments, was.shipments) },
    {
      label: k('cost_per_shipment'),
      value: cents(now.cost_per_shipment_cents),
      change: relative(now.cost_per_shipment_cents, was.cost_per_shipment_cents),
    },
    {
      label: k(metric ? 'cost_per_100kg' : 'cost_per_cwt'),
      value: cents(now[perWeight]),
      change: relative(now[perWeight], was[perWeight]),
    },
    {
      label: k('on_time_pickup'),
      value: share(now.on_time_pickup.share_bp),
      change: points(now.on_time_pickup.share_bp, was.on_time_pickup.share_bp),
    },
    {
      label: k('on_time_delivery'),
      value: share(now.on_time_delivery.share_bp),
      change: points(now.on_time_delivery.share_bp, was.on_time_delivery.share_bp),
    },
    { label: k('accuracy'), value: share(now.accuracy.share_bp), change: points(now.accuracy.share_bp, was.accuracy.share_bp) },
  ];

  const subject = k(`subject_${f}`, dates);
  const actions = [
    { label: k('action'), url: d.analyticsUrl },
    { label: k('unsubscribe_action'), url: d.unsubscribeUrl },
  ];
  const outro = [k(`why_${f}`), t('mail.signature')];
  const greeting = t('mail.greeting', { name: oneLine(d.name) });
  if (now.shipments === 0) return paragraphMail(to, subject, [greeting, k(`no_shipments_${f}`, dates)], actions, outro);

  const changeLine = (c: SpendChange) =>
    k(`change_${c.dimension}_${c.change_bp > 0 ? 'rose' : 'fell'}`, {
      name: oneLine(c.dimension === 'mode' ? t(`mail.modes.${c.key}`, { defaultValue: c.label }) : c.label),
      change: number(Math.abs(c.change_bp) / 10_000, { style: 'percent', maximumFractionDigits: 1 }),
    });
  const lines = [
    greeting,
    k(`intro_${f}`, dates),
    ...figures.map((x) => (x.change ? k('figure', x) : k('figure_alone', x))),
    d.otherCurrencyShipments > 0 ? k('currency_note', { currency: d.currency, count: d.otherCurrencyShipments }) : '',
    d.changes.length ? k('changes_title') : '',
    ...d.changes.map(changeLine),
  ];
  return paragraphMail(to, subject, lines, actions, outro);
}
