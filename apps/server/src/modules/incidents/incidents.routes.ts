import { incidentListQuery, incidentStateRequest } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { pageMeta } from '../../paging';
import { requestLanguage } from '../../plugins/errors';
import { adminPage } from '../../plugins/guards';
import { audit, auditActor, changedFields } from '../audit/audit';
import { presentIncident, presentIncidentRow } from './incidents.presenter';
import { incidentsRepository } from './incidents.repository';
import { incidentFilter } from './incidents.service';

const idParams = z.object({ id: z.string().max(64) });

/**
 * API incidents, super_admin only:
 * - GET /api/admin/incidents: the groups, newest last seen first; q, carrier_id, kind, state, from/to (last seen, the business's days);
 * - GET /api/admin/incidents/:id: one group with its latest request and answer (redacted when recorded);
 * - PUT /api/admin/incidents/:id/state {state, note}: resolve or reopen with a required note, audited.
 */
export async function incidentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('incidents') };
  const repo = incidentsRepository(ctx.db);
  const days = businessDays(ctx.config.BUSINESS_TIME_ZONE);

  async function detail(db: Db, id: string, language: Language) {
    if (!isUuid(id)) throw AppError.notFound();
    const found = await incidentsRepository(db).find(id);
    if (!found) throw AppError.notFound();
    return presentIncident(found.incident, found.carrier, found.resolvedBy, language);
  }

  r.get('/api/admin/incidents', { ...door, schema: { querystring: incidentListQuery } }, async (request) => {
    const q = request.query;
    const { rows, total, capped } = await repo.search({ ...incidentFilter(q, days), page: q.page, perPage: q.per_page });
    const language = requestLanguage(request);
    return {
      data: rows.map((row) => presentIncidentRow(row.incident, row.carrier, language)),
      meta: pageMeta(total, q.page, q.per_page, capped),
    };
  });

  r.get('/api/admin/incidents/:id', { ...door, schema: { params: idParams } }, async (request) => ({
    data: await detail(ctx.db, request.params.id, requestLanguage(request)),
  }));

  r.put('/api/admin/incidents/:id/state', { ...door, schema: { params: idParams, body: incidentStateRequest } }, async (request) => {
    const actor = auditActor(request);
    const { state, note } = request.body;
    const id = request.params.id;
    if (!isUuid(id)) throw AppError.notFound();
    const data = await ctx.db.transaction(async (tx) => {
      const incidents = incidentsRepository(tx as Db);
      const found = await incidents.find(id, true);
      if (!found) throw AppError.notFound();
      const before = found.incident;
      if (before.state === state) {
        throw new AppError(409, 'conflict', state === 'resolved' ? 'errors.incident_resolved_already' : 'errors.incident_open_already');
      }
      // The same failure after the resolve opened a new group; this one stays the record of the old.
      if (state === 'open' && (await incidents.openTwin(before.fingerprint, before.id))) {
        throw new AppError(409, 'conflict', 'errors.incident_reopen_conflict');
      }
      const now = ctx.now();
      const after = await incidents.setState(id, { state, note, by: actor.id, at: now }).catch((error: unknown) => {
        // The recorder opened that twin between the check above and this write.
        if (isUniqueViolation(error)) throw new AppError(409, 'conflict', 'errors.incident_reopen_conflict');
        throw error;
      });
      if (!after) throw AppError.notFound();
      const snapshot = (i: typeof before) => ({
        state: i.state,
        resolution_note: i.resolutionNote,
        resolved_at: i.resolvedAt?.toISOString() ?? null,
      });
      await audit(
        tx as Db,
        actor,
        {
          action: state === 'resolved' ? 'incident.resolve' : 'incident.reopen',
          entityType: 'api_incident',
          entityId: id,
          // The carrier and operation that failed: what staff call the incident.
          targetLabel: [found.carrier?.name, before.operation].filter(Boolean).join(' · '),
          ...changedFields(snapshot(before), snapshot(after)),
        },
        now,
      );
      return detail(tx as Db, id, requestLanguage(request));
    });
    return { data };
  });
}
