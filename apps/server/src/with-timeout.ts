/**
 * The rejection of work that took longer than its time: the portal's own failure (not a carrier's
 * words), which an incident records as a message translated for whoever reads it.
 */
export class TimedOut extends Error {
  override name = 'TimedOut';
  constructor(readonly ms: number) {
    super(`timed out after ${ms} ms`);
  }
}

/**
 * `work()`, or a `TimedOut` rejection when it takes longer than `ms`. A synchronous throw inside
 * `work` becomes a rejection too.
 */
export function withTimeout<T>(work: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(ms)), ms);
  });
  return Promise.race([Promise.resolve().then(work), timeout]).finally(() => clearTimeout(timer));
}
