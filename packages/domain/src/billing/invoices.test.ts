import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AGING_BUCKETS,
  addCalendarDays,
  agingBucket,
  agingSummary,
  checkAllocations,
  correctedAmounts,
  daysPastDue,
  disputeMaximum,
  holdReasons,
  invoiceNumber,
  invoiceStatus,
} from './invoices';

describe('aging', () => {
  it('counts calendar days past the due date, across months and leap days', () => {
    expect(daysPastDue('2026-11-20', '2026-11-20')).toBe(0);
    expect(daysPastDue('2026-11-20', '2026-11-10')).toBe(0);
    expect(daysPastDue('2028-02-28', '2028-03-01')).toBe(2);
    expect(addCalendarDays('2026-12-20', 15)).toBe('2027-01-04');
  });

  it('puts 0, 1, 30, 31, 60, 61, 90 and 91 days in their buckets', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91].map(agingBucket)).toEqual([
      'current',
      'days_1_30',
      'days_1_30',
      'days_31_60',
      'days_31_60',
      'days_61_90',
      'days_61_90',
      'days_90_plus',
    ]);
  });

  it('the buckets add up to the open balance to the cent, whatever the invoices', () => {
    const invoice = fc.record({
      dueDate: fc.integer({ min: 0, max: 400 }).map((d) => addCalendarDays('2026-01-01', d)),
      balanceCents: fc.integer({ min: 0, max: 50_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(invoice, { maxLength: 60 }), fc.integer({ min: 0, max: 500 }), (invoices, offset) => {
        const today = addCalendarDays('2026-01-01', offset);
        const s = agingSummary(invoices, today);
        const sum = AGING_BUCKETS.reduce((acc, b) => acc + s[b], 0);
        expect(sum).toBe(s.total_cents);
        expect(s.total_cents).toBe(invoices.reduce((acc, i) => acc + i.balanceCents, 0));
      }),
    );
  });
});

describe('invoiceStatus', () => {
  const base = { balanceCents: 1000, pendingCents: 0, disputedCents: 0, dueDate: '2026-11-20' };
  it('open before the due date, past due after it', () => {
    expect(invoiceStatus(base, '2026-11-20')).toBe('open');
    expect(invoiceStatus(base, '2026-11-21')).toBe('past_due');
  });
  it('disputed wins over past due; processing while a bank payment covers the balance; paid at zero', () => {
    expect(invoiceStatus({ ...base, disputedCents: 500 }, '2026-12-30')).toBe('disputed');
    expect(invoiceStatus({ ...base, balanceCents: 0, pendingCents: 1000 }, '2026-12-30')).toBe('processing');
    expect(invoiceStatus({ ...base, balanceCents: 400, pendingCents: 600 }, '2026-12-30')).toBe('past_due');
    expect(invoiceStatus({ ...base, balanceCents: 0 }, '2026-12-30')).toBe('paid');
  });
});

describe('checkAllocations', () => {
  const invoices = [
    { id: 'a', balanceCents: 10_000 },
    { id: 'b', balanceCents: 2_550 },
  ];
  it('totals a payment of several invoices, a partial one included', () => {
    expect(
      checkAllocations(
        [
          { invoiceId: 'a', amountCents: 4_000 },
          { invoiceId: 'b', amountCents: 2_550 },
        ],
        invoices,
      ),
    ).toEqual({ ok: true, totalCents: 6_550 });
  });
  it('refuses nothing selected, an unknown or repeated invoice, zero, fractions and more than the balance', () => {
    expect(checkAllocations([], invoices)).toMatchObject({ ok: false, problem: 'none_selected' });
    expect(checkAllocations([{ invoiceId: 'z', amountCents: 1 }], invoices)).toMatchObject({ problem: 'unknown_invoice' });
    expect(
      checkAllocations(
        [
          { invoiceId: 'a', amountCents: 1 },
          { invoiceId: 'a', amountCents: 1 },
        ],
        invoices,
      ),
    ).toMatchObject({ problem: 'duplicate', index: 1 });
    expect(checkAllocations([{ invoiceId: 'a', amountCents: 0 }], invoices)).toMatchObject({ problem: 'not_positive' });
    expect(checkAllocations([{ invoiceId: 'a', amountCents: 1.5 }], invoices)).toMatchObject({ problem: 'not_positive' });
    expect(checkAllocations([{ invoiceId: 'b', amountCents: 2_551 }], invoices)).toMatchObject({ problem: 'over_balance' });
  });
  it('never allocates more than a balance, and the total is the sum of the allocations', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 50 }),
        fc.array(fc.integer({ min: -10, max: 1_100_000 }), { minLength: 1, maxLength: 50 }),
        (balances, amounts) => {
          const inv = balances.map((b, i) => ({ id: String(i), balanceCents: b }));
          const req = amounts.slice(0, inv.length).map((a, i) => ({ invoiceId: String(i), amountCents: a }));
          const r = checkAllocations(req, inv);
          const valid = req.every((a, i) => a.amountCents > 0 && a.amountCents <= (inv[i]?.balanceCents ?? 0));
          expect(r.ok).toBe(valid);
          if (r.ok) expect(r.totalCents).toBe(req.reduce((s, a) => s + a.amountCents, 0));
        },
      ),
    );
  });
});

describe('disputeMaximum', () => {
  const lines = [
    { key: 'freight:70', invoicedCents: 80_000 },
    { key: 'fuel', invoicedCents: 12_000 },
  ];
  const open = (chargeCode: string | null, amountCents: number) => ({ chargeCode, status: 'open', amountCents, acceptedCents: null });

  it('bounds a line by what it invoiced and the invoice by its balance', () => {
    expect(disputeMaximum({ balanceCents: 92_000, lines, disputes: [] }, 'freight:70')).toBe(80_000);
    expect(disputeMaximum({ balanceCents: 92_000, lines, disputes: [] }, null)).toBe(92_000);
    // Partly paid: the balance bounds a line too.
    expect(disputeMaximum({ balanceCents: 50_000, lines, disputes: [] }, 'freight:70')).toBe(50_000);
  });

  it('leaves room only for what other open disputes do not claim', () => {
    const disputes = [open('fuel', 12_000), open(null, 30_000)];
    expect(disputeMaximum({ balanceCents: 92_000, lines, disputes }, null)).toBe(50_000);
    expect(disputeMaximum({ balanceCents: 92_000, lines, disputes }, 'freight:70')).toBe(50_000);
    expect(disputeMaximum({ balanceCents: 40_000, lines, disputes }, null)).toBe(0);
  });

  it('takes what accepted disputes of the line credited off the line, and ignores rejected ones', () => {
    const disputes = [
      { chargeCode: 'fuel', status: 'accepted', amountCents: 5_000, acceptedCents: 4_000 },
      { chargeCode: 'fuel', status: 'rejected', amountCents: 6_000, acceptedCents: null },
    ];
    expect(disputeMaximum({ balanceCents: 88_000, lines, disputes }, 'fuel')).toBe(8_000);
  });

  it('is zero for an unknown or a negative line', () => {
    expect(disputeMaximum({ balanceCents: 92_000, lines, disputes: [] }, 'nope')).toBe(0);
    expect(disputeMaximum({ balanceCents: 92_000, lines: [{ key: 'discount', invoicedCents: -500 }], disputes: [] }, 'discount')).toBe(0);
  });
});

describe('holdReasons', () => {
  const ok = { openBalanceCents: 100_000, uninvoicedCents: 50_000, creditLimitCents: 200_000, maxDaysPastDue: 10, graceDays: 10 };
  it('no hold within terms and limit; past due beyond the grace days; over the limit with the uninvoiced bookings', () => {
    expect(holdReasons(ok)).toEqual([]);
    expect(holdReasons({ ...ok, maxDaysPastDue: 11 })).toEqual(['past_due']);
    expect(holdReasons({ ...ok, uninvoicedCents: 100_001 })).toEqual(['over_limit']);
  });
});

it('numbers invoices INV- and seven digits', () => {
  expect(invoiceNumber(42)).toBe('INV-0000042');
});

describe('correctedAmounts', () => {
  it('scales the linehaul, its discount and fuel; leaves accessorials, minimum and insurance as booked', () => {
    const lines = [
      { code: 'freight', amount_cents: 100_000 },
      { code: 'discount', amount_cents: -70_000 },
      { code: 'fuel', amount_cents: 9_001 },
      { code: 'accessorial', amount_cents: 7_500 },
      { code: 'minimum', amount_cents: 1_000 },
      { code: 'insurance', amount_cents: 5_000 },
    ];
    expect(correctedAmounts(lines, 1.2)).toEqual([120_000, -84_000, 10_801, 7_500, 1_000, 5_000]);
    expect(correctedAmounts(lines, 1)).toEqual(lines.map((l) => l.amount_cents));
  });
});
