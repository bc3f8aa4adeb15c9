import {
  ALERT_KINDS,
  ALERTS_PAGE_SIZE,
  type AlertKind,
  type AlertListResponse,
  type AlertPreferencesUpdate,
  type AlertPreferencesView,
  type AlertUnreadResponse,
  type ExceptionAcknowledgeResponse,
  type ExceptionQueueResponse,
} from '@freight/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { plainText } from '../../i18n';
import { isUuid } from '../../ids';
import { type AuditActor, auditEach } from '../audit/audit';
import { DEFAULT_CHANNELS } from './alert-notifier';
import { canTextUser } from './alert-sms';
import { presentAlert, presentQueueItem } from './alerts.presenter';
import { alertsRepository } from './alerts.repository';

// Tracking and staff shipments evaluate a shipment's alerts when its facts change.
export { alertEvaluator } from './alert-evaluator';

type ServiceCtx = Pick<AppContext, 'db' | 'now'>;

/** The shipper's side: the account's alerts, the caller's portal inbox and their channels per kind. */
export function alertsService(ctx: ServiceCtx) {
  const repo = alertsRepository(ctx.db);

  const unread = async (userId: string): Promise<AlertUnreadResponse> => ({ unread_count: await repo.unreadCount(userId) });

  async function preferencesView(userId: string): Promise<AlertPreferencesView> {
    const rows = await repo.preferences(userId);
    const chosen = new Map(rows.map((r) => [r.kind, r]));
    return {
      preferences: ALERT_KINDS.map((kind) => {
        const r = chosen.get(kind);
        return {
          kind,
          portal: r?.portal ?? DEFAULT_CHANNELS.portal,
          mail: r?.mail ?? DEFAULT_CHANNELS.mail,
          sms: r?.sms ?? DEFAULT_CHANNELS.sms,
        };
      }),
      sms_available: await canTextUser(ctx.db, userId),
    };
  }

  return {
    async list(accountId: string, userId: string, q: { status: 'open' | 'all'; page: number }): Promise<AlertListResponse> {
      const rows = await repo.list(accountId, userId, q.status === 'open', q.page);
      return {
        data: rows.slice(0, ALERTS_PAGE_SIZE).map(presentAlert),
        has_more: rows.length > ALERTS_PAGE_SIZE,
        unread_count: await repo.unreadCount(userId),
      };
    },

    unread,

    /** Marks one of the account's alerts read for the caller (another account's is not found). */
    async read(accountId: string, userId: string, id: string): Promise<AlertUnreadResponse> {
      if (!isUuid(id) || !(await repo.ofAccount(accountId, id))) throw AppError.notFound();
      await repo.markRead(id, userId, ctx.now());
      return unread(userId);
    },

    async readAll(userId: string): Promise<AlertUnreadResponse> {
      await repo.markAllRead(userId, ctx.now());
      return unread(userId);
    },

    preferences: preferencesView,

    /**
     * Saves the caller's channels. SMS can be turned on only with a number that takes texts: a kind
     * that already had SMS keeps it (the number removed later stops the texts, not the choice).
     */
    async savePreferences(userId: string, body: AlertPreferencesUpdate): Promise<AlertPreferencesView> {
      const current = await preferencesView(userId);
      const hadSms = new Set(current.preferences.filter((p) => p.sms).map((p) => p.kind));
      const turnedOn = body.preferences.flatMap((p, i) => (p.sms && !hadSms.has(p.kind) ? [i] : []));
      if (turnedOn.length && !current.sms_available) {
        throw AppError.validation(Object.fromEntries(turnedOn.map((i) => [`preferences.${i}.sms`, ['validation.sms_needs_number']])));
      }
      await repo.savePreferences(userId, body.preferences, ctx.now());
      return preferencesView(userId);
    },
  };
}

/** Staff's exceptions queue: the open alerts nobody has called about yet, and their bulk acknowledge. */
export function exceptionsService(ctx: ServiceCtx) {
  const repo = alertsRepository(ctx.db);

  return {
    async queue(q: { kind?: AlertKind; page: number }): Promise<ExceptionQueueResponse> {
      const [rows, counted] = await Promise.all([repo.queue(q.kind, q.page), repo.queueCounts()]);
      const counts = Object.fromEntries(ALERT_KINDS.map((k) => [k, 0])) as Record<AlertKind, number>;
      for (const c of counted) counts[c.kind] = c.n;
      return { data: rows.slice(0, ALERTS_PAGE_SIZE).map(presentQueueItem), has_more: rows.length > ALERTS_PAGE_SIZE, counts };
    },

    /**
     * Acknowledges the alerts of `ids` still in the queue (the others, unknown, closed or taken by
     * someone else meanwhile, are left as they are), each audited in the same transaction and
     * named by its kind and shipment.
     */
    async acknowledge(actor: AuditActor, ids: string[]): Promise<ExceptionAcknowledgeResponse> {
      const at = ctx.now();
      const done = await ctx.db.transaction(async (tx) => {
        const rows = await alertsRepository(tx as Db).acknowledge([...new Set(ids)], actor.id, at);
        await auditEach(
          tx as Db,
          actor,
          rows.map((r) => ({
            action: 'alert.acknowledge',
            entityType: 'alert',
            entityId: r.id,
            targetLabel: `${plainText('en', `alerts.kind.${r.kind}`)}: BOL ${r.bolNumber}`,
            accountId: r.accountId,
            after: { kind: r.kind, bol_number: r.bolNumber, acknowledged_at: at.toISOString() },
          })),
          at,
        );
        return rows.length;
      });
      return { acknowledged: done };
    },
  };
}
