import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

/** The `jobs` table: scheduling, claiming due rows under a lease, and each run's outcome. */
export function jobsRepository(db: Db) {
  return {
    /** A job for `key` at `runAt`: one already waiting keeps its earlier run, a finished one is scheduled afresh. */
    async schedule(kind: string, key: string, runAt: Date, payload: unknown) {
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
    },

    /**
     * Up to `limit` jobs due at `now`, taken with FOR UPDATE SKIP LOCKED and leased until
     * `leasedUntil` (their run moves ahead, an attempt counted) in one short transaction: several
     * processes never claim the same job, and no transaction stays open while a job works.
     */
    claimDue: (now: Date, limit: number, leasedUntil: Date) =>
      db.transaction(async (tx) => {
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
            .set({ runAt: leasedUntil, attempts: job.attempts + 1 })
            .where(eq(jobs.id, job.id));
        }
        return due;
      }),

    /** Claimed jobs given back: due again at `claimedAt`, the attempt their claim counted taken back. */
    async release(ids: string[], claimedAt: Date) {
      await db
        .update(jobs)
        .set({ runAt: claimedAt, attempts: sql`${jobs.attempts} - 1` })
        .where(inArray(jobs.id, ids));
    },

    /** A recurring job done for now: it runs again at `at`, its attempts and error cleared. */
    async runAgainAt(id: string, at: Date) {
      await db.update(jobs).set({ runAt: at, attempts: 0, lastError: null }).where(eq(jobs.id, id));
    },

    async done(id: string, at: Date) {
      await db.update(jobs).set({ doneAt: at, lastError: null }).where(eq(jobs.id, id));
    },

    /** A failed attempt: why, when to try again, and `doneAt` when it is given up. */
    async failed(id: string, outcome: { lastError: string; runAt: Date; doneAt: Date | null }) {
      await db.update(jobs).set(outcome).where(eq(jobs.id, id));
    },

    /** Waiting jobs counted by kind (one grouped query): due at `now`, and waiting after a failed attempt. */
    backlog: (now: Date) =>
      db
        .select({
          kind: jobs.kind,
          due: sql<number>`count(*) filter (where ${lte(jobs.runAt, now)})`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${isNotNull(jobs.lastError)})`.mapWith(Number),
        })
        .from(jobs)
        .where(isNull(jobs.doneAt))
        .groupBy(jobs.kind),
  };
}
