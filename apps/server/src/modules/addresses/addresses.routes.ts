import { ADDRESS_SORTS, addressBookEntry, listQuery } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { customerCsvAccess, registerCsvRoutes } from '../../csv/csv.routes';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { customer, customerRoute } from '../../plugins/guards';
import { presentAddress, presentAddressPage } from './addresses.presenter';
import { addressesService } from './addresses.service';
import type { AddressVerifier } from './addresses.verifier';

const idParams = z.object({ id: z.string().max(64) });
const pageQuery = listQuery(ADDRESS_SORTS);
const viewQuery = pageQuery.pick({ q: true, sort: true, dir: true });

/** A failed save answers the spec's one message above the field errors. */
const SAVE = { validationMessage: 'address.save_failed' };

/**
 * The address book of the caller's account (verified customers): list with search, sort and
 * paging; CRUD; CSV template, export and import. `verifier` replaces the built-in postal-data
 * verification (tests, or a real address service later).
 */
export async function addressesRoutes(app: FastifyInstance, ctx: AppContext, verifier?: AddressVerifier) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = addressesService(ctx, verifier);
  const checkedId = (id: string) => {
    if (!isUuid(id)) throw AppError.notFound();
    return id;
  };
  const view = (q: z.output<typeof viewQuery>) => ({ search: q.q || undefined, sort: q.sort, dir: q.dir });

  r.get('/api/addresses', { ...customerRoute('addresses.view'), schema: { querystring: pageQuery } }, async (request) => {
    const { account, settings } = customer(request);
    const perPage = request.query.per_page ?? settings.recordsPerPage;
    const { rows, ...counted } = await service.page(account.id, { ...view(request.query), page: request.query.page, perPage });
    return presentAddressPage(rows, counted, request.query.page, perPage);
  });

  r.post('/api/addresses', { ...customerRoute('addresses.edit', SAVE), schema: { body: addressBookEntry } }, async (request, reply) => {
    const { user, account } = customer(request);
    const row = await service.create({ accountId: account.id, userId: user.id }, request.body);
    return reply.code(201).send({ data: presentAddress(row) });
  });

  r.get('/api/addresses/:id', { ...customerRoute('addresses.view'), schema: { params: idParams } }, async (request) => {
    const { account } = customer(request);
    return { data: presentAddress(await service.find(account.id, checkedId(request.params.id))) };
  });

  r.put(
    '/api/addresses/:id',
    { ...customerRoute('addresses.edit', SAVE), schema: { params: idParams, body: addressBookEntry } },
    async (request) => {
      const { account } = customer(request);
      return { data: presentAddress(await service.update(account.id, checkedId(request.params.id), request.body)) };
    },
  );

  r.delete('/api/addresses/:id', { ...customerRoute('addresses.edit'), schema: { params: idParams } }, async (request, reply) => {
    const { account } = customer(request);
    await service.remove(account.id, checkedId(request.params.id));
    return reply.code(204).send();
  });

  await registerCsvRoutes(app, {
    access: customerCsvAccess('addresses.view', 'addresses.edit'),
    path: '/api/addresses',
    files: { template: 'address-book-template.csv', export: 'address-book.csv' },
    exportQuery: viewQuery,
    templateCsv: service.templateCsv,
    exportCsv: (accountId, query) => service.exportCsv(accountId, view(query)),
    importCsv: service.importCsv,
  });
}
