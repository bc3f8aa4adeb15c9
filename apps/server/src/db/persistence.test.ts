import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedSnapshot } from '../test/pglite-snapshot';
import { openDatabase } from './client';
import { appState, carriers, users } from './schema';
import { DEMO_STAFF, seedDemo } from './seed';
import { DEMO_PREPAID } from './seed-booking';
import { DEMO_SSO } from './seed-sso';

const dir = mkdtempSync(join(tmpdir(), 'fp-data-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A fixed instant, never the wall clock.
const now = new Date('2026-11-25T16:00:00Z');
// The restart keeps to the demo's accounts and users (activity: false): what it proves is that the
// folder keeps every row, not how long the whole demo takes to write to disk. The earlier-release
// database starts from the run's migrated copy. The whole demo seeded on PGlite took past two
// minutes in CI while the scenarios' Chromium held the cores: the limit ends a hang, not a slow seed.
describe('the embedded database in DATA_DIR', { timeout: 600_000 }, () => {
  it('keeps every change across a restart, and seeds the demo data only once', async () => {
    const first = await openDatabase({ dataDir: dir });
    await first.migrate();
    expect(await seedDemo(first.db, now, { activity: false })).toBe(true);
    await first.db.update(users).set({ phone: '(555) 000-1234' }).where(eq(users.email, 'shipper@demo.test'));
    const seededUsers = await first.db.$count(users);
    await first.close();
    // The cluster was made (pglite-initdb.mjs, in a process of its own) where it was asked for.
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);

    const second = await openDatabase({ dataDir: dir });
    await second.migrate(); // already applied: nothing to do
    // The lean embedded default: PostgreSQL's shared buffers at 16 MB, not PGlite's 128.
    const shown = (await second.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
    expect(shown.rows[0]?.shared_buffers).toBe('16MB');
    expect(await seedDemo(second.db, now, { activity: false })).toBe(false);
    const [shipper] = await second.db.select().from(users).where(eq(users.email, 'shipper@demo.test'));
    expect(shipper?.phone).toBe('(555) 000-1234');
    // Seeding again added nobody.
    expect(await second.db.$count(users)).toBe(seededUsers);
    await second.close();
  });

  it('gives a database seeded by an earlier release the demo parts added since', async () => {
    const db = await openDatabase({ dataDir: 'memory://', loadDataDir: migratedSnapshot() });
    await db.migrate();
    await db.db.insert(appState).values({ key: 'demo_seeded', value: 'earlier release' });
    expect(await seedDemo(db.db, now)).toBe(true);
    // The first users part was already done: none of its users (the demo staff, the demo shipper)
    // come again, while the parts added since bring theirs (the prepaid shipper, the single
    // sign-on account's admin among them).
    const emails = (await db.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining([DEMO_PREPAID.email, DEMO_SSO.admin]));
    const firstPart = [...DEMO_STAFF.map((s) => s.email), 'shipper@demo.test'];
    expect(emails.filter((email) => firstPart.includes(email))).toEqual([]);
    expect(await db.db.$count(carriers)).toBeGreaterThanOrEqual(14);
    expect(await seedDemo(db.db, now)).toBe(false);
    await db.close();
  });
});
