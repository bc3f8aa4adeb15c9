import { twoFactorResetRequest, twoFactorRuleRequest } from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { adminPage, customer, customerRoute, recentlyReauthenticated } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { twoFactorPolicyService } from './two-factor-policy.service';

/**
 * The account's two-factor rule (its admin, Settings > Security) and the staff reset of a user's
 * lost second factor (super_admin, like Role Management where it is offered). A reset hands the
 * account to whoever holds its password: a power at least as strong as a grant of roles, so it asks
 * for the same fresh proof of the super_admin's identity (423 `reauthentication_required`).
 */
export async function twoFactorPolicyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = twoFactorPolicyService(ctx);
  const accountAdmin = customerRoute('account.manage');
  const accountOf = (request: FastifyRequest) => customer(request).account;

  r.get('/api/account/two-factor-rule', accountAdmin, async (request) => ({ data: await service.rule(accountOf(request).id) }));

  r.put('/api/account/two-factor-rule', { ...accountAdmin, schema: { body: twoFactorRuleRequest } }, async (request) => ({
    data: await service.setRule(accountOf(request), request.body.required, auditActor(request)),
  }));

  r.post(
    '/api/admin/roles/users/:id/two-factor-reset',
    {
      preValidation: adminPage('roles'),
      schema: { params: z.object({ id: z.string().max(64) }), body: twoFactorResetRequest },
    },
    async (request, reply) => {
      recentlyReauthenticated(request, ctx.now());
      await service.reset(auditActor(request), request.params.id, request.body.reason);
      return reply.code(204).send();
    },
  );
}
