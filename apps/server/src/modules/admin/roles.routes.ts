import { rolesUpdateRequest, staffInviteRequest } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { fullName } from '../../people';
import { adminPage, recentlyReauthenticated, signedIn } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { rolesService } from './roles.service';

/**
 * Role Management: super_admin only, every endpoint. Granting super_admin or
 * fpg_admin and inviting staff need the password re-entered within minutes (423).
 */
export async function rolesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('roles') };
  const service = rolesService(ctx);

  r.get(
    '/api/admin/roles',
    { ...door, schema: { querystring: z.object({ q: z.string().trim().max(100).optional() }) } },
    async (request) => ({
      data: await service.list(request.query.q || undefined),
    }),
  );

  r.put(
    '/api/admin/roles/users/:id',
    { ...door, schema: { params: z.object({ id: z.string().max(64) }), body: rolesUpdateRequest } },
    async (request) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      const { roles, confirm_account_id } = request.body;
      const proveIdentity = () => recentlyReauthenticated(request, ctx.now());
      return {
        data: await service.setRoles(
          auditActor(request),
          request.params.id,
          { roles, confirmAccountId: confirm_account_id },
          proveIdentity,
        ),
      };
    },
  );

  r.post('/api/admin/roles/invitations', { ...door, schema: { body: staffInviteRequest } }, async (request, reply) => {
    // An invitation always grants staff roles: a grant of power.
    recentlyReauthenticated(request, ctx.now());
    const actor = { ...auditActor(request), name: fullName(signedIn(request).user) };
    return reply.code(201).send({ data: await service.invite(actor, request.body) });
  });
}
