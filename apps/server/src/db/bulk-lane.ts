import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';

/**
 * Bulk work (a batch's rows checked, rated and booked, its files read) runs in this lane. The
 * embedded database answers in the server's own thread, one statement or transaction at a time, in
 * the order they were asked. In this lane:
 * - each statement first lets the event loop turn: a chain of embedded statements is otherwise one
 *   unbroken stretch of promise callbacks, and other requests' I/O and timers wait for all of it;
 * - the lane asks the database for one statement or transaction at a time, so a person's statement
 *   waits at most for the one under way. Four batch rows booked at once used to queue four
 *   transactions, and another person's statement waited behind all of them.
 * PostgreSQL's statements are I/O on connections of their own; nothing changes there.
 */
const bulk = new AsyncLocalStorage<true>();

/** Runs `work` in the bulk lane: every statement it makes on the embedded database, however deep, takes its turn. */
export function inBulkLane<T>(work: () => Promise<T>): Promise<T> {
  return bulk.run(true, work);
}

type Statement = (...args: unknown[]) => Promise<unknown>;

/**
 * Makes PGlite's `query`, `exec` and `transaction` take the lane's turns (above) when called from
 * the bulk lane. A transaction's own statements go straight on: it holds the database, and
 * whatever waits for that would only wait longer.
 */
export function yieldingInBulkLane(client: PGlite) {
  /** The bulk statement asked last: the next one waits for it to end. */
  let lastInLane: Promise<void> = Promise.resolve();
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const own = (client[name] as Statement).bind(client);
    (client as unknown as Record<string, Statement>)[name] = async (...args: unknown[]) => {
      if (!bulk.getStore()) return own(...args);
      const before = lastInLane;
      let ended!: () => void;
      lastInLane = new Promise((resolve) => {
        ended = resolve;
      });
      try {
        await before;
        await setImmediate();
        return await own(...args);
      } finally {
        ended();
      }
    };
  }
}

/**
 * Whether the database answers in the server's own thread (the embedded one): its work then
 * leaves the machine's other cores idle, where PostgreSQL's processes would use them.
 */
export const answersInThisThread = (db: object) => (db as { $client?: unknown }).$client instanceof PGlite;
