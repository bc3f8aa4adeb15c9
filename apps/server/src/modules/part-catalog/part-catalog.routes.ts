import { PART_SUGGESTION_MIN_CHARS, partInput, partListQuery, partSuggestionQuery } from '@freight/contracts';
import { isStaff } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { registerCsvRoutes } from '../../csv/csv.routes';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { requestLanguage } from '../../plugins/errors';
import { adminPage, verified } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { presentPart, presentPartsPage, presentSuggestion } from './part-catalog.presenter';
import type { PartListOptions } from './part-catalog.repository';
import { partCatalogService } from './part-catalog.service';

const idParams = z.object({ id: z.string().max(64) });
const exportQuery = partListQuery.pick({ q: true, sort: true, dir: true, hazardous: true, density_based: true });

/** A failed create or update says so above the field errors. */
const SAVE = { validationMessage: 'part.save_failed' };

const PER_PAGE = 25;

const flag = (v: 'yes' | 'no' | undefined) => (v === undefined ? undefined : v === 'yes');

const view = (q: z.output<typeof exportQuery>): PartListOptions => ({
  search: q.q || undefined,
  hazardous: flag(q.hazardous),
  densityBased: flag(q.density_based),
  sort: q.sort,
  dir: q.dir,
});

/** Customers (verified, of an account) and staff: whoever fills an item line or a product. */
async function requireSuggestionReader(request: FastifyRequest) {
  const auth = verified(request);
  if (!auth.account && !isStaff(auth.user.roles)) throw AppError.forbidden();
}

/**
 * The part catalog: staff keep it under /api/admin/part-catalog (the 'partCatalog'
 * admin page's door: every staff role), with CSV template, export and import; signed-in users
 * get suggestions from it as they type an item's description.
 */
export async function partCatalogRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = partCatalogService(ctx);
  const door = adminPage('partCatalog');
  const checkedId = (id: string) => {
    if (!isUuid(id)) throw AppError.notFound();
    return id;
  };

  r.get('/api/admin/part-catalog', { preValidation: door, schema: { querystring: partListQuery } }, async (request) => {
    const { page } = request.query;
    const perPage = request.query.per_page ?? PER_PAGE;
    const { rows, total } = await service.page({ ...view(request.query), page, perPage });
    return presentPartsPage(rows, total, page, perPage);
  });

  r.post('/api/admin/part-catalog', { preValidation: door, config: SAVE, schema: { body: partInput } }, async (request, reply) => {
    const row = await service.create(auditActor(request), request.body);
    return reply.code(201).send({ data: presentPart(row) });
  });

  r.get('/api/admin/part-catalog/:id', { preValidation: door, schema: { params: idParams } }, async (request) => ({
    data: presentPart(await service.find(checkedId(request.params.id))),
  }));

  r.put(
    '/api/admin/part-catalog/:id',
    { preValidation: door, config: SAVE, schema: { params: idParams, body: partInput } },
    async (request) => ({
      data: presentPart(await service.update(auditActor(request), checkedId(request.params.id), request.body)),
    }),
  );

  r.delete('/api/admin/part-catalog/:id', { preValidation: door, schema: { params: idParams } }, async (request, reply) => {
    await service.delete(auditActor(request), checkedId(request.params.id));
    return reply.code(204).send();
  });

  await registerCsvRoutes(app, {
    access: { read: door, write: door, owner: () => null, caller: auditActor },
    path: '/api/admin/part-catalog',
    files: { template: 'part-catalog-template.csv', export: 'part-catalog.csv' },
    exportQuery,
    templateCsv: service.templateCsv,
    exportCsv: (_owner, query) => service.exportCsv(null, view(query)),
    importCsv: service.importCsv,
  });

  /** Up to 8 parts for the typed description, in the reader's language (`language`, else their setting). */
  r.get(
    '/api/part-catalog/suggestions',
    { preValidation: requireSuggestionReader, schema: { querystring: partSuggestionQuery } },
    async (request) => {
      const language = request.query.language ?? requestLanguage(request);
      const q = request.query.q;
      const rows = q.length >= PART_SUGGESTION_MIN_CHARS ? await service.suggestions(q, language) : [];
      return { data: rows.map((row) => presentSuggestion(row, language)) };
    },
  );
}
