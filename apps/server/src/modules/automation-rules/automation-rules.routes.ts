import {
  automationDryRunRequest,
  automationEbayApplyRequest,
  automationMatchRequest,
  automationRuleOrderRequest,
  automationRuleRequest,
  automationRuleSwitchRequest,
} from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { customerWith, requirePermission } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { quoteOwner } from '../quotes/quotes.service';
import { automationRulesService, outcomeView, ruleShipmentOfForm } from './automation-rules.service';

const idParams = z.object({ id: z.string().max(64) });

/**
 * Settings > Rules. An account's admins write the rules and dry-run them ('account.manage': the
 * rules change how every colleague's shipments are quoted, and a dry run shows the account's
 * prices). Whoever quotes ('quotes.run': admins and shippers) reads them and gets their outcome
 * for a quote; whoever ships eBay orders ('ebay.ship') gets it for orders. Billing and viewers
 * neither quote nor ship, so they have no use for the list and do not see it.
 */
export async function automationRulesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = automationRulesService(ctx);
  const manage = { preValidation: requirePermission('account.manage') };
  const quoting = { preValidation: requirePermission('quotes.run') };
  const shipping = { preValidation: requirePermission('ebay.ship') };
  const accountOf = (request: FastifyRequest, permission: 'account.manage' | 'quotes.run' | 'ebay.ship') =>
    customerWith(request, permission).account.id;

  r.get('/api/automation-rules', quoting, async (request) => ({ data: await service.list(accountOf(request, 'quotes.run')) }));

  r.post('/api/automation-rules', { ...manage, schema: { body: automationRuleRequest } }, async (request, reply) =>
    reply.code(201).send({ data: await service.create(auditActor(request), accountOf(request, 'account.manage'), request.body) }),
  );

  r.put('/api/automation-rules/:id', { ...manage, schema: { params: idParams, body: automationRuleRequest } }, async (request) => ({
    data: await service.update(auditActor(request), accountOf(request, 'account.manage'), request.params.id, request.body),
  }));

  r.put(
    '/api/automation-rules/:id/enabled',
    { ...manage, schema: { params: idParams, body: automationRuleSwitchRequest } },
    async (request) => ({
      data: await service.update(
        auditActor(request),
        accountOf(request, 'account.manage'),
        request.params.id,
        { enabled: request.body.enabled },
        request.body.enabled ? 'automation_rule.enable' : 'automation_rule.disable',
      ),
    }),
  );

  r.put('/api/automation-rules/order', { ...manage, schema: { body: automationRuleOrderRequest } }, async (request) => ({
    data: await service.reorder(auditActor(request), accountOf(request, 'account.manage'), request.body.ids),
  }));

  r.delete('/api/automation-rules/:id', { ...manage, schema: { params: idParams } }, async (request, reply) => {
    await service.remove(auditActor(request), accountOf(request, 'account.manage'), request.params.id);
    return reply.code(204).send();
  });

  r.post('/api/automation-rules/dry-run', { ...manage, schema: { body: automationDryRunRequest } }, async (request) => {
    const signedIn = customerWith(request, 'account.manage');
    return { data: await service.dryRun(quoteOwner(signedIn), signedIn.settings.currency, request.body) };
  });

  r.post('/api/automation-rules/match', { ...quoting, schema: { body: automationMatchRequest } }, async (request) => ({
    data: outcomeView(await service.outcomeFor(accountOf(request, 'quotes.run'), ruleShipmentOfForm(request.body))),
  }));

  r.post('/api/automation-rules/ebay-orders', { ...shipping, schema: { body: automationEbayApplyRequest } }, async (request) => ({
    data: await service.ebayOutcomes(accountOf(request, 'ebay.ship'), request.body.order_ids),
  }));
}
