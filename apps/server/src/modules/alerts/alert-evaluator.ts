import type { AppContext } from '../../context';
import type { JobOutcome } from '../../jobs/jobs';
import { expectedWindow } from '../delivery-windows/delivery-windows.service';
import { alertRulesRepository, type RuleScope } from './alert-rules.repository';
import { alertsRepository } from './alerts.repository';
import { ZONES_JSON } from './zones';

/** The sweep that raises the time-based alerts (and closes those whose rule no longer holds). */
export const ALERT_SWEEP_JOB = 'alerts.sweep';
/** Tells the watchers of the alerts raised since its last run (one job, run again while alerts wait). */
export const ALERT_NOTIFY_JOB = 'alerts.notify';
export const ALERT_SWEEP_EVERY_MS = 5 * 60_000;

type EvaluatorCtx = Pick<AppContext, 'db' | 'now' | 'jobs'>;

/**
 * A bound every place's today is within: UTC's date of tomorrow. The sweep narrows its rows with
 * it through an index; each rule then checks the exact day at the place.
 */
const todayBound = (now: Date) => new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);

/**
 * The rules of docs/alerts.md, run by one set of statements (alert-rules.repository.ts): for one
 * shipment when an event of it is stored, for every open shipment by the sweep. Raising is
 * idempotent (one open alert per shipment and kind); each new alert waits for the notify job.
 */
export function alertEvaluator(ctx: EvaluatorCtx) {
  const rules = alertRulesRepository(ctx.db);

  /** Every rule over `scope`: answers how many alerts it opened. */
  async function run(scope: RuleScope) {
    const now = ctx.now();
    let raised = 0;
    for (const kind of rules.kinds) {
      // Closed first: a stall that a new event ended is closed before the rule looks again.
      await rules.close(kind, scope, now, ZONES_JSON);
      raised += await rules.raise(kind, scope, now, ZONES_JSON, todayBound(now));
    }
    return raised;
  }

  /**
   * The early warning the SQL cannot give: the lane's learned window (in memory) typically delivers
   * after the promised date, so the delivery is slipping before the date has passed.
   */
  async function learnedSlip(shipmentId: string): Promise<boolean> {
    const row = await alertsRepository(ctx.db).shipmentForWindow(shipmentId);
    if (!row?.promisedOn || row.status === 'delivered' || row.status === 'canceled') return false;
    const window = await expectedWindow(ctx, row);
    if (!window || window.typical_date <= row.promisedOn) return false;
    return rules.raiseOne(
      {
        accountId: row.accountId,
        shipmentId,
        kind: 'window_slipping',
        details: { promised_on: row.promisedOn, expected_on: window.typical_date },
      },
      ctx.now(),
    );
  }

  async function notifySoon(raised: number) {
    if (raised) await ctx.jobs.schedule(ALERT_NOTIFY_JOB, 'pending', ctx.now());
  }

  /** Every open shipment at once, set-based; answers how many alerts it raised. */
  async function sweep(): Promise<number> {
    const raised = await run({ all: true });
    await notifySoon(raised);
    return raised;
  }

  return {
    /** Evaluates one shipment (a tracking event of it was stored, Action Required changed); answers how many alerts it raised. */
    async evaluateShipment(shipmentId: string): Promise<number> {
      const raised = (await run({ shipmentId })) + ((await learnedSlip(shipmentId)) ? 1 : 0);
      await notifySoon(raised);
      return raised;
    },

    sweep,

    /** The sweep job's round: the next one ALERT_SWEEP_EVERY_MS later. */
    async sweepJob(): Promise<JobOutcome> {
      await sweep();
      return { runAgainAt: new Date(ctx.now().getTime() + ALERT_SWEEP_EVERY_MS) };
    },
  };
}
