import type { FastifyInstance } from 'fastify';
import { STOP_TIMEOUT_MS } from './jobs/jobs';

/** A stop that takes longer than this (a request that never ends) exits anyway, before an orchestrator's kill. */
export const DRAIN_DEADLINE_MS = 25_000;
/** How often a stopping server closes the kept-alive connections that have fallen idle. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops the process (a restart, a scale-down) without failing anyone's work, in this order:
 * 1. /readyz answers 503: the load balancer sends nothing new here;
 * 2. the jobs loop claims nothing more, and the job at work finishes (`jobsTimeoutMs` at most: a
 *    job still at work then is left to its lease, which hands it to another process);
 * 3. the live streams are told to reconnect and end: their browsers go to another process (open,
 *    they would also keep the server from closing);
 * 4. the server stops accepting connections and answers the requests under way (app.close()),
 *    then waits for its background tasks. A kept-alive connection (a load balancer's) is closed
 *    once its request is answered: left open, it would hold the close for the keep-alive time
 *    (72 s), and Node closes only the connections idle when the close begins;
 * 5. the database is closed, once nothing uses it.
 */
export async function drain(app: FastifyInstance, opts: { closeDatabase: () => Promise<void>; jobsTimeoutMs?: number }) {
  app.readiness.startDraining();
  const jobsStopped = app.jobs.stop(opts.jobsTimeoutMs ?? STOP_TIMEOUT_MS);
  app.liveStreams.reconnectAll();
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
  await jobsStopped;
  await opts.closeDatabase();
}
