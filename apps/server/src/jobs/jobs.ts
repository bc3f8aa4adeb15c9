import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { isDatabaseUnavailable } from '../db/unavailable';
import { traceWork } from '../telemetry/tracing';
import { withTimeout } from '../with-timeout';
import { type JobRow, jobsRepository } from './jobs.repository';

/**
 * What a job's handler answers: nothing when its work is done, or the time to run again (a
 * recurring job such as the tracking poll).
 */
export type JobOutcome = void | { runAgainAt: Date };
export type JobHandler = (payload: unknown) => Promise<JobOutcome>;

/**
 * How long a claimed job is someone's (JOBS_LEASE_SECONDS): a process that dies mid-job leaves it
 * to the next claim after this. It must outlast the longest job's run (a webhook lane's: 60 s).
 */
export const LEASE_MS = 5 * 60_000;
/** A failed job is tried again after attempts x this, up to MAX_ATTEMPTS times. */
const RETRY_STEP_MS = 60_000;
const MAX_ATTEMPTS = 10;
/** How long a stop waits for the job under way; past it, the job's lease hands it to another process. */
export const STOP_TIMEOUT_MS = 10_000;

/**
 * The poll loop: 'off' when this process runs no jobs (JOBS_POLL_MS=0, or not started yet),
 * 'stalled' when one pass has been at work longer than a lease (a job that hangs), 'stopped' once
 * `stop()` was called.
 */
export type JobLoopState = 'off' | 'running' | 'stalled' | 'stopped';

/** Waiting jobs of one kind: due now, and waiting to be tried again after a failure. */
export interface JobBacklog {
  kind: string;
  due: number;
  failed: number;
}

/**
 * Durable jobs in the `jobs` table. A claim takes due rows with
 * FOR UPDATE SKIP LOCKED and leases them (run_at moves ahead) in one short transaction, so
 * several processes never run the same job and no transaction stays open while a job works.
 * The poll loop runs only when `pollMs` > 0; tests call `runDue()` with their own clock.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  /** When the pass under way began (the app's clock). */
  private passStartedAt: Date | undefined;
  private stopped: Promise<void> | undefined;
  /** Polls have failed on a database that cannot be reached since this pass (logged once, not every poll). */
  private unreachableSince: Date | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly leaseMs = LEASE_MS,
  ) {
    this.repo = jobsRepository(db);
  }

  private readonly repo: ReturnType<typeof jobsRepository>;

  register(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  /**
   * Schedules `kind` for `key` at `runAt`. Scheduling a key that is already waiting keeps the
   * earlier run; a finished one is scheduled afresh.
   */
  async schedule(kind: string, key: string, runAt: Date, payload: unknown = {}, db: Db = this.db) {
    await jobsRepository(db).schedule(kind, key, runAt, payload);
  }

  /** Runs the jobs due now (at most `limit`); answers how many ran. */
  async runDue(limit = 20): Promise<number> {
    const now = this.now();
    const claimed = await this.repo.claimDue(now, limit, new Date(now.getTime() + this.leaseMs));
    for (const [n, job] of claimed.entries()) {
      if (this.stopped) {
        await this.release(claimed.slice(n), now);
        return n;
      }
      await traceWork(`job ${job.kind}`, { 'freight.job.kind': job.kind }, () => this.runOne(job));
    }
    return claimed.length;
  }

  /** Claimed jobs not begun when the process stops: due again at once, their attempt not counted, for another process. */
  private async release(left: JobRow[], claimedAt: Date) {
    await this.repo.release(
      left.map((job) => job.id),
      claimedAt,
    );
  }

  private async runOne(job: JobRow) {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const outcome = await handler(job.payload);
      if (outcome?.runAgainAt) await this.repo.runAgainAt(job.id, outcome.runAgainAt);
      else await this.repo.done(job.id, this.now());
    } catch (err) {
      const attempts = job.attempts + 1;
      this.log.error({ err, job: job.kind, key: job.key, attempts }, 'job failed');
      const giveUp = attempts >= MAX_ATTEMPTS;
      await this.repo.failed(job.id, {
        lastError: String(err instanceof Error ? err.message : err).slice(0, 2000),
        runAt: new Date(this.now().getTime() + attempts * RETRY_STEP_MS),
        doneAt: giveUp ? this.now() : null,
      });
    }
  }

  /**
   * Waiting jobs by kind (one grouped query): due now (a job being worked on is leased ahead, so
   * not due) and waiting after a failed attempt. Every kind with a handler is listed, at 0 when
   * none of its jobs waits.
   */
  async backlog(): Promise<JobBacklog[]> {
    const rows = await this.repo.backlog(this.now());
    const byKind = new Map<string, JobBacklog>([...this.handlers.keys()].map((kind) => [kind, { kind, due: 0, failed: 0 }]));
    for (const row of rows) byKind.set(row.kind, row);
    return [...byKind.values()];
  }

  get loopState(): JobLoopState {
    if (this.stopped) return 'stopped';
    if (!this.timer) return 'off';
    const started = this.passStartedAt;
    return started && this.now().getTime() - started.getTime() > this.leaseMs ? 'stalled' : 'running';
  }

  /** Polls for due jobs every `pollMs` until `stop()`. */
  start(pollMs: number) {
    if (pollMs <= 0 || this.timer || this.stopped) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.passStartedAt = this.now();
      this.running = this.runDue()
        .then(
          (ran) => {
            if (this.unreachableSince) this.log.warn({ since: this.unreachableSince }, 'job polls resumed: the database answers again');
            this.unreachableSince = undefined;
            return ran;
          },
          (err) => {
            this.pollFailed(err);
            return 0;
          },
        )
        .finally(() => {
          this.running = undefined;
          this.passStartedAt = undefined;
        });
    }, pollMs);
    this.timer.unref();
  }

  /**
   * A failed pass is logged and the loop goes on: the next poll tries again. While the database
   * cannot be reached (a restart), that is said once, not at every poll; a job it was running
   * keeps its lease and is run again once the lease is over.
   */
  private pollFailed(err: unknown) {
    if (!isDatabaseUnavailable(err)) {
      this.log.error({ err }, 'job poll failed');
      return;
    }
    if (this.unreachableSince) return;
    this.unreachableSince = this.now();
    this.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'job polls failing: the database cannot be reached');
  }

  /**
   * Ends the loop: no new pass, and the pass under way stops after its current job (the jobs it
   * claimed but has not begun are released). Waits for that job `timeoutMs` at most. Every call
   * answers the same stop.
   */
  stop(timeoutMs = STOP_TIMEOUT_MS): Promise<void> {
    this.stopped ??= this.finish(timeoutMs);
    return this.stopped;
  }

  private async finish(timeoutMs: number) {
    clearInterval(this.timer);
    this.timer = undefined;
    const pass = this.running;
    if (!pass) return;
    // A pass never rejects (its failures are logged), so only the time limit ends up here.
    await withTimeout(() => pass, timeoutMs).catch(() =>
      this.log.warn({ timeoutMs }, 'a job was still at work when the process stopped; its lease hands it to another process'),
    );
  }
}
