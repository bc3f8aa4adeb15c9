import {
  alertListQuery,
  alertPreferencesUpdate,
  canWorkExceptions,
  exceptionAcknowledgeRequest,
  exceptionQueueQuery,
} from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { adminPage, customer, customerRoute } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { ALERT_NOTIFY_JOB, ALERT_SWEEP_EVERY_MS, ALERT_SWEEP_JOB, alertEvaluator } from './alert-evaluator';
import { alertNotifier } from './alert-notifier';
import { alertsService, exceptionsService } from './alerts.service';

const idParams = z.object({ id: z.string().max(64) });

/**
 * Alerts (docs/alerts.md). Shippers read their account's alerts and their own inbox and choose
 * their channels, with the shipments' view permission (every team role has it). Staff who work
 * the exceptions queue (ops and the admins, behind the shipment pages' door) list and acknowledge.
 * Also registers the sweep and notify jobs.
 */
export async function alertsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = alertsService(ctx);
  const exceptions = exceptionsService(ctx);
  const see = customerRoute('shipments.view');
  const staff = { preValidation: adminPage('shipments', canWorkExceptions) };

  const evaluator = alertEvaluator(ctx);
  const notifier = alertNotifier(ctx);
  ctx.jobs.register(ALERT_SWEEP_JOB, () => evaluator.sweepJob());
  ctx.jobs.register(ALERT_NOTIFY_JOB, () => notifier.notifyPending());
  await ctx.jobs.schedule(ALERT_SWEEP_JOB, 'every-5-minutes', new Date(ctx.now().getTime() + ALERT_SWEEP_EVERY_MS));

  r.get('/api/alerts', { ...see, schema: { querystring: alertListQuery } }, async (request) => {
    const { user, account } = customer(request);
    return service.list(account.id, user.id, request.query);
  });

  r.get('/api/alerts/unread-count', see, async (request) => service.unread(customer(request).user.id));

  r.post('/api/alerts/read-all', see, async (request) => service.readAll(customer(request).user.id));

  r.post('/api/alerts/:id/read', { ...see, schema: { params: idParams } }, async (request) => {
    const { user, account } = customer(request);
    return service.read(account.id, user.id, request.params.id);
  });

  r.get('/api/settings/alerts', see, async (request) => service.preferences(customer(request).user.id));

  r.put('/api/settings/alerts', { ...see, schema: { body: alertPreferencesUpdate } }, async (request) =>
    service.savePreferences(customer(request).user.id, request.body),
  );

  r.get('/api/admin/exceptions', { ...staff, schema: { querystring: exceptionQueueQuery } }, async (request) =>
    exceptions.queue(request.query),
  );

  r.post('/api/admin/exceptions/acknowledge', { ...staff, schema: { body: exceptionAcknowledgeRequest } }, async (request) =>
    exceptions.acknowledge(auditActor(request), request.body.ids),
  );
}
