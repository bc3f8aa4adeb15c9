import type { ReadinessChecks } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { databaseAnswers, newestMigrationApplied } from '../db/readiness';
import type { JobRunner } from '../jobs/jobs';
import { withTimeout } from '../with-timeout';

/** How long a readiness probe waits for the database: a probe that hangs tells the balancer nothing. */
export const READINESS_TIMEOUT_MS = 1000;

const answersWithin = (work: () => Promise<boolean>) => withTimeout(work, READINESS_TIMEOUT_MS).catch(() => false);

/** Whether this process should be sent requests: the load balancer's question, asked again and again. */
export class Readiness {
  private draining = false;

  constructor(
    private readonly db: Db,
    private readonly jobs: Pick<JobRunner, 'loopState'>,
  ) {}

  /** The process is stopping: from now on /readyz answers 503, whatever else holds. */
  startDraining() {
    this.draining = true;
  }

  async check(): Promise<ReadinessChecks> {
    const database = await answersWithin(() => databaseAnswers(this.db));
    const loop = this.jobs.loopState;
    return {
      database,
      migrations: database && (await answersWithin(() => newestMigrationApplied(this.db))),
      jobs: loop === 'running' || loop === 'off',
      accepting: !this.draining,
    };
  }
}

/**
 * The probes: /healthz, the process is alive (it answers); /readyz, it should be sent requests.
 * Neither needs a session, and neither writes a log line per probe (a balancer asks every few
 * seconds).
 */
export function healthRoutes(app: FastifyInstance, readiness: Readiness) {
  app.get('/healthz', { logLevel: 'silent' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { logLevel: 'silent' }, async (_request, reply) => {
    const checks = await readiness.check();
    const ready = Object.values(checks).every(Boolean);
    reply.header('cache-control', 'no-store').code(ready ? 200 : 503);
    return { status: ready ? 'ok' : 'unavailable', checks };
  });
}
