import { integrationSwitchRequest } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { adminPage } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { webhooksService } from '../webhooks/webhooks.service';
import { INTEGRATION_KINDS, integrationsService } from './integrations.service';

const listQuery = z.object({
  kind: z.enum(INTEGRATION_KINDS, { error: 'validation.choice' }).optional(),
  q: z.string().max(100, { error: 'validation.too_long' }).optional(),
});
const switchParams = z.object({ kind: z.string().max(20), id: z.string().max(80) });

/**
 * The staff Integrations page: GET /api/admin/integrations?kind=&q=
 * lists every connection with its health; PUT /api/admin/integrations/:kind/:id {enabled} switches
 * one on or off (audited) and answers it.
 */
export async function integrationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('integrations') };
  const service = integrationsService(ctx, webhooksService(ctx));

  r.get('/api/admin/integrations', { ...door, schema: { querystring: listQuery } }, async (request) => ({
    data: await service.list(request.query),
  }));

  r.put(
    '/api/admin/integrations/:kind/:id',
    { ...door, schema: { params: switchParams, body: integrationSwitchRequest } },
    async (request) => {
      const kind = INTEGRATION_KINDS.find((k) => k === request.params.kind);
      if (!kind) throw AppError.notFound();
      return { data: await service.setEnabled(auditActor(request), kind, request.params.id, request.body.enabled) };
    },
  );
}
