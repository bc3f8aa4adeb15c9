import { type BookingHeld, bookingRequest, reshipRequest, shipmentListQuery } from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { AppError } from '../../errors';
import { exportFormat } from '../../exports/export';
import { idempotencyKey } from '../../idempotency';
import { isUuid } from '../../ids';
import { requestLanguage } from '../../plugins/errors';
import { customer, customerRoute, requireShipper } from '../../plugins/guards';
import { approvalsService } from '../approvals/approvals.service';
import { equipmentCatalog } from '../equipment-types/equipment-types.service';
import { recheckHoldLater } from '../invoices/invoices.service';
import { presentQuote, quoteOwner } from '../quotes/quotes.service';
import { bookingService } from './booking.service';
import { reshipService } from './reship.service';
import { shipmentsExport } from './shipments.export';
import { presentShipmentPage } from './shipments.presenter';
import { type ShipmentsServiceOptions, shipmentsService } from './shipments.service';

const idParams = z.object({ id: z.string().max(64) });
/** The list's query without its page, and the file's format. */
const exportQuery = shipmentListQuery.omit({ page: true, per_page: true }).extend(exportFormat);
const tokenParams = z.object({ token: z.string().max(128) });

/**
 * Booking and My Shipments, for verified customers, always through the caller's
 * account (another account's shipment is a 404).
 */
export async function shipmentsRoutes(app: FastifyInstance, ctx: AppContext, opts: ShipmentsServiceOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = shipmentsService(ctx, opts);
  const booking = bookingService(ctx, opts);
  const approvals = approvalsService(ctx, opts);
  const reshipping = reshipService(ctx);
  const checkedId = (id: string) => {
    if (!isUuid(id)) throw AppError.notFound();
    return id;
  };
  /**
   * An unexpected failure is answered 503 booking_failed; the log keeps its cause. A database that
   * went away is not a fault of the booking: the error handler answers it 503 database_unavailable
   * with one warning, so it is not logged here as an error too.
   */
  const logged = async <T>(request: FastifyRequest, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError && err.code === 'booking_failed' && !isDatabaseUnavailable(err))
        request.log.error({ err: (err as { cause?: unknown }).cause }, 'booking failed');
      throw err;
    }
  };

  r.post('/api/shipments', { preValidation: requireShipper, schema: { body: bookingRequest } }, async (request, reply) => {
    const { user, account } = customer(request);
    const key = idempotencyKey(request);
    const rights = {
      role: user.accountRole ?? 'viewer',
      limitCents: user.bookingLimitCents,
      approvalRequiredFor: user.approvalRequiredFor,
    };
    const outcome = await logged(request, () =>
      booking.book({ accountId: account.id, userId: user.id, paymentTerms: account.paymentTerms, rights }, request.body, key, {
        booker: user,
      }),
    );
    // Beyond the booker's rights: held for an account admin, nothing sent to the carrier.
    if (outcome.approval) {
      const held = await approvals.view(account.id, outcome.approval.id);
      return reply.code(202).send({ data: { status: 'awaiting_approval', approval: held } satisfies BookingHeld });
    }
    const row = outcome.shipment;
    // A booking on terms may take the account past its credit limit: its next booking is held.
    recheckHoldLater(ctx, account);
    return reply.code(201).send({ data: await service.view(row, requestLanguage(request)) });
  });

  r.get('/api/shipments', { ...customerRoute('shipments.view'), schema: { querystring: shipmentListQuery } }, async (request) => {
    const { user, account, settings } = customer(request);
    const q = request.query;
    const perPage = q.per_page ?? settings.recordsPerPage;
    const found = await service.page(account.id, {
      page: q.page,
      perPage,
      search: q.q || undefined,
      status: q.status,
      bookedBy: q.mine ? user.id : undefined,
      sort: q.sort,
      dir: q.dir,
    });
    return presentShipmentPage(found, q.page, perPage);
  });

  /** The list as a file: its search, status, 'Mine' and order, every page of it. */
  const exportShipments = shipmentsExport(ctx);
  r.get('/api/shipments/export', { ...customerRoute('shipments.view'), schema: { querystring: exportQuery } }, async (request, reply) => {
    const { user, account } = customer(request);
    const q = request.query;
    return exportShipments(reply, {
      accountId: account.id,
      format: q.format,
      language: requestLanguage(request),
      name: 'shipments',
      filter: { search: q.q || undefined, status: q.status, bookedBy: q.mine ? user.id : undefined, sort: q.sort, dir: q.dir },
    });
  });

  r.get('/api/shipments/:id', { ...customerRoute('shipments.view'), schema: { params: idParams } }, async (request) => {
    const { account } = customer(request);
    const row = await service.find(account.id, checkedId(request.params.id));
    return { data: await service.view(row, requestLanguage(request)) };
  });

  /** Its tracking events, oldest first (the public API's tracking:read; the same events the detail carries). */
  r.get('/api/shipments/:id/events', { ...customerRoute('shipments.view'), schema: { params: idParams } }, async (request) => {
    const { account } = customer(request);
    const row = await service.find(account.id, checkedId(request.params.id));
    const view = await service.view(row, requestLanguage(request));
    return { data: { shipment_id: view.id, status: view.status, events: view.events } };
  });

  // Public (no session): the signed link is the credential, as a consignee holds no account.
  r.get('/api/public/truckload-confirmations/:token', { schema: { params: tokenParams } }, async (request) => ({
    data: await service.truckloadConfirmation(request.params.token, requestLanguage(request)),
  }));

  r.post('/api/shipments/:id/cancel', { ...customerRoute('shipments.book'), schema: { params: idParams } }, async (request) => {
    const { account } = customer(request);
    const row = await logged(request, () => service.cancel(account.id, checkedId(request.params.id)));
    // A canceled booking no longer counts against the credit limit: an automatic hold it caused lifts.
    recheckHoldLater(ctx, account);
    return { data: await service.view(row, requestLanguage(request)) };
  });

  r.post(
    '/api/shipments/:id/reship',
    { ...customerRoute('shipments.book'), schema: { params: idParams, body: reshipRequest } },
    async (request, reply) => {
      const quote = await reshipping.reship(quoteOwner(customer(request)), checkedId(request.params.id), request.body);
      const language = requestLanguage(request);
      return reply.code(201).send({ data: presentQuote(quote, language, await equipmentCatalog(ctx.db).namesIn(language)) });
    },
  );
}
