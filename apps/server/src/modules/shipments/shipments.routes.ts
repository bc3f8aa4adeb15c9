import { bookingRequest, reshipRequest, shipmentListQuery } from '@freight/contracts';
import { SUPPORT_PHONE } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { requestLanguage } from '../../plugins/errors';
import { customer, requireCustomer } from '../../plugins/guards';
import { equipmentCatalog } from '../equipment-types/equipment-types.repository';
import { reevaluateHold } from '../invoices/credit';
import { presentQuote } from '../quotes/quotes.presenter';
import { quoteOwner } from '../quotes/quotes.service';
import { reshipService } from './reship.service';
import { presentShipmentPage } from './shipments.presenter';
import { type ShipmentsServiceOptions, shipmentsService } from './shipments.service';

const idParams = z.object({ id: z.string().max(64) });
const tokenParams = z.object({ token: z.string().max(128) });

/** The Idempotency-Key header of a booking or payment: 1 to 100 characters, else 422 on `idempotency_key`. */
export function idempotencyKey(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  const key = typeof raw === 'string' ? raw.trim() : '';
  if (key.length < 1 || key.length > 100) throw AppError.field('idempotency_key', 'validation.idempotency_key');
  return key;
}

/** A customer whose account may ship: on credit hold, 403 `credit_hold` before the body is read. */
export async function requireShipper(request: FastifyRequest) {
  const { account } = customer(request);
  if (account.status === 'credit_hold') throw new AppError(403, 'credit_hold', 'errors.credit_hold', { phone: SUPPORT_PHONE.display });
}

/**
 * Booking and My Shipments, for verified customers, always through the caller's
 * account (another account's shipment is a 404).
 */
export async function shipmentsRoutes(app: FastifyInstance, ctx: AppContext, opts: ShipmentsServiceOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = shipmentsService(ctx, opts);
  const reshipping = reshipService(ctx);
  const checkedId = (id: string) => {
    if (!isUuid(id)) throw AppError.notFound();
    return id;
  };
  /** An unexpected failure is answered 503 booking_failed; the log keeps its cause. */
  const logged = async <T>(request: FastifyRequest, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError && err.code === 'booking_failed')
        request.log.error({ err: (err as { cause?: unknown }).cause }, 'booking failed');
      throw err;
    }
  };

  r.post('/api/shipments', { preValidation: requireShipper, schema: { body: bookingRequest } }, async (request, reply) => {
    const { user, account } = customer(request);
    const key = idempotencyKey(request);
    const row = await logged(request, () =>
      service.book({ accountId: account.id, userId: user.id, paymentTerms: account.paymentTerms }, request.body, key),
    );
    // A booking on terms may take the account past its credit limit: its next booking is held.
    if (account.paymentTerms === 'credit') {
      ctx.background.run('credit-check', async () => void (await reevaluateHold(ctx.db, account.id, ctx.now())));
    }
    return reply.code(201).send({ data: await service.view(row, requestLanguage(request)) });
  });

  r.get('/api/shipments', { preValidation: requireCustomer, schema: { querystring: shipmentListQuery } }, async (request) => {
    const { account, settings } = customer(request);
    const q = request.query;
    const perPage = q.per_page ?? settings.recordsPerPage;
    const { rows, ...count } = await service.page(account.id, {
      page: q.page,
      perPage,
      search: q.q || undefined,
      status: q.status,
      sort: q.sort,
      dir: q.dir,
    });
    return presentShipmentPage(rows, count, q.page, perPage);
  });

  r.get('/api/shipments/:id', { preValidation: requireCustomer, schema: { params: idParams } }, async (request) => {
    const { account } = customer(request);
    const row = await service.find(account.id, checkedId(request.params.id));
    return { data: await service.view(row, requestLanguage(request)) };
  });

  /** Its tracking events, newest first (the public API's tracking:read; the same events the detail carries). */
  r.get('/api/shipments/:id/events', { preValidation: requireCustomer, schema: { params: idParams } }, async (request) => {
    const { account } = customer(request);
    const row = await service.find(account.id, checkedId(request.params.id));
    const view = await service.view(row, requestLanguage(request));
    return { data: { shipment_id: view.id, status: view.status, events: view.events } };
  });

  // Public (no session): the signed link is the credential, as a consignee holds no account.
  r.get('/api/public/truckload-confirmations/:token', { schema: { params: tokenParams } }, async (request) => ({
    data: await service.truckloadConfirmation(request.params.token, requestLanguage(request)),
  }));

  r.post('/api/shipments/:id/cancel', { preValidation: requireCustomer, schema: { params: idParams } }, async (request) => {
    const { account } = customer(request);
    const row = await logged(request, () => service.cancel(account.id, checkedId(request.params.id)));
    return { data: await service.view(row, requestLanguage(request)) };
  });

  r.post(
    '/api/shipments/:id/reship',
    { preValidation: requireCustomer, schema: { params: idParams, body: reshipRequest } },
    async (request, reply) => {
      const quote = await reshipping.reship(quoteOwner(customer(request)), checkedId(request.params.id), request.body);
      const language = requestLanguage(request);
      return reply.code(201).send({ data: presentQuote(quote, language, await equipmentCatalog(ctx.db).namesIn(language)) });
    },
  );
}
