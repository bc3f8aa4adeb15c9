import {
  SAVED_VIEWS_PER_LIST,
  type SavedViewList,
  type SavedViewView,
  savedViewCreateRequest,
  savedViewListQuery,
  savedViewUpdateRequest,
} from '@freight/contracts';
import { canOpenAdminPage } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { adminPage, verified } from '../../plugins/guards';
import { type AuditActor, audit, auditActor } from '../audit/audit';
import { type SavedViewRow, savedViewsRepository } from './saved-views.repository';

const idParams = z.object({ id: z.string().max(64) });
const checked = (id: string) => {
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

const present = (row: SavedViewRow): SavedViewView => ({
  id: row.id,
  list: row.list,
  name: row.name,
  filters: row.filters,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A list's views are for those who open the list: Admin Shipments is every staff role's, Account Management its own door's. */
function mayOpen(request: FastifyRequest, list: SavedViewList) {
  if (!canOpenAdminPage(verified(request).user.roles, list)) throw AppError.forbidden();
}

const nameTaken = () => AppError.field('name', 'validation.saved_view_name_taken');

/**
 * Saved views: a staff user's named filter sets of Admin Shipments and Account Management, at
 * most SAVED_VIEWS_PER_LIST per user and list, names unique per user and list in any case. A
 * view is its owner's alone: another user's id is not found. Writes are audited like any staff
 * write (they change no customer record, but the log says who kept which filters).
 */
export async function savedViewsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every staff role opens Admin Shipments; the list's own door is checked per request.
  const door = { preValidation: adminPage('shipments') };

  /** A write and its audit entry in one transaction; two saves of one name at once meet on the unique index. */
  async function write(
    actor: AuditActor,
    change: (tx: Db) => Promise<{ action: string; row: SavedViewRow; before?: unknown }>,
  ): Promise<SavedViewRow> {
    try {
      return await ctx.db.transaction(async (tx) => {
        const { action, row, before } = await change(tx as Db);
        await audit(
          tx as Db,
          actor,
          {
            action,
            entityType: 'saved_view',
            entityId: row.id,
            targetLabel: row.name,
            before: before ?? null,
            after: action.endsWith('.delete') ? null : { list: row.list, name: row.name, filters: row.filters },
          },
          ctx.now(),
        );
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  r.get('/api/admin/saved-views', { ...door, schema: { querystring: savedViewListQuery } }, async (request) => {
    mayOpen(request, request.query.list);
    const rows = await savedViewsRepository(ctx.db).list(verified(request).user.id, request.query.list);
    return { data: rows.map(present) };
  });

  r.post('/api/admin/saved-views', { ...door, schema: { body: savedViewCreateRequest } }, async (request, reply) => {
    const { list, name, filters } = request.body;
    mayOpen(request, list);
    const userId = verified(request).user.id;
    const row = await write(auditActor(request), async (tx) => {
      const repo = savedViewsRepository(tx);
      await repo.lockUser(userId);
      if ((await repo.count(userId, list)) >= SAVED_VIEWS_PER_LIST) throw AppError.field('name', 'validation.saved_views_limit');
      if (await repo.nameTaken(userId, list, name)) throw nameTaken();
      const now = ctx.now();
      return { action: 'saved_view.create', row: await repo.insert({ userId, list, name, filters, createdAt: now, updatedAt: now }) };
    });
    return reply.code(201).send({ data: present(row) });
  });

  r.put('/api/admin/saved-views/:id', { ...door, schema: { params: idParams, body: savedViewUpdateRequest } }, async (request) => {
    const id = checked(request.params.id);
    const userId = verified(request).user.id;
    const row = await write(auditActor(request), async (tx) => {
      const repo = savedViewsRepository(tx);
      const before = await repo.find(userId, id, true);
      if (!before) throw AppError.notFound();
      mayOpen(request, before.list);
      const { name, filters } = request.body;
      if (name !== undefined && (await repo.nameTaken(userId, before.list, name, id))) throw nameTaken();
      const after = await repo.update(userId, id, {
        ...(name === undefined ? {} : { name }),
        ...(filters ? { filters } : {}),
        updatedAt: ctx.now(),
      });
      if (!after) throw AppError.notFound();
      return { action: 'saved_view.update', row: after, before: { name: before.name, filters: before.filters } };
    });
    return { data: present(row) };
  });

  r.delete('/api/admin/saved-views/:id', { ...door, schema: { params: idParams } }, async (request, reply) => {
    const id = checked(request.params.id);
    const userId = verified(request).user.id;
    await write(auditActor(request), async (tx) => {
      const repo = savedViewsRepository(tx);
      const before = await repo.find(userId, id, true);
      if (!before) throw AppError.notFound();
      mayOpen(request, before.list);
      await repo.remove(userId, id);
      return { action: 'saved_view.delete', row: before, before: { list: before.list, name: before.name, filters: before.filters } };
    });
    return reply.code(204).send();
  });
}
