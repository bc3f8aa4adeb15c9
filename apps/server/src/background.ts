import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (so its duration tells the caller nothing, e.g.
 * whether an email has an account). Failures are logged. `drain` waits for what is running:
 * tests call it, and the app does on close.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();
  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts `task`; the answer settles when it is done and never rejects (a failure is logged), so a loop may await it. */
  run(name: string, task: () => Promise<unknown>): Promise<void> {
    const p: Promise<void> = task()
      .then(
        () => undefined,
        (err) => this.log.error({ err, task: name }, 'background task failed'),
      )
      .finally(() => this.running.delete(p));
    this.running.add(p);
    return p;
  }

  async drain() {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
