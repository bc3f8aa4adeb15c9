import type { CarrierPauseReason } from '@freight/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/jobs';
import type { Throttle } from '../../security/throttle';
import { carrierBreakerRepository, type PausedCarrier } from './carrier-breaker.repository';

/**
 * The circuit breaker's figures. A carrier is paused when, over the last five minutes, at least
 * ten of its rate calls were made in this process and half or more of them failed or timed out:
 * ten calls keep one unlucky minute of a quiet carrier from pausing it, and half is far above
 * what a healthy carrier API fails (a few per cent) yet reached within seconds of a real outage
 * under load. After a minute of pause one real quote tries it again (the probe).
 */
export const BREAKER = {
  windowMs: 5 * 60_000,
  /** The window is counted in buckets of this length (a fixed memory per carrier, whatever the traffic). */
  bucketMs: 10_000,
  minCalls: 10,
  failureRatio: 0.5,
  cooldownMs: 60_000,
  /** How often a process reads the pauses other processes started or ended (as the carrier cache does). */
  recheckMs: 5_000,
} as const;

export const PAUSED_MAIL_JOB = 'carrier.paused-mail';
/** One super_admin's mail of one pause. */
export interface PausedMailPayload {
  carrierId: string;
  userId: string;
  pausedAt: string;
  reason: CarrierPauseReason;
}

/** What a quote does with a carrier: ask it, ask it as the one probe of a paused carrier, or leave it out. */
export type Admission = 'call' | 'probe' | 'skip';
export type CallOutcome = 'ok' | 'timeout' | 'error';
/** A carrier as this process quotes it: asked, left out (paused), or paused with its one probe out. */
export type BreakerState = 'quoting' | 'paused' | 'probing';

interface Bucket {
  start: number;
  calls: number;
  timeouts: number;
  errors: number;
}

interface CarrierState {
  buckets: Bucket[];
  pause: { at: Date; reason: CarrierPauseReason | null } | null;
  /** Earliest time (ms of the app's clock) a probe may be tried while paused. */
  nextProbeAt: number;
  probing: boolean;
  /** The sync generation of this process's last own change: an older read of the table must not undo it. */
  changed: number;
}

const freshState = (): CarrierState => ({ buckets: [], pause: null, nextProbeAt: 0, probing: false, changed: 0 });

export interface CarrierBreakerDeps {
  db: Db;
  now: () => Date;
  throttle: Pick<Throttle, 'hit'>;
  jobs: Pick<JobRunner, 'schedule'>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Told of every rate call that failed or timed out (the metrics' count). */
  onRateFailure?: (carrierId: string, outcome: Exclude<CallOutcome, 'ok'>) => void;
}

/**
 * Keeps a failing carrier from slowing every quote (one per process, shared by every quote
 * service of the process). The failures are counted in this process's memory; a pause is the
 * carrier row's `quoting_paused_at` and `quoting_pause_reason`, so every process and screen sees
 * it, and every process reads the pauses again every few seconds. The one probe per cool-down
 * is claimed through a shared throttle counter, so several processes do not each send theirs.
 */
export class CarrierBreaker {
  private readonly states = new Map<string, CarrierState>();
  private readonly repo;
  private generation = 0;
  private sync: { at: number; done: Promise<void> } | undefined;

  constructor(private readonly deps: CarrierBreakerDeps) {
    this.repo = carrierBreakerRepository(deps.db);
  }

  private state(id: string) {
    let s = this.states.get(id);
    if (!s) {
      s = freshState();
      this.states.set(id, s);
    }
    return s;
  }

  /** Reads the pauses at most every `recheckMs`; quotes in between use what was read. */
  private synced(): Promise<void> {
    const at = this.deps.now().getTime();
    if (!this.sync || at - this.sync.at > BREAKER.recheckMs) {
      const done = this.readPauses();
      this.sync = { at, done };
      done.catch(() => {
        this.sync = undefined; // a failed read is tried again by the next quote
      });
    }
    return this.sync.done;
  }

  private async readPauses() {
    const generation = ++this.generation;
    const rows = await this.repo.paused();
    const paused = new Map(rows.map((r) => [r.id, r]));
    for (const [id, s] of this.states) {
      if (s.changed >= generation || !s.pause || paused.has(id)) continue;
      // Resumed elsewhere (a probe of another process, or staff): quoting again, with a clean count.
      s.pause = null;
      s.buckets = [];
    }
    for (const row of rows) {
      const s = this.state(row.id);
      if (s.changed >= generation || s.pause?.at.getTime() === row.pausedAt.getTime()) continue;
      this.adopt(s, row);
    }
  }

  private adopt(s: CarrierState, row: Pick<PausedCarrier, 'pausedAt' | 'reason'>) {
    s.pause = { at: row.pausedAt, reason: row.reason };
    s.buckets = [];
    s.nextProbeAt = Math.max(s.nextProbeAt, row.pausedAt.getTime() + BREAKER.cooldownMs);
  }

  /**
   * What each carrier of a quote is: called, probed (the one call let through a paused carrier
   * after its cool-down) or skipped. Answers in the order of `carrierIds`.
   */
  async admit(carrierIds: string[]): Promise<Admission[]> {
    // Without a fresh read the quote goes on with the pauses this process knows.
    await this.synced().catch((err) => this.deps.log.error({ err }, 'carrier breaker: the pauses could not be read'));
    // Most quotes meet no paused carrier: no promise per carrier for them.
    if (!carrierIds.some((id) => this.states.get(id)?.pause)) return carrierIds.map(() => 'call');
    return Promise.all(carrierIds.map((id) => this.admitOne(id)));
  }

  private async admitOne(id: string): Promise<Admission> {
    const s = this.states.get(id);
    if (!s?.pause) return 'call';
    const now = this.deps.now().getTime();
    if (s.probing || now < s.nextProbeAt) return 'skip';
    s.probing = true;
    try {
      // One probe per cool-down among all processes: the first to count here has it.
      const claim = await this.deps.throttle.hit(`carrier-probe:${id}`, BREAKER.cooldownMs / 1000);
      if (claim.hits === 1) return 'probe';
      s.nextProbeAt = now + claim.retryAfterSeconds * 1000;
      s.probing = false;
      return 'skip';
    } catch (err) {
      // The quote goes on without the paused carrier; the next quote tries to claim the probe again.
      this.deps.log.error({ err, carrierId: id }, 'carrier breaker: probe claim failed');
      s.probing = false;
      return 'skip';
    }
  }

  /** Counts a call's outcome; a probe's outcome resumes the carrier or keeps it paused for another cool-down. */
  async record(id: string, outcome: CallOutcome, admission: Admission): Promise<void> {
    if (outcome !== 'ok') this.deps.onRateFailure?.(id, outcome);
    const s = this.state(id);
    const now = this.deps.now();
    if (admission === 'probe') {
      s.probing = false;
      if (outcome !== 'ok') {
        s.nextProbeAt = now.getTime() + BREAKER.cooldownMs;
        return;
      }
      const pause = s.pause;
      s.pause = null;
      s.buckets = [];
      s.changed = this.generation + 1;
      // Should the row stay paused (the write failed), the next read of the pauses brings it back here.
      if (pause) await this.repo.resume(this.deps.db, id, pause.at).catch((err) => this.fault(err, id, 'resume'));
      return;
    }
    if (s.pause) return; // a call begun before another quote paused it
    const bucket = this.bucketOf(s, now.getTime());
    bucket.calls++;
    if (outcome === 'timeout') bucket.timeouts++;
    else if (outcome === 'error') bucket.errors++;
    else return;
    const reason = this.tripped(s);
    if (reason) await this.open(id, s, now, reason).catch((err) => this.fault(err, id, 'pause'));
  }

  /** A write of the breaker's that failed: the quote that made it still answers, and this process keeps its own view. */
  private fault(err: unknown, carrierId: string, what: 'pause' | 'resume') {
    this.deps.log.error({ err, carrierId }, `carrier breaker: the ${what} was not written`);
  }

  private bucketOf(s: CarrierState, now: number): Bucket {
    const start = now - (now % BREAKER.bucketMs);
    const last = s.buckets.at(-1);
    if (last?.start === start) return last;
    // A new bucket: those that have left the window go.
    s.buckets = s.buckets.filter((b) => b.start > now - BREAKER.windowMs);
    const bucket = { start, calls: 0, timeouts: 0, errors: 0 };
    s.buckets.push(bucket);
    return bucket;
  }

  /** The window's figures when they call for a pause. */
  private tripped(s: CarrierState): CarrierPauseReason | null {
    let calls = 0;
    let timeouts = 0;
    let errors = 0;
    for (const b of s.buckets) {
      calls += b.calls;
      timeouts += b.timeouts;
      errors += b.errors;
    }
    const failures = timeouts + errors;
    if (calls < BREAKER.minCalls || failures < calls * BREAKER.failureRatio) return null;
    return { kind: timeouts >= errors ? 'timeouts' : 'errors', failures, calls, window_seconds: BREAKER.windowMs / 1000 };
  }

  /**
   * Pauses the carrier: in the row (unless another process did first, whose pause is taken as
   * is) and, by whoever paused it, one mail job per super_admin in the same transaction.
   */
  private async open(id: string, s: CarrierState, at: Date, reason: CarrierPauseReason) {
    s.changed = this.generation + 1;
    this.adopt(s, { pausedAt: at, reason });
    const paused = await this.deps.db.transaction(async (tx) => {
      if (!(await this.repo.pause(tx, id, at, reason))) return false;
      for (const admin of await this.repo.superAdmins(tx)) {
        const payload: PausedMailPayload = { carrierId: id, userId: admin.id, pausedAt: at.toISOString(), reason };
        await this.deps.jobs.schedule(PAUSED_MAIL_JOB, `${id}:${payload.pausedAt}:${admin.id}`, at, payload, tx);
      }
      return true;
    });
    if (paused) return;
    const row = await this.repo.find(id);
    if (row?.pausedAt) this.adopt(s, { pausedAt: row.pausedAt, reason: row.reason });
  }

  /** The state of every carrier this process has asked or seen paused. */
  carrierStates(): { carrierId: string; state: BreakerState }[] {
    return [...this.states.entries()].map(([carrierId, s]) => ({
      carrierId,
      state: s.pause ? (s.probing ? 'probing' : 'paused') : 'quoting',
    }));
  }

  /** Staff resumed the carrier by hand (the row is already cleared): this process quotes it at once. */
  resumed(id: string) {
    const s = this.state(id);
    s.pause = null;
    s.buckets = [];
    s.probing = false;
    s.changed = this.generation + 1;
  }
}
