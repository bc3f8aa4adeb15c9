import type { BackgroundTasks } from '../../background';
import { businessDays } from '../../business-days';
import type { Db } from '../../db/client';
import { isUuid } from '../../ids';
import { carrierScorecardsRepository } from './carrier-scorecards.repository';
import { monthOf } from './scorecard-summary';

/**
 * Counts each failed rate request (an error or a timeout, as the circuit breaker is told of it) in
 * its carrier's month of the business, for the scorecards: the breaker's own counts live in
 * memory for five minutes. Written beside the quote, never in its way (a failure to count is logged).
 */
export function rateFailureRecorder(deps: { db: Db; now: () => Date; timeZone: string; background: BackgroundTasks }) {
  const repo = carrierScorecardsRepository(deps.db);
  const days = businessDays(deps.timeZone);
  return (carrierId: string, outcome: 'error' | 'timeout') => {
    // Only the carriers of the carriers table are scored (a test's stand-in has no row).
    if (!isUuid(carrierId)) return;
    const month = monthOf(days.today(deps.now()));
    void deps.background.run('carrier-scorecards.rate-failure', () => repo.recordFailure(carrierId, month, outcome));
  };
}
