import type { IntegrationView } from '@freight/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { type AuditActor, audit } from '../audit/audit';
import { FULFILL_JOB, SYNC_JOB } from '../ebay/ebay.service';
import type { WebhooksService } from '../webhooks/webhooks.service';
import { webhooksRepository } from '../webhooks/webhooks.service';
import { type ConnectionFilter, type ConnectionRow, integrationsRepository } from './integrations.repository';

export const INTEGRATION_KINDS = ['partner', 'credential', 'webhook', 'ebay_store'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/** Health is read over the last 7 days. */
const WINDOW_MS = 7 * 86_400_000;

/** What the audit calls each kind's record. */
const ENTITY: Record<IntegrationKind, string> = {
  partner: 'partner_account',
  credential: 'oauth_client',
  webhook: 'webhook_subscription',
  ebay_store: 'ebay_store',
};

function present(kind: IntegrationKind, r: ConnectionRow): IntegrationView {
  return {
    kind,
    id: r.id,
    name: r.name,
    account: r.accountId ? { id: r.accountId, name: r.accountName ?? '' } : null,
    partner: r.partnerId ? { id: r.partnerId, name: r.partnerName ?? '' } : null,
    enabled: r.enabled,
    last_success_at: r.lastSuccessAt?.toISOString() ?? null,
    last_failure_at: r.lastFailureAt?.toISOString() ?? null,
    failure_rate: r.attempts > 0 ? Math.round((r.failures / r.attempts) * 1000) / 1000 : null,
  };
}

/** A partner grant's id on the page: '<partner id>.<account id>'. */
function grantKey(id: string) {
  const [partnerId = '', accountId = '', extra] = id.split('.');
  if (extra !== undefined || !isUuid(partnerId) || !isUuid(accountId)) throw AppError.notFound();
  return { partnerId, accountId };
}

/**
 * The staff Integrations page: every connection of every account (partner
 * grants, API credentials, webhooks, eBay stores) with its health, and a switch for each. A
 * switched-off connection keeps its record: the partner or credential is refused with 401, the
 * webhook gets nothing (its waiting deliveries go out when it is on again), the eBay store is not
 * synced nor written back to (both start again when it is on). Every switch is audited.
 */
export function integrationsService(ctx: AppContext, webhooks: WebhooksService) {
  const read = async (kind: IntegrationKind, filter: ConnectionFilter, id?: string): Promise<ConnectionRow[]> => {
    const repo = integrationsRepository(ctx.db);
    if (kind === 'partner') return repo.partnerGrants(filter, id === undefined ? undefined : grantKey(id));
    if (kind === 'credential') return repo.credentials(filter, id);
    if (kind === 'webhook') return repo.webhooks(filter, id);
    return repo.ebayStores(filter, id);
  };

  /** Switches one record; answers the account it belongs to (for the audit), or undefined when there is none by that id. */
  async function change(tx: Db, kind: IntegrationKind, id: string, enabled: boolean): Promise<{ accountId: string | null } | undefined> {
    const repo = integrationsRepository(tx);
    const at = enabled ? null : ctx.now();
    if (kind === 'partner') {
      const { partnerId, accountId } = grantKey(id);
      return (await repo.setGrantDisabled(partnerId, accountId, at)) && { accountId };
    }
    if (kind === 'credential') {
      const row = await repo.setCredentialDisabled(id, at);
      return row && { accountId: row.accountId };
    }
    if (kind === 'webhook') {
      const sub = await webhooksRepository(tx).byId(id);
      if (!sub) return undefined;
      await webhooks.setEnabled(tx, sub, enabled);
      return { accountId: sub.accountId };
    }
    const store = await repo.setStoreDisabled(id, at);
    if (!store) return undefined;
    // On again: the sync's recurring job and the skipped write-backs start over.
    if (enabled && store.status === 'connected') {
      await ctx.jobs.schedule(SYNC_JOB, store.id, ctx.now(), { storeId: store.id }, tx);
      for (const order of await repo.unfulfilledOrders(store.id)) {
        await ctx.jobs.schedule(FULFILL_JOB, order.id, ctx.now(), { orderId: order.id }, tx);
      }
    }
    return { accountId: store.accountId };
  }

  return {
    async list(query: { kind?: IntegrationKind; q?: string }): Promise<IntegrationView[]> {
      await ctx.apiCalls.flush();
      const filter = { q: query.q?.trim() || undefined, since: new Date(ctx.now().getTime() - WINDOW_MS) };
      const kinds = query.kind ? [query.kind] : INTEGRATION_KINDS;
      const lists = await Promise.all(kinds.map(async (kind) => (await read(kind, filter)).map((r) => present(kind, r))));
      return lists.flat();
    },

    async setEnabled(actor: AuditActor, kind: IntegrationKind, id: string, enabled: boolean): Promise<IntegrationView> {
      if (kind !== 'partner' && !isUuid(id)) throw AppError.notFound();
      const [before] = await read(kind, { since: ctx.now() }, id);
      if (!before) throw AppError.notFound();
      await ctx.db.transaction(async (tx) => {
        const changed = await change(tx as Db, kind, id, enabled);
        if (!changed) throw AppError.notFound();
        await audit(
          tx as Db,
          actor,
          {
            action: enabled ? 'integration.enable' : 'integration.disable',
            entityType: ENTITY[kind],
            entityId: id,
            accountId: changed.accountId,
            before: { enabled: before.enabled },
            after: { enabled },
          },
          ctx.now(),
        );
      });
      const [after] = await read(kind, { since: new Date(ctx.now().getTime() - WINDOW_MS) }, id);
      if (!after) throw AppError.notFound();
      return present(kind, after);
    },
  };
}
