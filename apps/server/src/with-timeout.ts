/**
 * `work()`, or a rejection 'timed out after <ms> ms' when it takes longer (the words
 * `carrierFailureKind` reads to tell a carrier's time-out from its failure). A synchronous throw
 * inside `work` becomes a rejection too.
 */
export function withTimeout<T>(work: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([Promise.resolve().then(work), timeout]).finally(() => clearTimeout(timer));
}
