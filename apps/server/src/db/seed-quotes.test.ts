import { DEFAULT_PICKUP_CUTOFF, pickupExpiry } from '@freight/domain/rating';
import { describe, expect, it } from 'vitest';
import { pickupCalendar } from '../modules/quotes/pickup-dates';
import type { QuoteInput } from '../modules/quotes/quotes.service';
import { quotes } from './schema';
import { seededDemoDatabase } from './seeded-demo.test-support';

/** The Wednesday before Thanksgiving, 10:00 in Chicago: the history's last days pass a holiday and a cut-off. */
const now = new Date('2026-11-25T16:00:00Z');
const demo = seededDemoDatabase(now);

describe('the demo quote history', () => {
  it('quotes dates that could be quoted when each was made, so every quote has rates', async () => {
    const rows = await demo().db.select().from(quotes);
    expect(rows.length).toBeGreaterThan(30);
    for (const row of rows) {
      const input = row.input as QuoteInput;
      const result = row.result as { rates: unknown[]; messages: { key: string }[] };
      expect(
        result.rates.length,
        `${input.pickup_date} quoted at ${row.createdAt.toISOString()}: ${result.messages.map((m) => m.key)}`,
      ).toBeGreaterThan(0);
    }
  });

  it('gives each quote the expiry a quote made then gets, so Quote History shows it (some still hold)', async () => {
    const rows = await demo().db.select().from(quotes);
    const calendar = pickupCalendar(() => now);
    for (const row of rows) {
      const input = row.input as QuoteInput;
      const expected = pickupExpiry(input.pickup_date, calendar.originOf(input.origin), DEFAULT_PICKUP_CUTOFF);
      expect(row.expiresAt?.toISOString(), input.pickup_date).toBe(expected.toISOString());
      expect(row.expiresAt?.getTime()).toBeGreaterThan(row.createdAt.getTime());
    }
    const holding = rows.filter((r) => (r.expiresAt?.getTime() ?? 0) > now.getTime());
    expect(holding.length).toBeGreaterThan(0);
    expect(holding.length).toBeLessThan(rows.length);
  });
});
