import {
  actionRequiredRequest,
  type EventClockView,
  etaOverrideRequest,
  eventClockQuery,
  type Paginated,
  type StaffShipmentRow,
  staffCancelRequest,
  staffEventRequest,
  staffNoteRequest,
  staffShipmentQuery,
} from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { pageMeta } from '../../paging';
import { requestLanguage } from '../../plugins/errors';
import { adminPage, verified } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import type { ShipmentsServiceOptions } from '../shipments/shipments.service';
import { listItem } from '../shipments/shipments.service';
import { addNote } from '../staff-notes/staff-notes.service';
import { usersService } from '../users/users.service';
import { overrideEta } from './eta-override';
import { marginAccess, marginFigures } from './shipment-margin';
import { eventClock } from './staff-events';
import { staffShipmentsRepository } from './staff-shipments.repository';
import { figureShipmentIds, staffShipmentsService } from './staff-shipments.service';

const idParams = z.object({ id: z.string().max(64) });
const checked = (id: string) => {
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

/**
 * Admin Shipments: every account's shipments for the staff who help shippers (the
 * 'shipments' door: every staff role). Customers get 403 on every endpoint; every write is audited.
 */
export async function staffShipmentsRoutes(app: FastifyInstance, ctx: AppContext, opts: ShipmentsServiceOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('shipments') };
  const repo = staffShipmentsRepository(ctx.db, businessDays(ctx.config.BUSINESS_TIME_ZONE));
  const service = staffShipmentsService(ctx, opts);
  const scorecardIds = figureShipmentIds(ctx);
  const detail = async (id: string, request: FastifyRequest) => ({
    data: await service.detail(id, requestLanguage(request), marginAccess(ctx, verified(request).user)),
  });

  r.get(
    '/api/admin/shipments',
    { ...door, schema: { querystring: staffShipmentQuery } },
    async (request): Promise<Paginated<StaffShipmentRow>> => {
      const q = request.query;
      const { rows, total, capped, accountNames } = await repo.search(q, await scorecardIds(q));
      const people = await usersService(ctx.db).people(rows.map((row) => row.userId));
      const seesMargin = marginAccess(ctx, verified(request).user);
      const withMargin = await Promise.all(rows.map((row) => seesMargin(row.accountId)));
      return {
        data: rows.map((row, i) => ({
          ...listItem(row, people),
          account: { id: row.accountId, name: accountNames.get(row.accountId) ?? '' },
          ...(withMargin[i] ? marginFigures(row) : {}),
        })),
        meta: pageMeta(total, q.page, q.per_page, capped),
      };
    },
  );

  /** The carriers to filter by. */
  r.get('/api/admin/shipments/carriers', door, async () => ({ data: await repo.carriers() }));

  r.get('/api/admin/shipments/:id', { ...door, schema: { params: idParams } }, async (request) =>
    detail(checked(request.params.id), request),
  );

  /** The time zone of an event's place (its state) and the time it is there now: what the event form starts from. */
  r.get(
    '/api/admin/shipments/:id/event-clock',
    { ...door, schema: { params: idParams, querystring: eventClockQuery } },
    async (request) => {
      const row = await service.find(checked(request.params.id));
      return { data: eventClock(request.query.state, row, ctx.now()) satisfies EventClockView };
    },
  );

  r.post('/api/admin/shipments/:id/events', { ...door, schema: { params: idParams, body: staffEventRequest } }, async (request, reply) => {
    const id = checked(request.params.id);
    await service.addEvent(auditActor(request), id, request.body);
    return reply.code(201).send(await detail(id, request));
  });

  r.post(
    '/api/admin/shipments/:id/action-required',
    { ...door, schema: { params: idParams, body: actionRequiredRequest } },
    async (request) => {
      const id = checked(request.params.id);
      await service.setActionRequired(auditActor(request), id, request.body);
      return detail(id, request);
    },
  );

  /** Staff's estimated delivery: set, cleared or back to the carrier's, with a reason (audited). */
  r.post('/api/admin/shipments/:id/eta', { ...door, schema: { params: idParams, body: etaOverrideRequest } }, async (request) => {
    const id = checked(request.params.id);
    await overrideEta(ctx, auditActor(request), id, request.body);
    return detail(id, request);
  });

  r.post('/api/admin/shipments/:id/cancel', { ...door, schema: { params: idParams, body: staffCancelRequest } }, async (request) => {
    const id = checked(request.params.id);
    await service.cancel(auditActor(request), id, request.body.reason);
    return detail(id, request);
  });

  r.post('/api/admin/shipments/:id/notes', { ...door, schema: { params: idParams, body: staffNoteRequest } }, async (request, reply) => {
    const row = await service.find(checked(request.params.id));
    await addNote(ctx.db, auditActor(request), { type: 'shipment', id: row.id, accountId: row.accountId }, request.body.body, ctx.now());
    return reply.code(201).send(await detail(row.id, request));
  });
}
