import type { ProgramInForce } from '@freight/domain/pricing';

/** The program versions that price one pickup: the account's own and the default one (either may be missing). */
export interface ProgramsInForce {
  account?: ProgramInForce;
  fallback?: ProgramInForce;
}

/**
 * How long a process prices with the programs it holds before asking whether they changed, as it
 * does with carrier tariffs (CARRIER_RECHECK_MS): a version published in another process prices
 * quotes here within these few seconds; one published in this process, at once (`clear`).
 * Reading them for every quote cost four statements a quote.
 */
export const PROGRAMS_RECHECK_MS = 5_000;
/** Accounts x pickup days held at most; a full cache starts again empty. */
const MAX_ENTRIES = 5_000;

interface Held {
  version: string | undefined;
  checkedAt: number;
  entries: Map<string, Promise<ProgramsInForce>>;
}
/**
 * One per app: keyed by its context, the one object every module of a process receives, so the
 * quotes priced and the programs published share it (a second app on the same database, like a
 * second process, has its own).
 */
const byApp = new WeakMap<object, Held>();

/** The programs in force by account and pickup day, kept per app while `version` answers the same. */
export function programsInForceCache(app: object, now: () => Date, version: () => Promise<string>) {
  let held = byApp.get(app);
  if (!held) {
    held = { version: undefined, checkedAt: Number.NEGATIVE_INFINITY, entries: new Map() };
    byApp.set(app, held);
  }
  const h = held;
  return {
    async get(accountId: string | null, day: string, load: () => Promise<ProgramsInForce>): Promise<ProgramsInForce> {
      const at = now().getTime();
      // A clock set back (tests) checks again too.
      if (at - h.checkedAt > PROGRAMS_RECHECK_MS || at < h.checkedAt) {
        h.checkedAt = at;
        const current = await version();
        if (current !== h.version) {
          h.version = current;
          h.entries.clear();
        }
      }
      const key = `${accountId ?? 'default'}|${day}`;
      let entry = h.entries.get(key);
      if (!entry) {
        if (h.entries.size >= MAX_ENTRIES) h.entries.clear();
        entry = load();
        h.entries.set(key, entry);
        entry.catch(() => h.entries.delete(key)); // a failed load is not kept
      }
      return entry;
    },
    /** A version was published here: the next quote reads the programs again. */
    clear() {
      h.entries.clear();
      h.version = undefined;
      h.checkedAt = Number.NEGATIVE_INFINITY;
    },
  };
}
