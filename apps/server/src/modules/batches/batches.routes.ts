import {
  type BatchRowsBody,
  batchBookRequest,
  batchCreateQuery,
  batchFromEbayRequest,
  batchListQuery,
  batchRowsBody,
  batchRowUpdate,
  batchTemplateQuery,
} from '@freight/contracts';
import type { Currency, UnitSystem } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { csvBodyParser, csvUploadOf } from '../../csv/csv';
import { AppError } from '../../errors';
import { requestLanguage } from '../../plugins/errors';
import { customer, customerRoute, requirePermission, requireShipper } from '../../plugins/guards';
import { quoteOwner } from '../quotes/quotes.service';
import { batchesService } from './batches.service';
import { batchBooking } from './batches-booking';
import { batchDocuments } from './batches-documents';
import { asBatchFile } from './batches-rows';

const idParams = z.object({ id: z.string().max(64) });
// A row is named by its line in the file; anything else is no such row.
const rowParams = idParams.extend({ row: z.string().max(16) });

/**
 * Shipping at volume: a shipper's batches of the caller's own account (another account's batch
 * is a 404). Whoever may see shipments reads them; whoever may book uploads them.
 */
export async function batchesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = batchesService(ctx);
  const booking = batchBooking(ctx);
  const files = batchDocuments(ctx);

  /** The row named by its line in the file; anything else is no such row. */
  const lineOf = (row: string) => {
    const line = /^[0-9]{1,7}$/.test(row) ? Number(row) : Number.NaN;
    if (!Number.isInteger(line)) throw AppError.notFound();
    return line;
  };

  /** Books the batch's rows (or one) as the caller, with their team rights, then answers the batch. */
  const book = async (request: FastifyRequest, id: string, line: number | null) => {
    const { user, account, settings } = customer(request);
    const rights = {
      role: user.accountRole ?? 'viewer',
      limitCents: user.bookingLimitCents,
      approvalRequiredFor: user.approvalRequiredFor,
    };
    const shipper = { accountId: account.id, userId: user.id, paymentTerms: account.paymentTerms, rights };
    const language = requestLanguage(request);
    await booking.book(shipper, user, id, line, { language, unitSystem: settings.unitSystem as UnitSystem });
    return { data: await service.view(account.id, id, language) };
  };

  const download = (type: string, name: string) => ({
    'content-type': type,
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'private, no-store',
  });

  r.get(
    '/api/batches/template.csv',
    { ...customerRoute('shipments.book'), schema: { querystring: batchTemplateQuery } },
    async (_request, reply) =>
      reply
        .headers({
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="batch-template.csv"',
          'cache-control': 'no-store',
        })
        .send(service.templateCsv()),
  );

  r.get('/api/batches', { ...customerRoute('shipments.view'), schema: { querystring: batchListQuery } }, async (request) => {
    const { account, settings } = customer(request);
    return service.page(account.id, request.query.page, request.query.per_page ?? settings.recordsPerPage);
  });

  r.get('/api/batches/:id', { ...customerRoute('shipments.view'), schema: { params: idParams } }, async (request) => ({
    data: await service.view(customer(request).account.id, request.params.id, requestLanguage(request)),
  }));

  r.get('/api/batches/:id/status', { ...customerRoute('shipments.view'), schema: { params: idParams } }, async (request) => ({
    data: await service.status(customer(request).account.id, request.params.id),
  }));

  r.get('/api/batches/:id/results', { ...customerRoute('shipments.view'), schema: { params: idParams } }, async (request) => ({
    data: await service.results(customer(request).account.id, request.params.id, requestLanguage(request)),
  }));

  r.put(
    '/api/batches/:id/rows/:row',
    { ...customerRoute('shipments.book'), schema: { params: rowParams, body: batchRowUpdate } },
    async (request) => {
      const { user, account, settings } = customer(request);
      const line = lineOf(request.params.row);
      return {
        data: await service.fixRow(
          { accountId: account.id, userId: user.id },
          request.params.id,
          line,
          request.body,
          requestLanguage(request),
          settings.unitSystem as UnitSystem,
        ),
      };
    },
  );

  r.post('/api/batches/:id/rate', { ...customerRoute('shipments.book'), schema: { params: idParams } }, async (request) => {
    const signedIn = customer(request);
    const { settings } = signedIn;
    const prefs = { currency: settings.currency as Currency, unitSystem: settings.unitSystem as UnitSystem };
    return { data: await service.rate(quoteOwner(signedIn), prefs, request.params.id, requestLanguage(request)) };
  });

  // Booking is the single booking's door: a role that may book, an account not on credit hold.
  r.post('/api/batches/:id/book', { preValidation: requireShipper, schema: { params: idParams, body: batchBookRequest } }, (request) =>
    book(request, request.params.id, null),
  );

  r.post(
    '/api/batches/:id/rows/:row/book',
    { preValidation: requireShipper, schema: { params: rowParams, body: batchBookRequest } },
    (request) => book(request, request.params.id, lineOf(request.params.row)),
  );

  r.get('/api/batches/:id/documents.pdf', { ...customerRoute('shipments.view'), schema: { params: idParams } }, async (request, reply) => {
    const { account, settings } = customer(request);
    const pdf = await files.documentsPdf(account.id, request.params.id, requestLanguage(request), settings.unitSystem as UnitSystem);
    return reply.headers(download('application/pdf', `Batch-${request.params.id.slice(0, 8)}-documents.pdf`)).send(pdf);
  });

  r.get('/api/batches/:id/manifest.csv', { ...customerRoute('shipments.view'), schema: { params: idParams } }, async (request, reply) => {
    const csv = await files.manifestCsv(customer(request).account.id, request.params.id);
    return reply.headers(download('text/csv; charset=utf-8', `Batch-${request.params.id.slice(0, 8)}-manifest.csv`)).send(csv);
  });

  r.get('/api/batches/:id/manifest.pdf', { ...customerRoute('shipments.view'), schema: { params: idParams } }, async (request, reply) => {
    const pdf = await files.manifestPdf(customer(request).account.id, request.params.id, requestLanguage(request));
    return reply.headers(download('application/pdf', `Batch-${request.params.id.slice(0, 8)}-manifest.pdf`)).send(pdf);
  });

  // The eBay orders picked on the orders page, one row each: for those who ship eBay orders.
  r.post('/api/batches/ebay', { ...customerRoute('ebay.ship'), schema: { body: batchFromEbayRequest } }, async (request, reply) => {
    const { user, account, settings } = customer(request);
    const made = await service.createFromEbay(
      { accountId: account.id, userId: user.id },
      request.body,
      settings.unitSystem as UnitSystem,
      requestLanguage(request),
    );
    return reply.code(201).send({ data: made });
  });

  // The file is a text/csv body (the CSV imports' byte limit), read as it streams in, in a scope
  // of its own; the door is checked on request, before the upload is read. A program may send the
  // rows as JSON instead (the API's usual body): they are checked as the file they stand for.
  await app.register(async (scope) => {
    csvBodyParser(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/batches',
      {
        onRequest: requirePermission('shipments.book'),
        schema: { querystring: batchCreateQuery, body: { content: { 'application/json': { schema: batchRowsBody } } } },
      },
      async (request, reply) => {
        const { user, account, settings } = customer(request);
        const rows = request.mediaType === 'application/json' ? (request.body as BatchRowsBody).rows : null;
        const made = await service.create(
          { accountId: account.id, userId: user.id },
          rows ? asBatchFile(rows) : csvUploadOf(request.body),
          request.query,
          requestLanguage(request),
          settings.unitSystem as UnitSystem,
        );
        return reply.code(201).send({ data: made });
      },
    );
  });
}
