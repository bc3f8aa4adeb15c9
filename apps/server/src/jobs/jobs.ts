import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

/**
 * What a job's handler answers: nothing when its work is done, or the time to run again (a
 * recurring job such as the tracking poll).
 */
export type JobOutcome = void | { runAgainAt: Date };
export type JobHandler = (payload: unknown) => Promise<JobOutcome>;

/** How long a claimed job is someone's: a process that dies mid-job leaves it to the next claim after this. */
const LEASE_MS = 5 * 60_000;
/** A failed job is tried again after attempts x this, up to MAX_ATTEMPTS times. */
const RETRY_STEP_MS = 60_000;
const MAX_ATTEMPTS = 10;

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

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  /**
   * Schedules `kind` for `key` at `runAt`. Scheduling a key that is already waiting keeps the
   * earlier run; a finished one is scheduled afresh.
   */
  async schedule(kind: string, key: string, runAt: Date, payload: unknown = {}, db: Db = this.db) {
    await db
      .insert(jobs)
      .values({ kind, key, runAt, payload })
      .onConflictDoUpdate({
        target: [jobs.kind, jobs.key],
        set: {
          runAt: sql`case when ${jobs.doneAt} is null then least(${jobs.runAt}, excluded.run_at) else excluded.run_at end`,
          payload: sql`excluded.payload`,
          doneAt: sql`null`,
          attempts: sql`case when ${jobs.doneAt} is null then ${jobs.attempts} else 0 end`,
        },
      });
  }

  /** Runs the jobs due now (at most `limit`); answers how many ran. */
  async runDue(limit = 20): Promise<number> {
    const now = this.now();
    const claimed = await this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(jobs)
        .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now)))
        .orderBy(asc(jobs.runAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const job of due) {
        await tx
          .update(jobs)
          .set({ runAt: new Date(now.getTime() + LEASE_MS), attempts: job.attempts + 1 })
          .where(eq(jobs.id, job.id));
      }
      return due;
    });
    for (const job of claimed) await this.runOne(job);
    return claimed.length;
  }

  private async runOne(job: typeof jobs.$inferSelect) {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const outcome = await handler(job.payload);
      if (outcome?.runAgainAt) {
        await this.db.update(jobs).set({ runAt: outcome.runAgainAt, attempts: 0, lastError: null }).where(eq(jobs.id, job.id));
      } else {
        await this.db.update(jobs).set({ doneAt: this.now(), lastError: null }).where(eq(jobs.id, job.id));
      }
    } catch (err) {
      const attempts = job.attempts + 1;
      this.log.error({ err, job: job.kind, key: job.key, attempts }, 'job failed');
      const giveUp = attempts >= MAX_ATTEMPTS;
      await this.db
        .update(jobs)
        .set({
          lastError: String(err instanceof Error ? err.message : err).slice(0, 2000),
          runAt: new Date(this.now().getTime() + attempts * RETRY_STEP_MS),
          doneAt: giveUp ? this.now() : null,
        })
        .where(eq(jobs.id, job.id));
    }
  }

  /** Polls for due jobs every `pollMs` until `stop()`. */
  start(pollMs: number) {
    if (pollMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runDue()
        .catch((err) => {
          this.log.error({ err }, 'job poll failed');
          return 0;
        })
        .finally(() => {
          this.running = undefined;
        });
    }, pollMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
