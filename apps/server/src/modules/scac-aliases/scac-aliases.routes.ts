import { type ScacAliasRequest, scacAliasListQuery, scacAliasRequest } from '@freight/contracts';
import { normaliseAlias, type ScacAliasKind } from '@freight/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { pageMeta } from '../../paging';
import { adminPage } from '../../plugins/guards';
import { type AuditActor, audit, auditActor, changedFields } from '../audit/audit';
import { type AliasRow, presentAlias, scacAliasesRepository } from './scac-aliases.repository';

const idParams = z.object({ id: z.string().max(64) });
const checked = (id: string) => {
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

/** An alias as the audit log keeps it. */
const snapshot = (a: AliasRow) => ({ kind: a.kind, alias: a.alias, carrier_id: a.carrierId, note: a.note });

/**
 * Carrier SCAC aliases, every staff role but accounting (the page's door):
 * - GET /api/admin/scac-aliases: q (alias, carrier name or SCAC), carrier_id, kind, paged;
 * - GET /api/admin/scac-aliases/carriers: every carrier, for the picker;
 * - POST, PUT /:id, DELETE /:id: audited. 422 for a bad SCAC, an alias taken, a carrier's own SCAC.
 * Inbound tracking posts and carrier invoices are matched through them (carrier-resolver.ts).
 */
export async function scacAliasesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('scacAliases') };
  const repo = scacAliasesRepository(ctx.db);

  async function view(db: Db, row: AliasRow) {
    const carrier = await scacAliasesRepository(db).carrier(row.carrierId);
    return presentAlias(row, carrier!);
  }

  /** The row's values: the alias in its stored form, checked against the carriers and the other aliases. */
  async function values(db: Db, body: ScacAliasRequest, exceptId?: string) {
    const aliases = scacAliasesRepository(db);
    const kind = body.kind as ScacAliasKind;
    const alias = normaliseAlias(kind, body.alias);
    if (!(await aliases.carrier(body.carrier_id))) throw AppError.field('carrier_id', 'validation.carrier_unknown');
    if (kind === 'scac' && (await aliases.isOwnScac(alias))) throw AppError.field('alias', 'validation.alias_is_own_scac');
    if (await aliases.taken(kind, alias, exceptId)) throw AppError.field('alias', 'validation.alias_taken');
    return { kind, alias, carrierId: body.carrier_id, note: body.note, updatedAt: ctx.now() };
  }

  /** A write and its audit entry in one transaction; two saves of the same alias at once meet on the unique index. */
  async function write(actor: AuditActor, action: string, change: (tx: Db) => Promise<{ before: AliasRow | null; after: AliasRow }>) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const { before, after } = await change(tx as Db);
        const record = before ? changedFields(snapshot(before), snapshot(after)) : { before: null, after: snapshot(after) };
        await audit(tx as Db, actor, { action, entityType: 'scac_alias', entityId: after.id, ...record }, ctx.now());
        return view(tx as Db, after);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.field('alias', 'validation.alias_taken');
      throw error;
    }
  }

  async function locked(tx: Db, id: string) {
    const row = await scacAliasesRepository(tx).find(id, true);
    if (!row) throw AppError.notFound();
    return row;
  }

  r.get('/api/admin/scac-aliases', { ...door, schema: { querystring: scacAliasListQuery } }, async (request) => {
    const q = request.query;
    const { rows, total } = await repo.search({
      q: q.q || undefined,
      carrierId: q.carrier_id,
      kind: q.kind,
      page: q.page,
      perPage: q.per_page,
    });
    return { data: rows.map((row) => presentAlias(row.alias, row.carrier)), meta: pageMeta(total, q.page, q.per_page) };
  });

  r.get('/api/admin/scac-aliases/carriers', door, async () => ({ data: await repo.carriers() }));

  r.post('/api/admin/scac-aliases', { ...door, schema: { body: scacAliasRequest } }, async (request, reply) => {
    const actor = auditActor(request);
    const data = await write(actor, 'scac_alias.create', async (tx) => {
      const after = await scacAliasesRepository(tx).insert({
        ...(await values(tx, request.body)),
        createdBy: actor.id,
        createdAt: ctx.now(),
      });
      return { before: null, after };
    });
    return reply.code(201).send({ data });
  });

  r.put('/api/admin/scac-aliases/:id', { ...door, schema: { params: idParams, body: scacAliasRequest } }, async (request) => {
    const id = checked(request.params.id);
    const data = await write(auditActor(request), 'scac_alias.update', async (tx) => {
      const before = await locked(tx, id);
      const after = await scacAliasesRepository(tx).update(id, await values(tx, request.body, id));
      return { before, after };
    });
    return { data };
  });

  r.delete('/api/admin/scac-aliases/:id', { ...door, schema: { params: idParams } }, async (request, reply) => {
    const id = checked(request.params.id);
    const actor = auditActor(request);
    await ctx.db.transaction(async (tx) => {
      const before = await locked(tx as Db, id);
      await scacAliasesRepository(tx as Db).remove(id);
      await audit(
        tx as Db,
        actor,
        { action: 'scac_alias.delete', entityType: 'scac_alias', entityId: id, before: snapshot(before), after: null },
        ctx.now(),
      );
    });
    return reply.code(204).send();
  });
}
