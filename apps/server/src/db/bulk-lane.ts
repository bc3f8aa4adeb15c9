import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Bulk work (a batch's rows checked, rated and booked, its files read) runs in this lane. The
 * embedded database answers in the server's own thread without I/O, so a chain of statements runs
 * as one unbroken stretch of promise callbacks: four batch rows booked at once held the thread for
 * about 70 ms at a time, and another person's request (its I/O, its timers, its statements) waited
 * for all of it. In this lane each statement first lets the event loop turn. PostgreSQL's
 * statements are I/O already; nothing changes there.
 */
const bulk = new AsyncLocalStorage<true>();

/** Runs `work` in the bulk lane: every statement it makes on the embedded database, however deep, yields first. */
export function inBulkLane<T>(work: () => Promise<T>): Promise<T> {
  return bulk.run(true, work);
}

type Statement = (...args: unknown[]) => Promise<unknown>;

/**
 * Makes PGlite's `query`, `exec` and `transaction` yield to the event loop before they start when
 * called from the bulk lane. A transaction's own statements do not yield: it holds the database,
 * and whatever waits for that would only wait longer.
 */
export function yieldingInBulkLane(client: PGlite) {
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const own = (client[name] as Statement).bind(client);
    (client as unknown as Record<string, Statement>)[name] = async (...args: unknown[]) => {
      if (bulk.getStore()) await setImmediate();
      return own(...args);
    };
  }
}
