import { listQuery, PRODUCT_SORTS, productInput } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { customerCsvAccess, registerCsvRoutes } from '../../csv/csv.routes';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { customer, customerRoute } from '../../plugins/guards';
import { presentProduct, presentProductsPage } from './products.presenter';
import { productsService } from './products.service';

const idParams = z.object({ id: z.string().max(64) });
const productListQuery = listQuery(PRODUCT_SORTS);
const viewQuery = productListQuery.pick({ q: true, sort: true, dir: true });

/** A failed create or update says the spec's words above the field errors. */
const SAVE = { validationMessage: 'product.save_failed' };

/**
 * The product catalog of the caller's account (verified customers): list
 * with search, sort and paging; CRUD; CSV template, export and import.
 */
export async function productsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = productsService(ctx);
  const checkedId = (id: string) => {
    if (!isUuid(id)) throw AppError.notFound();
    return id;
  };

  const view = (q: z.output<typeof viewQuery>) => ({ search: q.q || undefined, sort: q.sort, dir: q.dir });

  r.get('/api/products', { ...customerRoute('catalog.view'), schema: { querystring: productListQuery } }, async (request) => {
    const { account, settings } = customer(request);
    const { page } = request.query;
    const perPage = request.query.per_page ?? settings.recordsPerPage;
    const { rows, total } = await service.page(account.id, { ...view(request.query), page, perPage });
    return presentProductsPage(rows, total, page, perPage);
  });

  r.post('/api/products', { ...customerRoute('catalog.edit', SAVE), schema: { body: productInput } }, async (request, reply) => {
    const { user, account } = customer(request);
    const row = await service.create({ accountId: account.id, userId: user.id }, request.body);
    return reply.code(201).send({ data: presentProduct(row) });
  });

  r.get('/api/products/:id', { ...customerRoute('catalog.view'), schema: { params: idParams } }, async (request) => {
    const { account } = customer(request);
    return { data: presentProduct(await service.find(account.id, checkedId(request.params.id))) };
  });

  r.put(
    '/api/products/:id',
    { ...customerRoute('catalog.edit', SAVE), schema: { params: idParams, body: productInput } },
    async (request) => {
      const { account } = customer(request);
      return { data: presentProduct(await service.update(account.id, checkedId(request.params.id), request.body)) };
    },
  );

  r.delete('/api/products/:id', { ...customerRoute('catalog.edit'), schema: { params: idParams } }, async (request, reply) => {
    const { account } = customer(request);
    await service.delete(account.id, checkedId(request.params.id));
    return reply.code(204).send();
  });

  await registerCsvRoutes(app, {
    access: customerCsvAccess('catalog.view', 'catalog.edit'),
    path: '/api/products',
    files: { template: 'product-catalog-template.csv', export: 'product-catalog.csv' },
    exportQuery: viewQuery,
    templateCsv: service.templateCsv,
    exportCsv: (accountId, query) => service.exportCsv(accountId, view(query)),
    importCsv: service.importCsv,
  });
}
