/**
 * Group commit: rows written by concurrent callers go to the database together, in one
 * multi-row statement, instead of one statement (and one commit) each. On PostgreSQL a quote
 * insert stored alone cost ~0.6 ms of the backend's CPU, ~0.3 ms in batches of 16
 * (bench/quote-insert.ts).
 *
 * A batch is written when `maxRows` rows wait or `maxWaitMs` after its first row, whichever
 * comes first. Each caller's promise settles only once its own row is written (or not), so an
 * answer that depends on the row being stored is never sent early. One bad row fails the whole
 * multi-row statement: the batch is then written again row by row, so only the bad row's caller
 * sees the error.
 *
 * Batches do not wait for each other: with a pool each may run on its own connection, and on a
 * single connection (PGlite) they simply queue like any other statement. Nothing here holds a
 * connection or a transaction while it waits, so it cannot deadlock one.
 */
export interface WriteBatcherOptions<T, R = void> {
  /** Writes all rows in one statement and answers what each row's caller gets, in the rows' order; throws when any of them is refused. */
  writeMany(rows: T[]): Promise<R[]>;
  /** Writes one row alone: the fallback after a failed batch. */
  writeOne(row: T): Promise<R>;
  maxRows: number;
  /**
   * How long the first row waits for company. 0 writes once the caller's own synchronous work
   * has run (a microtask), without waiting for a turn of the event loop.
   */
  maxWaitMs: number;
}

interface Waiting<T, R> {
  row: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export function writeBatcher<T, R = void>(opts: WriteBatcherOptions<T, R>) {
  let waiting: Waiting<T, R>[] = [];
  let timer: NodeJS.Timeout | undefined;
  let flushQueued = false;

  async function write(batch: Waiting<T, R>[]) {
    let results: R[];
    try {
      results = await opts.writeMany(batch.map((w) => w.row));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      await Promise.all(
        batch.map((w) =>
          opts.writeOne(w.row).then(
            (result) => w.resolve(result),
            (rowError: unknown) => w.reject(rowError),
          ),
        ),
      );
      return;
    }
    batch.forEach((w, n) => {
      w.resolve(results[n] as R);
    });
  }

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    flushQueued = false;
    const batch = waiting;
    waiting = [];
    void write(batch);
  }

  return {
    /** Resolves once `row` is written, with what the write answered for it; rejects with the error that refused it. */
    add(row: T): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        waiting.push({ row, resolve, reject });
        if (waiting.length >= opts.maxRows) flush();
        else if (opts.maxWaitMs > 0) timer ??= setTimeout(flush, opts.maxWaitMs);
        else if (!flushQueued) {
          flushQueued = true;
          queueMicrotask(flush);
        }
      });
    },
  };
}
