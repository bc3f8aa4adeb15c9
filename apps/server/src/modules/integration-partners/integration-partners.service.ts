import type { ApiCallView, PartnerListItem, PartnerRequest, PartnerUsage, PartnerView } from '@freight/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { accountAdminOf } from '../accounts/accounts.service';
import { type AuditActor, audit, changedFields } from '../audit/audit';
import { credentialsRepository, presentCredential } from '../oauth/credentials.service';
import { recentCalls } from '../partner-api/partner-api.service';
import { integrationPartnersRepository, type PartnerRow } from './integration-partners.repository';

const DAY_MS = 86_400_000;
const USAGE_DAYS = 14;

const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const snapshot = (p: PartnerRow) => ({
  name: p.name,
  website: p.website,
  status: p.status,
  contacts: p.contacts,
  notes: p.notes,
  carrier_id: p.carrierId,
});

/** How the audit log names a partner. */
const partnerLabel = (p: Pick<PartnerRow, 'name'> | undefined) => (p ? `Integration partner ${p.name}` : null);

/** The row's values of a request: a carrier partner's carrier must exist (422 on carrier_id otherwise). */
async function partnerValues(db: Db, body: PartnerRequest) {
  const { carrier_id: carrierId, ...rest } = body;
  if (carrierId && !(await integrationPartnersRepository(db).carrier(carrierId)))
    throw AppError.field('carrier_id', 'validation.carrier_unknown');
  return carrierId === undefined ? rest : { ...rest, carrierId };
}

/**
 * Integration partners: the company, its
 * contacts, the accounts it may act for and how it uses the API. Every write is audited; an
 * account can also consent to a partner itself (Settings), which the audit does not need.
 */
export function integrationPartnersService(ctx: AppContext) {
  const repo = integrationPartnersRepository(ctx.db);

  async function usage(partnerId: string): Promise<PartnerUsage> {
    const today = startOfUtcDay(ctx.now());
    const from = new Date(today.getTime() - (USAGE_DAYS - 1) * DAY_MS);
    const rows = new Map((await repo.usageDays(partnerId, from)).map((d) => [d.day, d]));
    const days = Array.from({ length: USAGE_DAYS }, (_, i) => {
      const day = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      return { day, requests: rows.get(day)?.requests ?? 0, errors: rows.get(day)?.errors ?? 0 };
    });
    const [last] = await recentCalls(ctx.db, { partnerId }, 1);
    const todayRow = days.at(-1);
    return {
      days,
      requests_today: todayRow?.requests ?? 0,
      errors_today: todayRow?.errors ?? 0,
      last_call_at: last?.at ?? null,
    };
  }

  async function write(
    actor: AuditActor,
    action: string,
    entityId: string,
    change: (tx: Db) => Promise<{ before?: unknown; after?: unknown; accountId?: string }>,
  ) {
    await ctx.db.transaction(async (tx) => {
      const record = await change(tx as Db);
      const targetLabel = partnerLabel(await integrationPartnersRepository(tx as Db).find(entityId));
      await audit(tx as Db, actor, { action, entityType: 'integration_partner', entityId, targetLabel, ...record }, ctx.now());
    });
  }

  return {
    async list(): Promise<PartnerListItem[]> {
      await ctx.apiCalls.flush();
      const rows = await repo.list(startOfUtcDay(ctx.now()));
      return rows.map((r) => ({
        id: r.partner.id,
        name: r.partner.name,
        status: r.partner.status,
        accounts: r.accounts,
        credentials: r.credentials,
        requests_today: r.requestsToday,
        errors_today: r.errorsToday,
        last_call_at: r.lastCall?.toISOString() ?? null,
      }));
    },

    async view(id: string): Promise<PartnerView> {
      const partner = await repo.find(id);
      if (!partner) throw AppError.notFound();
      await ctx.apiCalls.flush();
      const credentials = credentialsRepository(ctx.db);
      const [accounts, clients, used] = await Promise.all([repo.accountsOf(id), credentials.list(credentials.ofPartner(id)), usage(id)]);
      return {
        id: partner.id,
        name: partner.name,
        website: partner.website,
        status: partner.status,
        contacts: partner.contacts,
        notes: partner.notes,
        carrier: await repo.carrier(partner.carrierId),
        created_at: partner.createdAt.toISOString(),
        accounts: accounts.map((a) => ({
          id: a.id,
          name: a.name,
          granted_by: a.grantedBy,
          granted_at: a.grantedAt.toISOString(),
          disabled: a.disabledAt !== null,
        })),
        // A partner's credentials are of no account: they name nobody.
        credentials: clients.map((c) => presentCredential(c, new Map(), ctx.now())),
        usage: used,
      };
    },

    async calls(id: string): Promise<ApiCallView[]> {
      if (!(await repo.find(id))) throw AppError.notFound();
      await ctx.apiCalls.flush();
      return recentCalls(ctx.db, { partnerId: id });
    },

    async create(actor: AuditActor, body: PartnerRequest) {
      let id = '';
      await ctx.db.transaction(async (tx) => {
        const values = await partnerValues(tx as Db, body);
        const row = await integrationPartnersRepository(tx as Db).insert({ ...values, createdAt: ctx.now(), updatedAt: ctx.now() });
        id = row.id;
        await audit(
          tx as Db,
          actor,
          {
            action: 'integration_partner.create',
            entityType: 'integration_partner',
            entityId: row.id,
            targetLabel: partnerLabel(row),
            after: snapshot(row),
          },
          ctx.now(),
        );
      });
      return id;
    },

    update: (actor: AuditActor, id: string, body: PartnerRequest) =>
      write(actor, 'integration_partner.update', id, async (tx) => {
        const r = integrationPartnersRepository(tx);
        const before = await r.locked(id);
        if (!before) throw AppError.notFound();
        const after = await r.update(id, { ...(await partnerValues(tx, body)), updatedAt: ctx.now() });
        if (!after) throw AppError.notFound();
        return changedFields(snapshot(before), snapshot(after));
      }),

    /** Staff let the partner act for an account, as the account's first admin. */
    grant: (actor: AuditActor, id: string, accountId: string) =>
      write(actor, 'integration_partner.grant_account', id, async (tx) => {
        if (!(await integrationPartnersRepository(tx).find(id))) throw AppError.notFound();
        const actingUserId = await accountAdminOf(tx, accountId);
        if (!actingUserId) throw AppError.field('account_id', 'validation.choice');
        await integrationPartnersRepository(tx).grant({ partnerId: id, accountId, grantedBy: 'staff', actingUserId, grantedAt: ctx.now() });
        return { accountId, after: { account_id: accountId } };
      }),

    ungrant: (actor: AuditActor, id: string, accountId: string) =>
      write(actor, 'integration_partner.revoke_account', id, async (tx) => {
        const removed = await integrationPartnersRepository(tx).ungrant(id, accountId);
        if (!removed) throw AppError.notFound();
        return { accountId, before: { account_id: accountId, granted_by: removed.grantedBy } };
      }),

    /** The partners that may act for an account, and the active ones it could let in (Settings). */
    async ofAccount(accountId: string) {
      const [granted, all] = await Promise.all([repo.partnersOf(accountId), repo.list(startOfUtcDay(ctx.now()))]);
      const grantedIds = new Set(granted.map((g) => g.partner.id));
      return {
        granted: granted.map((g) => ({
          id: g.partner.id,
          name: g.partner.name,
          website: g.partner.website,
          granted_by: g.grantedBy,
          granted_at: g.grantedAt.toISOString(),
        })),
        available: all
          .filter((p) => p.partner.status === 'active' && !grantedIds.has(p.partner.id))
          .map((p) => ({ id: p.partner.id, name: p.partner.name, website: p.partner.website })),
      };
    },

    /** An account admin lets an active partner act for the account, as themself. */
    async consent(accountId: string, userId: string, partnerId: string) {
      const partner = await repo.find(partnerId);
      if (!partner || partner.status !== 'active') throw AppError.notFound();
      await repo.grant({ partnerId, accountId, grantedBy: 'consent', actingUserId: userId, grantedAt: ctx.now() });
    },
    async withdraw(accountId: string, partnerId: string) {
      if (!(await repo.ungrant(partnerId, accountId))) throw AppError.notFound();
    },
  };
}

export { integrationPartnersRepository } from './integration-partners.repository';
