import { LANGUAGES, type Language } from '@freight/domain';
import type { AppContext } from '../../context';
import { carrierPausedMail } from '../../mail/carrier-mails';
import { PAUSED_MAIL_JOB, type PausedMailPayload } from './carrier-breaker';
import { carrierBreakerRepository } from './carrier-breaker.repository';

const languageOf = (value: string): Language => ((LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en');

/**
 * The mail of a pause, one job per super_admin (scheduled by the process that paused the carrier,
 * in that transaction), so a failed delivery is retried for that admin alone and nobody is mailed
 * twice. It is sent even when the pause has ended since: the admin learns the carrier had an outage.
 */
export function registerPausedMail(ctx: Pick<AppContext, 'db' | 'jobs' | 'mailer' | 'config'>) {
  const repo = carrierBreakerRepository(ctx.db);
  ctx.jobs.register(PAUSED_MAIL_JOB, async (payload) => {
    const { carrierId, userId, pausedAt, reason } = payload as PausedMailPayload;
    const [carrier, admin] = await Promise.all([repo.find(carrierId), repo.superAdmin(userId)]);
    // A carrier deleted or an admin no longer one since: nobody to tell, or nothing to tell of.
    if (!carrier || !admin) return;
    await ctx.mailer.send(
      carrierPausedMail(languageOf(admin.language), admin.email, {
        name: admin.firstName,
        carrier: carrier.name,
        scac: carrier.scac,
        paused_at: new Date(pausedAt),
        reason,
        url: `${ctx.config.appUrl}/admin/carriers/${encodeURIComponent(carrierId)}`,
      }),
    );
  });
}
