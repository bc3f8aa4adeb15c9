import { type ActiveNotice, type SiteNotificationRequest, siteNotificationListQuery, siteNotificationRequest } from '@freight/contracts';
import { isStaff, type Language } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { pageMeta } from '../../paging';
import { requestLanguage } from '../../plugins/errors';
import { adminPage, requireSignedIn, signedIn } from '../../plugins/guards';
import { type AuditActor, audit, auditActor, changedFields } from '../audit/audit';
import { type NoticeRow, presentNotice, siteNotificationsRepository } from './site-notifications.repository';

const idParams = z.object({ id: z.string().max(64) });
const checked = (id: string) => {
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

/** A notice in the reader's language. */
const forReader = (n: NoticeRow, language: Language): ActiveNotice => ({
  id: n.id,
  severity: n.severity,
  title: language === 'es' ? n.titleEs : n.titleEn,
  body: language === 'es' ? n.bodyEs : n.bodyEn,
  dismissible: n.severity === 'info',
});

/** A notice as the audit log keeps it. */
const snapshot = (n: NoticeRow): Record<string, unknown> => ({
  severity: n.severity,
  audience: n.audience,
  account_id: n.accountId,
  title_en: n.titleEn,
  title_es: n.titleEs,
  body_en: n.bodyEn,
  body_es: n.bodyEs,
  starts_at: n.startsAt.toISOString(),
  ends_at: n.endsAt?.toISOString() ?? null,
  retired_at: n.retiredAt?.toISOString() ?? null,
});

/** The audit entry's record: all of a new notice, only what a change touched of an existing one. */
function auditedChange(before: NoticeRow | null, after: NoticeRow) {
  return before ? changedFields(snapshot(before), snapshot(after)) : { before: null, after: snapshot(after) };
}

/**
 * Site notifications: super_admin write them (audited); signed-in users read the ones
 * meant for them; the public tracking page shows outages to anyone.
 */
export async function siteNotificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('notifications') };
  const repo = siteNotificationsRepository(ctx.db);

  async function view(id: string) {
    const found = await repo.find(id);
    if (!found) throw AppError.notFound();
    const { notice, accountName } = found;
    return presentNotice(notice, notice.accountId ? { id: notice.accountId, name: accountName ?? '' } : null, ctx.now());
  }

  /** The row's values from the request; an account notice needs an account that exists. */
  async function values(tx: Db, body: SiteNotificationRequest) {
    const accountId = body.audience === 'account' ? (body.account_id ?? null) : null;
    if (accountId) {
      if (!(await siteNotificationsRepository(tx).accountExists(accountId))) throw AppError.field('account_id', 'validation.choice');
    }
    return {
      severity: body.severity,
      audience: body.audience,
      accountId,
      titleEn: body.title_en,
      titleEs: body.title_es,
      bodyEn: body.body_en,
      bodyEs: body.body_es,
      startsAt: new Date(body.starts_at),
      endsAt: body.ends_at ? new Date(body.ends_at) : null,
      updatedAt: ctx.now(),
    };
  }

  /** Writes a notice and its audit entry in one transaction. */
  async function write(actor: AuditActor, action: string, change: (tx: Db) => Promise<{ before: NoticeRow | null; after: NoticeRow }>) {
    const after = await ctx.db.transaction(async (tx) => {
      const result = await change(tx as Db);
      const entry = {
        action,
        entityType: 'site_notification',
        entityId: result.after.id,
        accountId: result.after.accountId,
        ...auditedChange(result.before, result.after),
      };
      await audit(tx as Db, actor, entry, ctx.now());
      return result.after;
    });
    return view(after.id);
  }

  async function locked(tx: Db, id: string) {
    const row = await siteNotificationsRepository(tx).locked(id);
    if (!row) throw AppError.notFound();
    return row;
  }

  r.get('/api/admin/notifications', { ...door, schema: { querystring: siteNotificationListQuery } }, async (request) => {
    const q = request.query;
    const now = ctx.now();
    const { rows, total } = await repo.page({ state: q.state, page: q.page, perPage: q.per_page }, now);
    return {
      data: rows.map(({ notice, accountName }) =>
        presentNotice(notice, notice.accountId ? { id: notice.accountId, name: accountName ?? '' } : null, now),
      ),
      meta: pageMeta(total, q.page, q.per_page),
    };
  });

  r.get('/api/admin/notifications/:id', { ...door, schema: { params: idParams } }, async (request) => ({
    data: await view(checked(request.params.id)),
  }));

  r.post('/api/admin/notifications', { ...door, schema: { body: siteNotificationRequest } }, async (request, reply) => {
    const actor = auditActor(request);
    const data = await write(actor, 'notification.create', async (tx) => {
      const after = await siteNotificationsRepository(tx).insert({
        ...(await values(tx, request.body)),
        createdBy: actor.id,
        createdAt: ctx.now(),
      });
      return { before: null, after };
    });
    return reply.code(201).send({ data });
  });

  r.put('/api/admin/notifications/:id', { ...door, schema: { params: idParams, body: siteNotificationRequest } }, async (request) => {
    const id = checked(request.params.id);
    const data = await write(auditActor(request), 'notification.update', async (tx) => {
      const before = await locked(tx, id);
      // A retired notice is the record of what was shown; a new one is written instead.
      if (before.retiredAt) throw new AppError(409, 'conflict', 'errors.notice_retired');
      const after = await siteNotificationsRepository(tx).update(id, await values(tx, request.body));
      return { before, after };
    });
    return { data };
  });

  r.post('/api/admin/notifications/:id/retire', { ...door, schema: { params: idParams } }, async (request) => {
    const id = checked(request.params.id);
    const data = await write(auditActor(request), 'notification.retire', async (tx) => {
      const before = await locked(tx, id);
      if (before.retiredAt) throw new AppError(409, 'conflict', 'errors.notice_retired');
      const after = await siteNotificationsRepository(tx).update(id, { retiredAt: ctx.now(), updatedAt: ctx.now() });
      return { before, after };
    });
    return { data };
  });

  /** The signed-in reader: their account's and every customer's notices, and staff's if they are staff. */
  const readerOf = (request: FastifyRequest) => {
    const { user, account } = signedIn(request);
    return { userId: user.id, accountId: account?.id ?? null, staff: isStaff(user.roles) };
  };

  /** The notices for the signed-in reader, in their language. */
  r.get('/api/notifications/active', { preValidation: requireSignedIn }, async (request) => {
    const rows = await repo.activeFor(readerOf(request), ctx.now());
    const language = requestLanguage(request);
    return { data: rows.map((n) => forReader(n, language)) };
  });

  /** Closes an info notice for this user for good; closing it again changes nothing. */
  r.post('/api/notifications/:id/dismiss', { preValidation: requireSignedIn, schema: { params: idParams } }, async (request, reply) => {
    const reader = readerOf(request);
    const notice = await repo.visibleTo(reader, checked(request.params.id), ctx.now());
    if (!notice) throw AppError.notFound();
    if (notice.severity !== 'info') throw new AppError(409, 'conflict', 'errors.notice_not_dismissible');
    await repo.dismiss(notice.id, reader.userId, ctx.now());
    return reply.code(204).send();
  });

  /** Outages on the public tracking page: no login, in the visitor's language. */
  r.get('/api/public/notices', async (request) => {
    const language = requestLanguage(request);
    return { data: (await repo.publicOutages(ctx.now())).map((n) => forReader(n, language)) };
  });
}
