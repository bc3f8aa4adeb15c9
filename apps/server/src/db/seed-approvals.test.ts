import { bookingRequest } from '@freight/contracts';
import { describe, expect, it } from 'vitest';
import { bookingApprovals, quotes } from './schema';
import { seededDemoDatabase } from './seeded-demo.test-support';

const now = new Date('2026-11-25T16:00:00Z');
const demo = seededDemoDatabase(now);

describe('the demo approvals', () => {
  it('hold one booking over the limited shipper limit, still approvable, and one declined', async () => {
    const rows = await demo().db.select().from(bookingApprovals);
    expect(rows.map((r) => r.status).sort()).toEqual(['declined', 'pending']);
    const pending = rows.find((r) => r.status === 'pending')!;
    expect(pending.reasons).toEqual(['over_limit']);
    expect(pending.totalCents).toBeGreaterThan(50_000);
    expect(pending.rateExpiresAt!.getTime()).toBeGreaterThan(now.getTime());
    // The request is one the booking endpoint accepts, for a quote of the account with that rate.
    const request = bookingRequest.parse(pending.request);
    const [quote] = (await demo().db.select().from(quotes)).filter((q) => q.id === request.quote_id);
    expect((quote!.result as { rates: { id: string }[] }).rates.map((r) => r.id)).toContain(request.rate_id);
    expect(rows.find((r) => r.status === 'declined')!.declineReason).toBeTruthy();
  });
});
