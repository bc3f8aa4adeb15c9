import { describe, expect, it } from 'vitest';
import { addMonths, carrierDeadlines, claimClocksAt, clockOn, shipperDeadlines } from './clocks';

describe('shipper deadlines', () => {
  it('gives concealed damage 5 business days at the delivery place, Thanksgiving and the day after closed', () => {
    // Tue Nov 24 2026: Wed 25 (1), Thu 26 Thanksgiving, Fri 27 carriers closed, Mon 30 (2), Tue 1 (3), Wed 2 (4), Thu 3 (5).
    const d = shipperDeadlines({ kind: 'concealed_damage', deliveredOn: '2026-11-24', expectedDeliveryOn: null, country: 'US' });
    expect(d).toEqual({ startsOn: '2026-11-24', noticeDueOn: '2026-12-03', filingDueOn: '2027-08-24' });
  });

  it('counts an ordinary week over its weekend', () => {
    // Mon Mar 2 2026: Tue 3, Wed 4, Thu 5, Fri 6, Mon 9.
    expect(
      shipperDeadlines({ kind: 'concealed_damage', deliveredOn: '2026-03-02', expectedDeliveryOn: null, country: 'US' })?.noticeDueOn,
    ).toBe('2026-03-09');
  });

  it('gives visible damage and shortage no notice clock, only the 9 months', () => {
    for (const kind of ['visible_damage', 'shortage'] as const) {
      expect(shipperDeadlines({ kind, deliveredOn: '2026-03-15', expectedDeliveryOn: '2026-03-14', country: 'US' })).toEqual({
        startsOn: '2026-03-15',
        noticeDueOn: null,
        filingDueOn: '2026-12-15',
      });
    }
  });

  it('counts a loss from the day it should have been delivered, and damage needs a delivery', () => {
    expect(shipperDeadlines({ kind: 'loss', deliveredOn: null, expectedDeliveryOn: '2026-04-10', country: 'US' })?.filingDueOn).toBe(
      '2027-01-10',
    );
    expect(shipperDeadlines({ kind: 'loss', deliveredOn: null, expectedDeliveryOn: null, country: 'US' })).toBeNull();
    expect(shipperDeadlines({ kind: 'shortage', deliveredOn: null, expectedDeliveryOn: '2026-04-10', country: 'US' })).toBeNull();
  });

  it('ends a month-end delivery on the last day of a shorter month', () => {
    expect(addMonths('2026-05-31', 9)).toBe('2027-02-28');
    expect(addMonths('2027-05-31', 9)).toBe('2028-02-29');
    expect(addMonths('2026-04-30', 9)).toBe('2027-01-30');
  });
});

describe('carrier deadlines', () => {
  it('counts 30 and 120 calendar days from the filing', () => {
    // Dec 15 + 30 = Jan 14; + 120: 16 to Dec 31, 47 to Jan 31, 75 to Feb 28, 106 to Mar 31, then 14 more.
    expect(carrierDeadlines('2026-12-15')).toEqual({ acknowledgementDueOn: '2027-01-14', decisionDueOn: '2027-04-14' });
  });
});

describe('a clock on a day', () => {
  it('is open, due soon within the days given (its last day included), then overdue', () => {
    expect(clockOn('2026-12-10', null, '2026-12-01', 7)).toMatchObject({ state: 'open', daysLeft: 9 });
    expect(clockOn('2026-12-10', null, '2026-12-03', 7)).toMatchObject({ state: 'due_soon', daysLeft: 7 });
    expect(clockOn('2026-12-10', null, '2026-12-10', 7)).toMatchObject({ state: 'due_soon', daysLeft: 0 });
    expect(clockOn('2026-12-10', null, '2026-12-11', 7)).toMatchObject({ state: 'overdue', daysLeft: -1 });
  });

  it('is met once its event happened, late when after the last day', () => {
    expect(clockOn('2026-12-10', '2026-12-10', '2027-03-01')).toEqual({
      dueOn: '2026-12-10',
      metOn: '2026-12-10',
      state: 'met',
      late: false,
      daysLeft: null,
    });
    expect(clockOn('2026-12-10', '2026-12-11', '2026-12-11')).toMatchObject({ state: 'met', late: true });
  });

  it('reads today at the delivery place: 9 PM in Chicago is still the last day there, not in UTC', () => {
    const claim = {
      noticeDueOn: null,
      filingDueOn: '2027-08-24',
      acknowledgementDueOn: '2026-12-10',
      decisionDueOn: '2027-03-10',
      filedOn: '2026-11-10',
      acknowledgedOn: null,
      decidedOn: null,
    };
    const at = new Date('2026-12-11T03:00:00Z');
    expect(claimClocksAt(claim, at, 'America/Chicago').acknowledgement).toMatchObject({ state: 'due_soon', daysLeft: 0 });
    expect(claimClocksAt(claim, at, 'UTC').acknowledgement).toMatchObject({ state: 'overdue', daysLeft: -1 });
    const clocks = claimClocksAt(claim, at, 'America/Chicago');
    expect(clocks.notice).toBeNull();
    expect(clocks.filing).toMatchObject({ state: 'met', late: false });
    // Dec 10 to Mar 10: 21 days of December, 31 of January, 28 of February, 10 of March.
    expect(clocks.decision).toMatchObject({ state: 'open', daysLeft: 90 });
  });

  it('takes a decision as the answer an acknowledgement waits for, and a late concealed-damage notice as met late', () => {
    const clocks = claimClocksAt(
      {
        noticeDueOn: '2026-12-03',
        filingDueOn: '2027-08-24',
        acknowledgementDueOn: '2027-01-03',
        decisionDueOn: '2027-04-03',
        filedOn: '2026-12-04',
        acknowledgedOn: null,
        decidedOn: '2026-12-20',
      },
      new Date('2027-02-01T12:00:00Z'),
      'America/Chicago',
    );
    expect(clocks.notice).toMatchObject({ state: 'met', late: true });
    expect(clocks.acknowledgement).toMatchObject({ state: 'met', metOn: '2026-12-20', late: false });
    expect(clocks.decision).toMatchObject({ state: 'met', late: false });
  });
});
