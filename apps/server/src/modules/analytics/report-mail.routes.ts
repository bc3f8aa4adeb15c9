import { type ReportMailSettingView, reportMailSetting, reportMailUnsubscribe } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { customer, customerRoute } from '../../plugins/guards';
import { registerReportMail, reportMailService } from './report-mail';

/**
 * The Analytics report by mail: the caller's own choice (read and set by whoever may read
 * Analytics, for themselves only), and the mailed link that turns it off without signing in.
 */
export async function reportMailRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = reportMailService(ctx);
  const reader = customerRoute('analytics.view');
  await registerReportMail(ctx);

  r.get(
    '/api/analytics/report-mail',
    reader,
    async (request): Promise<{ data: ReportMailSettingView }> => ({
      data: { frequency: await service.choice(customer(request).user.id) },
    }),
  );

  r.put('/api/analytics/report-mail', { ...reader, schema: { body: reportMailSetting } }, async (request) => {
    const { user } = customer(request);
    await service.setChoice(user.id, request.body.frequency);
    return { data: { frequency: await service.choice(user.id) } };
  });

  // Public (no session): the signed token is the credential, as in a mail read anywhere.
  r.post('/api/public/analytics-report/unsubscribe', { schema: { body: reportMailUnsubscribe } }, async (request) => {
    if (!(await service.unsubscribe(request.body.token))) throw AppError.notFound();
    return { data: { frequency: 'off' } satisfies ReportMailSettingView };
  });
}
