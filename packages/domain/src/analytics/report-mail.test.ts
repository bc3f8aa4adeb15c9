import { describe, expect, it } from 'vitest';
import { largestChanges, reportPeriod, reportPreviousPeriod, type SpendGroup } from './report-mail';

const carrier = (key: string, spend: number): SpendGroup => ({ dimension: 'carrier', key, label: key.toUpperCase(), spend_cents: spend });
const mode = (key: string, spend: number): SpendGroup => ({ dimension: 'mode', key, label: key, spend_cents: spend });

describe('reportPeriod', () => {
  it('a weekly report on a Monday covers the Monday to Sunday before', () => {
    // 2031-12-08 is a Monday.
    expect(reportPeriod('weekly', '2031-12-08')).toEqual({ from: '2031-12-01', to: '2031-12-07' });
  });
  it('later in the week, and on the Sunday, it is still the last whole week', () => {
    expect(reportPeriod('weekly', '2031-12-10')).toEqual({ from: '2031-12-01', to: '2031-12-07' });
    expect(reportPeriod('weekly', '2031-12-14')).toEqual({ from: '2031-12-01', to: '2031-12-07' });
  });
  it('a monthly report covers the whole month before, across a year', () => {
    expect(reportPeriod('monthly', '2031-12-01')).toEqual({ from: '2031-11-01', to: '2031-11-30' });
    expect(reportPeriod('monthly', '2032-01-01')).toEqual({ from: '2031-12-01', to: '2031-12-31' });
    expect(reportPeriod('monthly', '2032-03-01')).toEqual({ from: '2032-02-01', to: '2032-02-29' });
  });
  it('compares a week with the week before and a month with the whole month before', () => {
    expect(reportPreviousPeriod('weekly', { from: '2031-12-01', to: '2031-12-07' })).toEqual({ from: '2031-11-24', to: '2031-11-30' });
    expect(reportPreviousPeriod('monthly', { from: '2032-03-01', to: '2032-03-31' })).toEqual({ from: '2032-02-01', to: '2032-02-29' });
  });
});

describe('largestChanges', () => {
  it('ranks by relative size, rises and falls alike, and keeps three', () => {
    const before = [carrier('xpo', 10_000), carrier('odfl', 100_000), mode('ltl', 50_000), mode('parcel', 1_000), carrier('saia', 4_000)];
    const after = [carrier('xpo', 13_400), carrier('odfl', 150_000), mode('ltl', 45_000), mode('parcel', 200), carrier('saia', 4_100)];
    const changes = largestChanges(after, before);
    // parcel -80%, odfl +50%, xpo +34%; ltl -10% and saia +2.5% are left out.
    expect(changes.map((c) => [c.key, c.change_bp])).toEqual([
      ['parcel', -8_000],
      ['odfl', 5_000],
      ['xpo', 3_400],
    ]);
    expect(changes[2]).toMatchObject({ dimension: 'carrier', label: 'XPO', before_cents: 10_000, after_cents: 13_400 });
  });
  it('a group that stopped fell 100%; a new one and an unchanged one are not named', () => {
    const changes = largestChanges([carrier('new', 90_000), carrier('same', 5_000)], [carrier('gone', 7_000), carrier('same', 5_000)]);
    expect(changes).toEqual([
      { dimension: 'carrier', key: 'gone', label: 'GONE', before_cents: 7_000, after_cents: 0, change_bp: -10_000 },
    ]);
  });
  it('the same relative size: the larger change in cents first, then carrier before mode', () => {
    const changes = largestChanges(
      [carrier('a', 2_000), mode('ltl', 20_000), carrier('b', 20_000)],
      [carrier('a', 1_000), mode('ltl', 10_000), carrier('b', 10_000)],
    );
    expect(changes.map((c) => `${c.dimension}:${c.key}`)).toEqual(['carrier:b', 'mode:ltl', 'carrier:a']);
  });
  it('the same key in two dimensions are two groups', () => {
    const changes = largestChanges([mode('x', 300)], [mode('x', 100), carrier('x', 100)]);
    expect(changes.map((c) => [c.dimension, c.change_bp])).toEqual([
      ['mode', 20_000],
      ['carrier', -10_000],
    ]);
  });
  it('nothing before: no change to name', () => {
    expect(largestChanges([carrier('a', 5)], [])).toEqual([]);
  });
});
