import { staffQuoteParams } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { requestLanguage } from '../../plugins/errors';
import { adminPage, verified } from '../../plugins/guards';
import { marginAccess } from '../staff-shipments/staff-shipments.service';
import { staffQuotesService } from './staff-quotes.service';

/**
 * A stored quote for staff, opened from its account's page in Account Management (that page's
 * door: every staff role). Customers get 403; a quote nobody has answers 404.
 */
export async function staffQuotesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = staffQuotesService(ctx);

  r.get('/api/admin/quotes/:id', { preValidation: adminPage('accounts'), schema: { params: staffQuoteParams } }, async (request) => {
    if (!isUuid(request.params.id)) throw AppError.notFound();
    return {
      data: await service.detail(request.params.id, requestLanguage(request), marginAccess(ctx, verified(request).user)),
    };
  });
}
