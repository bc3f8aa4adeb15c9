import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sha256 } from '../security/tokens';
import type { Db } from './client';
import { accounts, apiCalls, integrationPartners, oauthClients, partnerAccounts, users } from './schema';

const HOUR = 3_600_000;

/** The routes the demo partner's TMS calls, and how often each answers an error. */
const CALLS: { method: string; route: string; errorEvery: number }[] = [
  { method: 'POST', route: '/api/v1/quotes', errorEvery: 17 },
  { method: 'GET', route: '/api/v1/shipments', errorEvery: 0 },
  { method: 'GET', route: '/api/v1/shipments/:id/events', errorEvery: 0 },
  { method: 'POST', route: '/api/v1/shipments', errorEvery: 9 },
];

/**
 * Two demo integration partners: a TMS vendor acting for the demo shipper (staff let it
 * in), with a production credential and two weeks of API calls, so the Integration Partners,
 * OAuth Credentials and Integrations pages show a working business; and a marketplace no account
 * has let in yet, which the demo shipper can let in from Settings > API & webhooks. The
 * credential's secret is random and never shown: the demo partner's program is not real.
 */
export async function seedDemoPartners(tx: Db, now: Date) {
  const [shipper] = await tx
    .select({ id: users.id, accountId: users.accountId })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.email, 'shipper@demo.test'));
  if (!shipper?.accountId) return;
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const [tms] = await tx
    .insert(integrationPartners)
    .values({
      name: 'Routewise TMS',
      website: 'https://routewise-tms.example',
      contacts: [
        { name: 'Priya Natarajan', email: 'priya@routewise-tms.example', phone: '(312) 555-0188', role: 'Technical lead' },
        { name: 'Tom Becker', email: 'partners@routewise-tms.example', phone: '(312) 555-0189', role: 'Partnerships' },
      ],
      notes: 'Certified for LTL quoting and booking in October.',
      createdAt: ago(24 * 40),
      updatedAt: ago(24 * 40),
    })
    .returning();
  await tx.insert(integrationPartners).values({
    name: 'Marketbridge Commerce',
    website: 'https://marketbridge.example',
    contacts: [{ name: 'Lucía Ramos', email: 'lucia@marketbridge.example', phone: '(214) 555-0144', role: 'Integrations' }],
    createdAt: ago(24 * 10),
    updatedAt: ago(24 * 10),
  });
  if (!tms) return;
  await tx.insert(partnerAccounts).values({
    partnerId: tms.id,
    accountId: shipper.accountId,
    grantedBy: 'staff',
    actingUserId: shipper.id,
    grantedAt: ago(24 * 30),
  });
  const [client] = await tx
    .insert(oauthClients)
    .values({
      clientId: `fpc_${randomBytes(9).toString('base64url')}`,
      name: 'Routewise production',
      partnerId: tms.id,
      scopes: ['quotes:read', 'quotes:write', 'shipments:read', 'shipments:write', 'tracking:read', 'documents:read'],
      secretHash: sha256(randomBytes(32).toString('base64url')),
      createdAt: ago(24 * 30),
      lastUsedAt: ago(1),
    })
    .returning();
  if (!client) return;
  // Two weeks of calls, more on weekdays, a few refused.
  const rows: (typeof apiCalls.$inferInsert)[] = [];
  for (let hour = 14 * 24; hour >= 1; hour -= 3) {
    const at = ago(hour);
    const perSlot = [0, 6].includes(at.getUTCDay()) ? 1 : 4;
    for (let i = 0; i < perSlot; i++) {
      const call = CALLS[(hour + i) % CALLS.length] ?? CALLS[0];
      if (!call) continue;
      const failed = call.errorEvery > 0 && (hour + i) % call.errorEvery === 0;
      rows.push({
        clientId: client.id,
        partnerId: tms.id,
        accountId: shipper.accountId,
        method: call.method,
        route: call.route,
        status: failed ? 422 : call.method === 'POST' ? 201 : 200,
        durationMs: 40 + ((hour * 7 + i * 13) % 160),
        at: new Date(at.getTime() + i * 60_000),
      });
    }
  }
  await tx.insert(apiCalls).values(rows);
}
