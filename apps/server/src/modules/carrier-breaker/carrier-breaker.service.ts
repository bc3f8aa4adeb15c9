import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { type AuditActor, audit } from '../audit/audit';
import { carrierBreakerRepository } from './carrier-breaker.repository';

/** The staff's side of the circuit breaker: a super_admin resumes a paused carrier by hand (audited). */
export function carrierBreakerService(ctx: Pick<AppContext, 'db' | 'now' | 'carrierBreaker'>) {
  const repo = carrierBreakerRepository(ctx.db);
  return {
    /**
     * Ends the carrier's pause: quotes ask it again at once (in every process within seconds).
     * A carrier that is not paused (resumed meanwhile by a probe or a colleague) is left as it is.
     */
    async resume(actor: AuditActor, id: string) {
      const resumed = await ctx.db.transaction(async (tx) => {
        const carrier = await repo.find(id, tx);
        if (!carrier) throw AppError.notFound();
        if (!carrier.pausedAt) return false;
        if (!(await repo.resume(tx, id, carrier.pausedAt))) return false;
        await audit(
          tx,
          actor,
          {
            action: 'carrier.quoting_resumed',
            entityType: 'carrier',
            entityId: id,
            targetLabel: `${carrier.name} (${carrier.scac})`,
            before: { quoting_paused_at: carrier.pausedAt.toISOString(), quoting_pause_reason: carrier.reason },
            after: { quoting_paused_at: null, quoting_pause_reason: null },
          },
          ctx.now(),
        );
        return true;
      });
      if (resumed) ctx.carrierBreaker.resumed(id);
    },
  };
}

export type { Admission } from './carrier-breaker';
export { carrierBreakerRepository } from './carrier-breaker.repository';
