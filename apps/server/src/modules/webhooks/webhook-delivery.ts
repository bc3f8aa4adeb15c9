import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AppContext } from '../../context';
import type { JobOutcome } from '../../jobs/jobs';
import { LANE_JOB, scheduleLane } from './webhook-events';
import { mailWebhookDisabled } from './webhook-notice';
import { signedHeaders, webhookSecretBox } from './webhook-signing';
import { publicOnlyLookup, targetProblem } from './webhook-target';
import { type DeliveryRow, type Lane, type SubscriptionRow, webhooksRepository } from './webhooks.repository';

/** Looks for lanes whose job is late or was lost, every minute (a safety net: emission schedules each lane). */
export const SWEEP_JOB = 'webhook.sweep';
const SWEEP_EVERY_MS = 60_000;

const SECOND = 1000;
const HOUR = 3600 * SECOND;
/** The wait after the 1st, 2nd... failed attempt; after the last listed, every 4 hours. */
const RETRY_DELAYS_MS = [5 * SECOND, 30 * SECOND, 120 * SECOND, 600 * SECOND, 1800 * SECOND, HOUR, 2 * HOUR, 3 * HOUR];
const LATER_RETRY_MS = 4 * HOUR;
/** Attempts go on this long after the event; then the delivery has failed and its lane moves on. */
export const RETRY_WINDOW_MS = 72 * HOUR;
const ATTEMPT_TIMEOUT_MS = 10 * SECOND;
/** A claimed delivery is the claimer's this long (an attempt takes 10 s at most). */
const CLAIM_MS = 60 * SECOND;
/** One run of a lane delivers at most this much, then lets other jobs in (the job's lease is 5 minutes). */
const RUN_BUDGET = { deliveries: 100, ms: 60 * SECOND };
const ERROR_CHARS = 300;
const USER_AGENT = 'FreightPortal-Webhooks/1.0';

/** When to try a delivery again after its `attempts`-th failure, or null once its 72 hours are over. */
export function nextAttemptAt(createdAt: Date, attempts: number, now: Date): Date | null {
  const deadline = createdAt.getTime() + RETRY_WINDOW_MS;
  if (now.getTime() >= deadline) return null;
  const delay = RETRY_DELAYS_MS[attempts - 1] ?? LATER_RETRY_MS;
  // The last try is at the end of the window, so a receiver back in the 72nd hour still gets it.
  return new Date(Math.min(now.getTime() + delay, deadline));
}

interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** What went wrong, without the URL (its query may hold a receiver's token) or anything we sent. */
function describeFailure(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${ATTEMPT_TIMEOUT_MS / SECOND} s`;
  }
  if (error instanceof Error && error.message.startsWith('target refused:')) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  return `connection failed: ${typeof code === 'string' ? code : 'network error'}`;
}

/**
 * One POST; answers the status, the body unread. Redirects are not followed: a public target
 * could otherwise send the delivery to an inner address. `lookup` names the addresses the
 * connection may use (production's refuses private ones).
 */
export function postTo(url: string, headers: Record<string, string>, body: string, lookup?: LookupFunction): Promise<number> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const isLane = (payload: unknown): payload is Lane =>
  typeof (payload as Lane | null)?.subscriptionId === 'string' && typeof (payload as Lane | null)?.orderingKey === 'string';

/**
 * Delivery: one durable job per lane (a subscription and a shipment) sends the lane's
 * pending deliveries in id order, so a receiver sees a shipment's events in the order they
 * happened; a failure holds the lane while it is retried (5 s, 30 s, 2 min, 10 min, 30 min, 1 h,
 * 2 h, 3 h, then every 4 h) for 72 hours after the event, then the delivery has failed and the
 * lane moves on. Lanes are independent jobs, so one failing receiver never holds up another.
 * A subscription that received nothing for those 72 hours is switched off and its owner mailed.
 */
export function webhookDelivery(ctx: AppContext) {
  const repo = webhooksRepository(ctx.db);
  const secrets = webhookSecretBox(ctx.appKey);
  const production = ctx.config.NODE_ENV === 'production';

  /** One HTTP POST, signed; 2xx is success. The target is checked again first (DNS can change). */
  async function attempt(sub: SubscriptionRow, delivery: DeliveryRow): Promise<AttemptResult> {
    const problem = await targetProblem(sub.url, production);
    if (problem) return { ok: false, statusCode: null, error: `target refused: ${problem}`, durationMs: 0 };
    let signing: string[];
    try {
      signing = secrets.active(sub, ctx.now());
    } catch {
      return { ok: false, statusCode: null, error: 'the signing secret cannot be read (APP_KEY changed?): rotate it', durationMs: 0 };
    }
    const body = JSON.stringify(delivery.payload);
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      ...signedHeaders(signing, delivery.eventId, ctx.now(), body),
    };
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const status = await postTo(sub.url, headers, body, production ? publicOnlyLookup() : undefined);
      const ok = status >= 200 && status < 300;
      return { ok, statusCode: status, error: ok ? null : `HTTP ${status}`, durationMs: took() };
    } catch (error) {
      return { ok: false, statusCode: null, error: describeFailure(error).slice(0, ERROR_CHARS), durationMs: took() };
    }
  }

  /** Records an attempt; answers when the lane may go on (now), must wait (a date), or stops (the subscription was switched off). */
  async function settle(sub: SubscriptionRow, delivery: DeliveryRow, result: AttemptResult): Promise<'next' | 'stop' | Date> {
    const at = ctx.now();
    const recorded = {
      attempts: delivery.attempts + 1,
      lastAttemptAt: at,
      lastStatusCode: result.statusCode,
      lastError: result.error,
      lastDurationMs: result.durationMs,
    };
    if (result.ok) {
      await repo.settle(delivery.id, { ...recorded, status: 'delivered', deliveredAt: at, nextAttemptAt: at });
      await repo.update(sub.id, { lastSuccessAt: at });
      return 'next';
    }
    await repo.update(sub.id, { lastFailureAt: at });
    const next = nextAttemptAt(delivery.createdAt, recorded.attempts, at);
    if (next) {
      await repo.settle(delivery.id, { ...recorded, nextAttemptAt: next });
      return next;
    }
    await repo.settle(delivery.id, { ...recorded, status: 'failed', nextAttemptAt: at });
    const disabled = await repo.disableFailing(sub.id, delivery.createdAt, at);
    if (!disabled) return 'next';
    ctx.background.run('webhook-disabled-mail', () => mailWebhookDisabled(ctx, disabled, delivery.createdAt, result.error));
    return 'stop';
  }

  async function runLane(lane: Lane): Promise<JobOutcome> {
    const started = performance.now();
    for (let sent = 0; sent < RUN_BUDGET.deliveries && performance.now() - started < RUN_BUDGET.ms; sent++) {
      // Read each time: a subscription switched off, deleted or given a new secret mid-run is heeded.
      const sub = await repo.byId(lane.subscriptionId);
      // Switched off: its pending deliveries wait; switching it on schedules the lane again.
      if (!sub?.enabled) return;
      const head = await repo.laneHead(lane);
      if (!head) return;
      const now = ctx.now();
      if (head.nextAttemptAt > now) return { runAgainAt: head.nextAttemptAt };
      if (!(await repo.claim(head.id, now, new Date(now.getTime() + CLAIM_MS)))) return { runAgainAt: new Date(now.getTime() + CLAIM_MS) };
      const outcome = await settle(sub, head, await attempt(sub, head));
      if (outcome === 'stop') return;
      if (outcome !== 'next') return { runAgainAt: outcome };
    }
    return { runAgainAt: ctx.now() };
  }

  async function sweep(): Promise<JobOutcome> {
    const now = ctx.now();
    for (const lane of await repo.overdueLanes(new Date(now.getTime() - SWEEP_EVERY_MS), 1000)) {
      await scheduleLane(ctx, ctx.db, lane, now);
    }
    return { runAgainAt: new Date(now.getTime() + SWEEP_EVERY_MS) };
  }

  return {
    /** Runs one lane now, as its job does (the test seeding runs it by a later clock). */
    runLane,
    async register() {
      ctx.jobs.register(LANE_JOB, async (payload) => (isLane(payload) ? runLane(payload) : undefined));
      ctx.jobs.register(SWEEP_JOB, () => sweep());
      await ctx.jobs.schedule(SWEEP_JOB, 'every-minute', new Date(ctx.now().getTime() + SWEEP_EVERY_MS));
    },
  };
}
