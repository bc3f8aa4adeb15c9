import { quoteListQuery, quoteRequest } from '@freight/contracts';
import type { Currency, UnitSystem } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { exportFormat } from '../../exports/export';
import { isUuid } from '../../ids';
import { requestLanguage } from '../../plugins/errors';
import { customer, customerRoute } from '../../plugins/guards';
import { equipmentCatalog } from '../equipment-types/equipment-types.service';
import { pickupDatesRoutes } from './pickup-dates.routes';
import { quotesExport } from './quotes.export';
import { presentQuote, presentQuotesPage } from './quotes.presenter';
import type { QuoteRow } from './quotes.repository';
import { quoteOwner, quotesService } from './quotes.service';

const idParams = z.object({ id: z.string().max(64) });

const savedParam = z.enum(['0', '1', 'true', 'false'], { error: 'validation.choice' }).optional();
const listQuery = quoteListQuery.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
  saved: savedParam,
});
/** The list's query without its page, and the file's format. */
const exportQuery = quoteListQuery.extend({ saved: savedParam, ...exportFormat });

/** Quoting: rate a shipment with every active carrier of the mode, keep it for the account; the pickup dates it may take. */
export async function quotesRoutes(app: FastifyInstance, ctx: AppContext) {
  await pickupDatesRoutes(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = quotesService(ctx);
  const equipment = equipmentCatalog(ctx.db, ctx.now);
  /** A quote as its reader sees it, its equipment named in their language. */
  const present = async (quote: QuoteRow, request: FastifyRequest) => {
    const language = requestLanguage(request);
    return presentQuote(quote, language, quote.mode === 'truckload' ? await equipment.namesIn(language) : undefined);
  };
  const checkedId = (id: string) => {
    if (!isUuid(id)) throw AppError.notFound();
    return id;
  };

  r.post('/api/quotes', { ...customerRoute('quotes.run'), schema: { body: quoteRequest } }, async (request, reply) => {
    const signedIn = customer(request);
    const { settings } = signedIn;
    // Object.assign, not `{ ...request.body, currency, unit_system }`: on Node 20 (V8 11.3) that
    // makes a new hidden class for every quote (quotes.presenter.ts says more).
    const input = Object.assign({}, request.body, {
      currency: request.body.currency ?? (settings.currency as Currency),
      unit_system: request.body.unit_system ?? (settings.unitSystem as UnitSystem),
    });
    const quote = await service.create(quoteOwner(signedIn), input);
    return reply.code(201).send({ data: await present(quote, request) });
  });

  r.get('/api/quotes', { ...customerRoute('quotes.view'), schema: { querystring: listQuery } }, async (request) => {
    const { user, account, settings } = customer(request);
    const perPage = request.query.per_page ?? settings.recordsPerPage;
    const savedOnly = request.query.saved === '1' || request.query.saved === 'true';
    const found = await service.page(account.id, {
      page: request.query.page,
      perPage,
      savedOnly,
      mode: request.query.mode,
      createdBy: request.query.mine ? user.id : undefined,
      search: request.query.q || undefined,
    });
    return presentQuotesPage(found, request.query.page, perPage);
  });

  /** Quote history, or saved quotes (`saved`), as a file: the list's mode, 'Mine' and search, every page of it. */
  const exportQuotes = quotesExport(ctx);
  r.get('/api/quotes/export', { ...customerRoute('quotes.view'), schema: { querystring: exportQuery } }, async (request, reply) => {
    const { user, account, settings } = customer(request);
    const q = request.query;
    return exportQuotes(reply, {
      accountId: account.id,
      format: q.format,
      language: requestLanguage(request),
      metric: settings.unitSystem === 'metric',
      filter: {
        savedOnly: q.saved === '1' || q.saved === 'true',
        mode: q.mode,
        createdBy: q.mine ? user.id : undefined,
        search: q.q || undefined,
      },
    });
  });

  r.get('/api/quotes/:id', { ...customerRoute('quotes.view'), schema: { params: idParams } }, async (request) => {
    const { account } = customer(request);
    const quote = await service.find(account.id, checkedId(request.params.id));
    return { data: await present(quote, request) };
  });

  r.post('/api/quotes/:id/save', { ...customerRoute('quotes.run'), schema: { params: idParams } }, async (request) => {
    const { account } = customer(request);
    const quote = await service.save(account.id, checkedId(request.params.id));
    return { data: await present(quote, request) };
  });

  r.delete('/api/quotes/:id/save', { ...customerRoute('quotes.run'), schema: { params: idParams } }, async (request) => {
    const { account } = customer(request);
    const quote = await service.save(account.id, checkedId(request.params.id), false);
    return { data: await present(quote, request) };
  });

  r.post('/api/quotes/:id/rerun', { ...customerRoute('quotes.run'), schema: { params: idParams } }, async (request, reply) => {
    const quote = await service.rerun(quoteOwner(customer(request)), checkedId(request.params.id));
    return reply.code(201).send({ data: await present(quote, request) });
  });
}
