import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type ApiCallEntry, apiCallsRepository } from './api-calls.repository';

export type { ApiCallEntry } from './api-calls.repository';

const FLUSH_ROWS = 200;
const FLUSH_MS = 500;

/**
 * The log of API calls (who, which route, status, time; never bodies), written in batches off
 * the request path: a call's answer does not wait for its log line. `flush()` writes what is
 * waiting (tests, and staff reading usage right after calls).
 */
export function apiCallLog(db: Db, log: FastifyBaseLogger) {
  let pending: ApiCallEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const rows = pending;
    pending = [];
    if (rows.length) {
      writing = writing.then(() =>
        apiCallsRepository(db)
          .insert(rows)
          .then(
            () => undefined,
            (err) => log.error({ err, rows: rows.length }, 'api call log write failed'),
          ),
      );
    }
    return writing;
  }

  return {
    record(entry: ApiCallEntry) {
      pending.push(entry);
      if (pending.length >= FLUSH_ROWS) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), FLUSH_MS);
        timer.unref();
      }
    },
    flush,
  };
}

export type ApiCallLog = ReturnType<typeof apiCallLog>;

/** The calls logged before `before` go (the housekeeping's). */
export const purgeApiCallsBefore = (db: Db, before: Date) => apiCallsRepository(db).purgeBefore(before);
