import { bookingCustoms, customsLaneErrors } from '@freight/contracts';
import type { Country } from '@freight/domain';
import { customsStage } from '@freight/domain/customs';
import { asc, count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoEventsUntil } from '../carrier-adapters/demo-timeline';
import { trackedShipment } from '../modules/shipments/shipments.presenter';
import { accounts, shipmentEvents, shipments, userSettings, users } from './schema';
import { seedDemo } from './seed';
import { DEMO_CROSSINGS_ACCOUNT } from './seed-crossings';
import { seededDemoDatabase } from './seeded-demo.test-support';

// The day before Thanksgiving, as the other seed tests: the demo is seeded once per worker for them all.
const NOW = new Date('2026-11-25T16:00:00Z');
const demo = seededDemoDatabase(NOW);

async function crossings() {
  const { db } = demo();
  return db
    .select({ shipment: shipments, account: accounts.name, booker: users.email })
    .from(shipments)
    .innerJoin(accounts, eq(accounts.id, shipments.accountId))
    .innerJoin(users, eq(users.id, shipments.userId))
    .where(isNotNull(shipments.crossing))
    .orderBy(asc(shipments.bolNumber));
}

const eventsOf = (shipmentId: string) =>
  demo()
    .db.select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipmentId))
    .orderBy(asc(shipmentEvents.occurredAt), asc(shipmentEvents.receivedAt));

describe('the demo crossings', () => {
  it('belong to Frontera Trading Co alone, an account on credit with one English-speaking user', async () => {
    const rows = await crossings();
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.account))).toEqual(new Set([DEMO_CROSSINGS_ACCOUNT.name]));
    expect(new Set(rows.map((r) => r.booker))).toEqual(new Set([DEMO_CROSSINGS_ACCOUNT.email]));
    const { db } = demo();
    const [account] = await db.select().from(accounts).where(eq(accounts.name, DEMO_CROSSINGS_ACCOUNT.name));
    expect(account?.paymentTerms).toBe('credit');
    const people = await db
      .select({ email: users.email, role: users.accountRole, language: userSettings.language, verified: users.emailVerifiedAt })
      .from(users)
      .innerJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.accountId, account?.id ?? ''));
    expect(people).toEqual([{ email: 'border@demo.test', role: 'account_admin', language: 'en', verified: expect.any(Date) }]);
    // Its shipments are these five and no other account's shipment crosses a border.
    const [own] = await db
      .select({ n: count() })
      .from(shipments)
      .where(eq(shipments.accountId, account?.id ?? ''));
    expect(own?.n).toBe(5);
  });

  it('stand one at each stage of the customs queue, booked lately with a full declaration and the border on their price', async () => {
    const stages: Record<string, unknown> = {};
    for (const { shipment: s } of await crossings()) {
      const events = await eventsOf(s.id);
      const { stage } = customsStage({
        crossing: s.crossing as NonNullable<typeof s.crossing>,
        originCountry: s.originCountry,
        declared: Boolean(s.customs),
        entryNumber: s.customsEntryNumber,
        correctedAt: s.customsCorrectedAt,
        bookedAt: s.createdAt,
        events,
      });
      const last = events.at(-1);
      stages[s.referenceNumber] = {
        lane: `${s.originCity}, ${s.originState} - ${s.destinationCity}, ${s.destinationState}`,
        scac: s.scac,
        crossing: s.crossing,
        stage,
        last: last && `${last.statusCode}/${last.reasonCode} ${last.city}, ${last.state}`,
        status: s.status,
        actionRequired: s.actionRequired,
      };
      expect(s.createdAt.getTime()).toBeLessThan(NOW.getTime());
      expect(NOW.getTime() - s.createdAt.getTime()).toBeLessThan(16 * 86_400_000);
      // The declaration as a booking keeps it, right for the lane: an entry per item, a broker each side, the RFC into Mexico.
      if (!s.customs) throw new Error('a demo crossing has its declaration');
      const { certification, ...declared } = s.customs;
      expect(bookingCustoms.parse(declared)).toEqual(declared);
      // Those claiming USMCA are signed under the account's blanket certification; the others carry none.
      if (declared.items.some((i) => i.usmca)) expect(certification).toMatchObject({ certifier_role: 'exporter', producer: 'various' });
      else expect(certification).toBeNull();
      const sides = [s.originCountry, s.destinationCountry] as [Country, Country];
      expect(customsLaneErrors(sides, (s.items as unknown[]).length, bookingCustoms.parse(s.customs))).toEqual({});
      const details = (s.charges as { detail?: string }[]).map((c) => c.detail);
      expect(details).toContain(s.crossing?.kind === 'transfer' ? 'border_transfer' : 'border_crossing');
      expect(details).toContain(`customs_entry_${s.destinationCountry.toLowerCase()}`);
      for (const broker of s.customs?.brokers ?? []) {
        expect(details.includes(`customs_broker_${broker.country.toLowerCase()}`)).toBe(broker.ours);
      }
      expect(s.totalCents).toBe((s.charges as { amount_cents: number }[]).reduce((sum, c) => sum + c.amount_cents, 0));
    }
    // The rate keeps each side's days beside the port, to date a booking picked up another day.
    const laredo = expect.objectContaining({ port: 'laredo', kind: 'transfer' });
    const detroit = expect.objectContaining({ port: 'detroit', kind: 'single_line' });
    expect(stages).toEqual({
      'FT-26041': expect.objectContaining({
        lane: 'Chicago, IL - Monterrey, NLE',
        scac: 'DFRC',
        crossing: laredo,
        stage: 'waiting_for_broker',
      }),
      'FT-26042': expect.objectContaining({ lane: 'Dallas, TX - Monterrey, NLE', scac: 'DFRC', crossing: laredo, stage: 'ready' }),
      'FT-26043': expect.objectContaining({
        lane: 'Chicago, IL - Toronto, ON',
        scac: 'DTBF',
        crossing: detroit,
        stage: 'at_border',
        last: 'X4/NS Detroit, MI',
        status: 'in_transit',
      }),
      'FT-26044': {
        lane: 'Chicago, IL - Monterrey, NLE',
        scac: 'DFRC',
        crossing: laredo,
        stage: 'held',
        last: 'SD/BC Nuevo Laredo, TAM',
        status: 'delayed',
        actionRequired: true,
      },
      'FT-26045': expect.objectContaining({
        lane: 'Toronto, ON - Dallas, TX',
        scac: 'DTBF',
        crossing: detroit,
        stage: 'released',
        last: 'RH/NS Detroit, MI',
        status: 'in_transit',
        actionRequired: false,
      }),
    });
  });

  it('have the demo carriers’ own events: what their tracking poll answers now is stored already', async () => {
    for (const { shipment: s } of await crossings()) {
      const stored = (await eventsOf(s.id)).map((e) => e.dedupeKey);
      const polled = demoEventsUntil(trackedShipment(s), { scac: s.scac }, NOW).map((e) => `id:${e.event_id}`);
      // One kept as it stood at the border is never polled, and its events are the start of the same story.
      const kept = s.trackedAt !== null && s.trackedAt.getTime() > NOW.getTime();
      expect(kept ? polled.slice(0, stored.length) : polled, s.referenceNumber).toEqual(stored);
    }
  });

  it('are seeded once: seeding again adds nothing', async () => {
    const { db } = demo();
    const before = await db.select({ n: count() }).from(shipments);
    expect(await seedDemo(db, new Date(NOW.getTime() + 86_400_000))).toBe(false);
    expect(await db.select({ n: count() }).from(shipments)).toEqual(before);
    expect(await crossings()).toHaveLength(5);
    expect(await db.select().from(users).where(eq(users.email, DEMO_CROSSINGS_ACCOUNT.email))).toHaveLength(1);
  });
});
