import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { apiIncidents, scacAliases } from './schema';
import { seedDemoCarrierMessages } from './seed-carrier-messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCarrierMessages(t.database.db, t.clock.now);
});
afterAll(() => t.close());

describe('demo SCAC aliases and incidents', () => {
  it('maps real alternative codes and names, and shows every kind of incident, one grouped, one resolved', async () => {
    const aliases = await t.database.db.select().from(scacAliases);
    expect(aliases.map((a) => a.alias)).toEqual(expect.arrayContaining(['RNLO', 'FXFW', 'old dominion']));
    const incidents = await t.database.db.select().from(apiIncidents);
    expect(incidents.find((i) => i.kind === 'carrier_timeout')).toMatchObject({ occurrences: 1284, affectedQuotes: 1284, state: 'open' });
    expect(incidents.find((i) => i.kind === 'unknown_scac')?.error).toBe('No carrier or alias for SCAC XPOL');
    expect(incidents.filter((i) => i.state === 'resolved')).toHaveLength(1);
    const sup = await t.client().login('super@demo.test');
    const list = (await sup.get('/api/admin/incidents')).json().data;
    expect(list[0].kind).toBe('carrier_timeout');
  });
});
