import { salesRequest } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { customer, customerRoute } from '../../plugins/guards';
import { presentSalesRequest } from './sales-requests.presenter';
import { salesRequestsService } from './sales-requests.service';

const idParams = z.object({ id: z.string().max(64) });

/** POST /api/quotes/:id/sales-request: the shipper asks the sales desk to call back about a quote. */
export async function salesRequestsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = salesRequestsService(ctx);

  r.post(
    '/api/quotes/:id/sales-request',
    { ...customerRoute('quotes.run'), schema: { params: idParams, body: salesRequest } },
    async (request, reply) => {
      const { user, account } = customer(request);
      if (!isUuid(request.params.id)) throw AppError.notFound();
      const row = await service.create(
        {
          accountId: account.id,
          accountName: account.name,
          userId: user.id,
          userName: `${user.firstName} ${user.lastName}`,
          userEmail: user.email,
        },
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ data: presentSalesRequest(row) });
    },
  );
}
